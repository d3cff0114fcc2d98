import { StaffLogin, StaffSession, StaffSetPassword } from '@b2bpay/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { AppError } from '../../shared/errors';
import { errorResponses } from '../../shared/route-schemas';
import { clearSessionCookie, deleteSession, loginThrottle, requestMeta, setSessionCookie } from '../sessions';
import { ADMIN_PREFIX, STAFF_AUTH } from './paths';
import { recordStaffAudit, setStaffPassword, staffLogin } from './staff.service';
import { type RequireStaff, STAFF_COOKIE } from './staff-auth';

/** Setting the password from the CLI's link, log-in (throttled as the cabinet's), log-out, me. */
export async function staffSessionRoutes(app: FastifyInstance, deps: AppDeps, requireStaff: RequireStaff) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secure = deps.config.NODE_ENV === 'production';
  const cookie = { name: STAFF_COOKIE, secure, maxAgeMs: deps.config.CABINET_SESSION_ABSOLUTE };
  const throttle = loginThrottle(app, deps.config, 'staff-login');

  r.post(
    `${ADMIN_PREFIX}/password`,
    {
      schema: {
        operationId: 'staffSetPassword',
        tags: ['backoffice'],
        summary: 'Пароль по ссылке из CLI',
        security: [],
        body: StaffSetPassword,
        response: { 200: StaffSession, ...errorResponses(400, 410, 413, 415, 429, 500) },
      },
    },
    async (request, reply) => {
      const session = await setStaffPassword(deps, request.body, requestMeta(request, deps.clock.now()));
      setSessionCookie(reply, cookie, session.cookie);
      return session.body;
    },
  );

  r.post(
    `${ADMIN_PREFIX}/login`,
    {
      schema: {
        operationId: 'staffLogin',
        tags: ['backoffice'],
        summary: 'Вход сотрудника',
        security: [],
        body: StaffLogin,
        response: { 200: StaffSession, ...errorResponses(400, 401, 413, 415, 429, 500) },
      },
    },
    async (request, reply) => {
      await throttle.check(request);
      try {
        const session = await staffLogin(deps, request.body, requestMeta(request, deps.clock.now()));
        setSessionCookie(reply, cookie, session.cookie);
        return session.body;
      } catch (error) {
        if (error instanceof AppError && error.status === 401) await throttle.failed(request);
        throw error;
      }
    },
  );

  r.post(
    `${ADMIN_PREFIX}/logout`,
    {
      schema: {
        operationId: 'staffLogout',
        tags: ['backoffice'],
        summary: 'Выход',
        security: STAFF_AUTH,
        response: {
          204: z.null().describe('Сессия завершена'),
          ...errorResponses(401, 403, 500),
        },
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(request, null);
      const now = deps.clock.now();
      await deleteSession(deps.db, 'staff', staff.user.id, staff.session_id);
      await deps.db.transaction((tx) =>
        recordStaffAudit(tx, { email: staff.user.email, ip: staff.ip }, 'staff.logout', {}, now),
      );
      clearSessionCookie(reply, { name: STAFF_COOKIE, secure });
      return reply.code(204).send(null);
    },
  );

  r.get(
    `${ADMIN_PREFIX}/me`,
    {
      schema: {
        operationId: 'staffMe',
        tags: ['backoffice'],
        summary: 'Кто вошёл',
        security: STAFF_AUTH,
        response: { 200: StaffSession, ...errorResponses(401, 500) },
      },
    },
    async (request) => {
      const staff = await requireStaff(request, null);
      return { user: staff.user, csrf_token: staff.csrf_token };
    },
  );
}
