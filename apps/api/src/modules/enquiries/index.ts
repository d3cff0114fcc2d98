/** The enquiries module as the rest of the API uses it. */
export { enquiriesRoutes } from './enquiries.routes';
