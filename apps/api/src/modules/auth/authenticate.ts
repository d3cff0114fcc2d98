import { CABINET_MESSAGES, formatDateTime, STAFF_MESSAGES } from '@b2bpay/domain';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/database';
import type { Clock } from '../../shared/clock';
import { sha256Hex } from '../../shared/crypto';
import { AppError, forbidden, unauthorized } from '../../shared/errors';
import type {
  Actor,
  AuthenticatedKey,
  FindKey,
  KeyKind,
  KeyShop,
  SessionAccess,
  SessionPrincipal,
} from './authenticated-key';
import {
  assertCsrf,
  assertPermission,
  readSessionCookie,
  requestedLivemode,
  requestedShopId,
  sessionRequired,
} from './session-auth';

export const INVALID_TOKEN = 'Неверный или отозванный ключ API';
export const PUBLISHABLE_FORBIDDEN =
  'Публикуемый ключ (pk_…) может только создавать заказы. Используйте секретный ключ (sk_…).';

/** Why a key in its grace period was refused, with the moment it stops working (Moscow time). */
export function keyInGracePeriodForbidden(expiresAt: Date) {
  return forbidden(
    `Этот ключ заменён новым и до ${formatDateTime(expiresAt, 'Europe/Moscow')} (МСК) может только ` +
      'создавать и читать заказы. Для этого действия используйте новый ключ.',
  );
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * DESIGN §16: the route creates or reads orders, which a key in its grace period (rotated with
     * expire_old_in_seconds) may still do. Every other route refuses such a key with 403, so a leaked
     * key that was rotated out cannot rotate again, change settings or webhooks.
     */
    allowsKeyInGracePeriod?: boolean;
  }
}

/**
 * A suspended shop (DESIGN §14) is refused whatever opens it: its keys and its members' sessions get
 * 403 SHOP_SUSPENDED. Its buyers' pages take no key and go on.
 */
function assertNotSuspended(shop: KeyShop): true {
  if (shop.suspended) throw new AppError('SHOP_SUSPENDED', STAFF_MESSAGES.shopSuspended);
  return true;
}

/**
 * How long a resolved key is trusted without asking the database again. Rotation in this process
 * clears the cache at once (invalidateKeyCache); another process (a second API instance, the CLI)
 * revoking a key is seen here within this time at most (1 s). A key with an end
 * (rotation with an overlap) is never trusted past that end.
 */
export const KEY_CACHE_TTL_MS = 1_000;
const KEY_CACHE_MAX = 10_000;

/** Bumped by every invalidation; caches compare it so every app instance in the process forgets. */
let keyGeneration = 0;

/** Forget every cached key in this process: call after a rotation or revocation has committed. */
export function invalidateKeyCache() {
  keyGeneration++;
}

/**
 * Valid keys seen in the last KEY_CACHE_TTL_MS, by SHA-256 (never the token itself). Unknown and
 * revoked keys are not cached, so a new key works at once and random tokens cannot fill it. A lookup
 * that started before an invalidation does not store its answer (it may have read the old key).
 * The cached shop row is only read for `shop.id`; its other columns may lag by the TTL.
 */
class KeyCache {
  #entries = new Map<string, { value: AuthenticatedKey; expires: number }>();
  #generation = keyGeneration;

  get(hash: string, now: number): AuthenticatedKey | undefined {
    if (this.#generation !== keyGeneration) {
      this.#entries.clear();
      this.#generation = keyGeneration;
      return undefined;
    }
    const hit = this.#entries.get(hash);
    if (!hit) return undefined;
    if (hit.expires <= now) {
      this.#entries.delete(hash);
      return undefined;
    }
    return hit.value;
  }

  set(hash: string, value: AuthenticatedKey, now: number, generation: number) {
    if (generation !== keyGeneration || this.#generation !== keyGeneration) return;
    if (this.#entries.size >= KEY_CACHE_MAX) this.#entries.clear();
    const end = value.expires_at?.getTime() ?? Number.POSITIVE_INFINITY;
    this.#entries.set(hash, { value, expires: Math.min(now + KEY_CACHE_TTL_MS, end) });
  }
}

/** The token of `Authorization: Bearer <token>`, or null when there is none. */
export function readBearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match)
    throw new AppError('UNAUTHORIZED', 'Заголовок Authorization должен иметь вид «Bearer <ключ API>»');
  return match[1] ?? null;
}

/** A verified key and its SHA-256, which names it in the database (never the token itself). */
export type RequestKey = AuthenticatedKey & { hash: string };

/**
 * Who a shop operation acts for: a key (`hash` set) or a member's session (`hash` null, kind
 * 'secret', the member's role already checked against the route's permission), and who to name in
 * the audit log.
 */
export type RequestAuth = AuthenticatedKey & { hash: string | null; actor: Actor; ip: string | null };

