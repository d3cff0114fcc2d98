/** The clients module as the rest of the API uses it. */
export { clientsRoutes } from './clients.routes';
export { findClient, insertClient } from './clients.service';
