import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import type { Authenticator } from '../auth';
import { accountsRoutes } from './accounts.routes';
import { teamRoutes } from './team.routes';

/** Every route under /api/cabinet/. */
export async function cabinetRoutes(app: FastifyInstance, deps: AppDeps & { auth: Authenticator }) {
  await accountsRoutes(app, deps);
  await teamRoutes(app, deps);
}
