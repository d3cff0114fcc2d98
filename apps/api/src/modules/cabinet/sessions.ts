import type { CabinetSession } from '@b2bpay/domain';
import type { Config } from '../../config';
import type { Queryable } from '../../db/database';
import type { SessionAccess } from '../auth';
import { createSession, type RequestMeta, touchSession } from '../sessions';
import * as repo from './cabinet.repository';

export type { RequestMeta } from '../sessions';

/** A new session's secrets: the cookie's value (shown once, kept hashed) and its CSRF token. */
export interface NewSession {
  cookie: string;
  body: CabinetSession;
}

export async function startSession(
  tx: Queryable,
  config: Pick<Config, 'CABINET_SESSION_ABSOLUTE'>,
  user: { id: string; email: string; name: string },
  meta: RequestMeta,
): Promise<NewSession> {
  const { cookie, csrfToken } = await createSession(
    tx,
    'cabinet',
    user.id,
    config.CABINET_SESSION_ABSOLUTE,
    meta,
  );
  return { cookie, body: await sessionBody(tx, user, csrfToken) };
}

export async function sessionBody(
  db: Queryable,
  user: { id: string; email: string; name: string },
  csrfToken: string,
): Promise<CabinetSession> {
  const shops = await repo.userShops(db, user.id);
  return { user: { id: user.id, email: user.email, name: user.name }, shops, csrf_token: csrfToken };
}

/** The authenticator's view of sessions and memberships (handed to auth by the composition root). */
export function sessionAccess(config: Pick<Config, 'CABINET_SESSION_IDLE'>): SessionAccess {
  return {
    findSession: async (db, tokenHash, now) => {
      const found = await touchSession(
        db,
        'cabinet',
        tokenHash,
        now,
        new Date(now.getTime() - config.CABINET_SESSION_IDLE),
      );
      return found
        ? {
            session_id: found.session_id,
            csrf_token: found.csrf_token,
            user: { id: found.user_id, email: found.email, name: found.detail },
          }
        : null;
    },
    findMembership: repo.findMembership,
  };
}