export interface Authenticator {
  /**
   * The shop behind the request's key; 401 without a valid key, 403 for a key of another kind, and
   * 403 for a key in its grace period unless the route allows one (`config.allowsKeyInGracePeriod`).
   */
  require(request: FastifyRequest, kinds?: readonly KeyKind[]): Promise<RequestAuth>;
  /**
   * Like require, but an absent key is allowed (null); a wrong key is still 401. A session counts
   * only when the request names a shop (X-Shop-Id): the buyer's pages send the cookie too.
   */
  optional(request: FastifyRequest): Promise<RequestAuth | null>;
  /**
   * The verified key of the request, or null when it has none, a malformed one or one that is not
   * valid; never throws. The rate limiter counts a request under its key only when this finds one.
   */
  peek(request: FastifyRequest): Promise<RequestKey | null>;
  /** require() asked again for a long-lived request (the live stream's heartbeat): no reuse. */
  recheck(request: FastifyRequest): Promise<RequestAuth>;
  /**
   * The cabinet's own routes: the request's valid session, 401 without one; with `csrf`, the CSRF
   * rule of unsafe methods too.
   */
  requireSession(request: FastifyRequest, options?: { csrf?: boolean }): Promise<SessionPrincipal>;
  /** The request's valid session or null, never throws (the rate limiter counts per user with it). */
  peekSession(request: FastifyRequest): Promise<SessionPrincipal | null>;
}

/** What a key's audit entries name it by: its last four characters. */
const keyActor = (token: string): Actor => ({ type: 'key', key_last4: token.slice(-4) });

/** The one place the grace-period rule is applied: every route's key passes through here. */
function assertAllowedOnRoute(request: FastifyRequest, key: RequestKey): RequestKey {
  if (key.expires_at !== null && request.routeOptions.config.allowsKeyInGracePeriod !== true) {
    throw keyInGracePeriodForbidden(key.expires_at);
  }
  return key;
}

export function createAuthenticator(
  db: Database,
  clock: Clock,
  findKey: FindKey,
  sessions?: { access: SessionAccess; publicOrigin: string },
): Authenticator {
  // One cache per app (per database): tests run several apps on different databases in one process.
  const cache = new KeyCache();
  const lookup = async (token: string) => {
    const hash = sha256Hex(token);
    const now = clock.now();
    const cached = cache.get(hash, now.getTime());
    if (cached) return { ...cached, hash };
    const generation = keyGeneration;
    const found = await findKey(db, hash, now);
    if (!found) return null;
    cache.set(hash, found, now.getTime(), generation);
    return { ...found, hash };
  };
  // The rate limiter and the route both ask: one lookup per request.
  const perRequest = new WeakMap<FastifyRequest, ReturnType<typeof lookup>>();
  const lookupOnce = (request: FastifyRequest, token: string) => {
    let pending = perRequest.get(request);
    if (!pending) {
      pending = lookup(token);
      perRequest.set(request, pending);
    }
    return pending;
  };
  const resolve = async (request: FastifyRequest, token: string) => {
    const found = await lookupOnce(request, token);
    if (!found) throw unauthorized(INVALID_TOKEN);
    return found;
  };
  const sessionsPerRequest = new WeakMap<FastifyRequest, Promise<SessionPrincipal | null>>();
  const sessionOnce = (request: FastifyRequest) => {
    let pending = sessionsPerRequest.get(request);
    if (!pending) {
      const cookie = readSessionCookie(request);
      pending =
        cookie && sessions
          ? sessions.access.findSession(db, sha256Hex(cookie), clock.now())
          : Promise.resolve(null);
      sessionsPerRequest.set(request, pending);
    }
    return pending;
  };
  const validSession = async (request: FastifyRequest, csrf: boolean) => {
    const session = await sessionOnce(request);
    if (!session || !sessions) throw sessionRequired();
    if (csrf) assertCsrf(request, session, sessions.publicOrigin);
    return session;
  };
  /** A member's request on a shop operation: CSRF, the shop named, membership, the route's permission. */
  const bySession = async (request: FastifyRequest): Promise<RequestAuth> => {
    const session = await validSession(request, true);
    const shopId = requestedShopId(request);
    const livemode = requestedLivemode(request);
    const membership = await sessions?.access.findMembership(db, session.user.id, shopId, livemode);
    if (!membership) throw forbidden(CABINET_MESSAGES.notMember);
    assertNotSuspended(membership.shop);
    assertPermission(request, membership.role);
    return {
      shop: membership.shop,
      kind: 'secret',
      expires_at: null,
      hash: null,
      actor: { type: 'user', user_id: session.user.id, email: session.user.email, role: membership.role },
      ip: request.clientAddress ?? null,
    };
  };
  const byKey = (request: FastifyRequest, token: string, key: RequestKey): RequestAuth => ({
    ...assertAllowedOnRoute(request, assertNotSuspended(key.shop) && key),
    actor: keyActor(token),
    ip: request.clientAddress ?? null,
  });
  return {
    async require(request, kinds = ['secret']) {
      const token = readBearer(request);
      if (!token) {
        if (readSessionCookie(request) && sessions) return bySession(request);
        throw unauthorized();
      }
      const found = await resolve(request, token);
      if (!kinds.includes(found.kind)) throw forbidden(PUBLISHABLE_FORBIDDEN);
      return byKey(request, token, found);
    },
    async optional(request) {
      const token = readBearer(request);
      if (token) return byKey(request, token, await resolve(request, token));
      if (readSessionCookie(request) && sessions && request.headers['x-shop-id'] !== undefined) {
        return bySession(request);
      }
      return null;
    },
    async recheck(request) {
      perRequest.delete(request);
      sessionsPerRequest.delete(request);
      return this.require(request);
    },
    async peek(request) {
      const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
      if (!match?.[1]) return null;
      try {
        return await lookupOnce(request, match[1]);
      } catch {
        // A database that does not answer: the request is counted under its address.
        return null;
      }
    },
    requireSession: (request, options = {}) => validSession(request, options.csrf ?? false),
    async peekSession(request) {
      try {
        return await sessionOnce(request);
      } catch {
        return null;
      }
    },
  };
}
