/** The enquiries module as the rest of the API uses it: the landing's form, and its enquiries as leads. */
export { enquiriesRoutes } from './enquiries.routes';
export { changeLead, listLeads, toLeadView } from './leads.service';
