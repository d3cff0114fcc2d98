/** The companies module as the rest of the API uses it. */
export { companiesRoutes } from './companies.routes';
export { companyNameByInn } from './company-name';
