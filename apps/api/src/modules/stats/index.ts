/** The stats module as the rest of the API uses it. */
export { statsRoutes } from './stats.routes';
