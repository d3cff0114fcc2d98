import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/database';
import { randomToken, sha256Hex } from '../../shared/crypto';
import * as repo from './sessions.repository';

/** Where a request came from, kept with its session and its audit entries. */
export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
  now: Date;
}

export function requestMeta(request: FastifyRequest, now: Date): RequestMeta {
  const agent = request.headers['user-agent'];
  return { ip: request.clientAddress ?? null, userAgent: typeof agent === 'string' ? agent : null, now };
}

/** 256 bits: the session id is a bearer credential. */
const SESSION_TOKEN_LENGTH = 43;

/**
 * A new session (DESIGN §12): an opaque random id for the cookie, kept only as its SHA-256, with its
 * CSRF token and its absolute end. Returns the cookie's value (shown this once) and the CSRF token.
 */
export async function createSession(
  tx: Queryable,
  store: repo.SessionStore,
  userId: string,
  absoluteMs: number,
  meta: RequestMeta,
): Promise<{ cookie: string; csrfToken: string }> {
  const cookie = randomToken(SESSION_TOKEN_LENGTH);
  const csrfToken = randomToken(32);
  await repo.insertSession(
    tx,
    store,
    {
      id: randomUUID(),
      tokenHash: sha256Hex(cookie),
      userId,
      csrfToken,
      expiresAt: new Date(meta.now.getTime() + absoluteMs),
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 512) ?? null,
    },
    meta.now,
  );
  return { cookie, csrfToken };
}

/** The live session a cookie names, or null (unknown, ended, idle too long). */
export function findSession(
  db: Queryable,
  store: repo.SessionStore,
  cookie: string,
  now: Date,
  idleMs: number,
) {
  return repo.touchSession(db, store, sha256Hex(cookie), now, new Date(now.getTime() - idleMs));
}

export interface CookieRules {
  name: string;
  secure: boolean;
  maxAgeMs: number;
}

/**
 * A session cookie: HttpOnly (no script reads it), SameSite=Lax (not sent with cross-site POSTs),
 * Path=/, Secure in production; it lives as long as the session's absolute end.
 */
export function setSessionCookie(reply: FastifyReply, rules: CookieRules, value: string) {
  reply.setCookie(rules.name, value, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: rules.secure,
    maxAge: Math.floor(rules.maxAgeMs / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, rules: Pick<CookieRules, 'name' | 'secure'>) {
  reply.clearCookie(rules.name, { httpOnly: true, sameSite: 'lax', path: '/', secure: rules.secure });
}
