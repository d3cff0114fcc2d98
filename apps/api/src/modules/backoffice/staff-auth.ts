import { STAFF_MESSAGES, type StaffPermission, type StaffRole, staffCan } from '@b2bpay/domain';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { Clock } from '../../shared/clock';
import { forbidden, unauthorized } from '../../shared/errors';
import { assertCsrf } from '../auth';
import { findSession } from '../sessions';

/** The back office's own cookie: a staff session never rides on the cabinet's, nor the cabinet's here. */
export const STAFF_COOKIE = 'b2bpay_staff_session';

export interface StaffPrincipal {
  session_id: string;
  csrf_token: string;
  user: { id: string; email: string; role: StaffRole };
  ip: string | null;
}

function readStaffCookie(request: FastifyRequest): string | null {
  const value = (request as FastifyRequest & { cookies?: Record<string, string | undefined> }).cookies?.[
    STAFF_COOKIE
  ];
  return value && value.length <= 128 ? value : null;
}

/**
 * The staff member a request comes from, checked as the cabinet checks its members (DESIGN §12, §14):
 * a live session on the staff cookie (401 otherwise), CSRF on every unsafe method, and the permission
 * the endpoint needs from the role table (403 «Недостаточно прав»).
 */
export function staffAuthenticator(deps: { db: Database; clock: Clock; config: Config }) {
  const publicOrigin = new URL(deps.config.PUBLIC_URL).origin;
  return async function requireStaff(
    request: FastifyRequest,
    permission: StaffPermission | null,
  ): Promise<StaffPrincipal> {
    const cookie = readStaffCookie(request);
    const found = cookie
      ? await findSession(deps.db, 'staff', cookie, deps.clock.now(), deps.config.CABINET_SESSION_IDLE)
      : null;
    if (!found) throw unauthorized(STAFF_MESSAGES.sessionRequired);
    const role = found.detail as StaffRole;
    const principal: StaffPrincipal = {
      session_id: found.session_id,
      csrf_token: found.csrf_token,
      user: { id: found.user_id, email: found.email, role },
      ip: request.clientAddress ?? null,
    };
    assertCsrf(request, found, publicOrigin);
    if (permission && !staffCan(role, permission)) throw forbidden(STAFF_MESSAGES.forbidden);
    return principal;
  };
}

export type RequireStaff = ReturnType<typeof staffAuthenticator>;
