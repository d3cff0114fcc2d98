/** The back office (DESIGN §14) as the rest of the API uses it: its routes and the CLI's staff command. */
export { backofficeRoutes } from './backoffice.routes';
export { ADMIN_PREFIX } from './paths';
export { createStaff } from './staff.service';
export { STAFF_COOKIE } from './staff-auth';
