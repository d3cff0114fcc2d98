import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { insightsRoutes } from './insights.routes';
import { leadsRoutes } from './leads.routes';
import { staffSessionRoutes } from './session.routes';
import { staffShopsRoutes } from './shops.routes';
import { staffAuthenticator } from './staff-auth';

/** The back office's API, /api/admin/v1 (DESIGN §14): every endpoint checks the staff session and role. */
export async function backofficeRoutes(app: FastifyInstance, deps: AppDeps) {
  const requireStaff = staffAuthenticator(deps);
  await staffSessionRoutes(app, deps, requireStaff);
  await leadsRoutes(app, deps, requireStaff);
  await staffShopsRoutes(app, deps, requireStaff);
  await insightsRoutes(app, deps, requireStaff);
}
