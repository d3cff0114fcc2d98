import { randomUUID } from 'node:crypto';
import type { CabinetSession } from '@b2bpay/domain';
import type { Config } from '../../config';
import type { Queryable } from '../../db/database';
import { randomToken, sha256Hex } from '../../shared/crypto';
import type { SessionAccess } from '../auth';
import * as repo from './cabinet.repository';

/** Where a request came from, kept with its session and its audit entries. */
export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
  now: Date;
}

/** A new session's secrets: the cookie's value (shown once, kept hashed) and its CSRF token. */
export interface NewSession {
  cookie: string;
  body: CabinetSession;
}

/** 256 bits: the session id is a bearer credential. */
const SESSION_TOKEN_LENGTH = 43;

export async function startSession(
  tx: Queryable,
  config: Pick<Config, 'CABINET_SESSION_ABSOLUTE'>,
  user: { id: string; email: string; name: string },
  meta: RequestMeta,
): Promise<NewSession> {
  const cookie = randomToken(SESSION_TOKEN_LENGTH);
  const csrfToken = randomToken(32);
  await repo.insertSession(
    tx,
    {
      id: randomUUID(),
      tokenHash: sha256Hex(cookie),
      userId: user.id,
      csrfToken,
      expiresAt: new Date(meta.now.getTime() + config.CABINET_SESSION_ABSOLUTE),
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 512) ?? null,
    },
    meta.now,
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
    findSession: (db, tokenHash, now) =>
      repo.touchSession(db, tokenHash, now, new Date(now.getTime() - config.CABINET_SESSION_IDLE)),
    findMembership: repo.findMembership,
  };
}
