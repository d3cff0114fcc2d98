import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Authenticator } from '../modules/auth';
import { AppError } from '../shared/errors';
import { takesShopKey } from '../shared/route-schemas';
import { RateLimitStore } from './rate-limit-store';
import { connectSharedCounters } from './redis-counters';
import { WindowStore } from './window-store';

/** Only the API is limited; pages, scripts and the health probe are not. */
function isExempt(request: FastifyRequest) {
  const path = request.url.split('?')[0] ?? '';
  return !path.startsWith('/api/') || path.startsWith('/api/health') || path.startsWith('/api/docs');
}

/** Whether the route's schema names this security scheme (CabinetSession: a session). */
function routeAccepts(request: FastifyRequest, scheme: string) {
  const security = (request.routeOptions.schema as { security?: unknown } | undefined)?.security;
  return Array.isArray(security) && security.some((s) => typeof s === 'object' && s !== null && scheme in s);
}

/** Routes that take a shop key (their schema's security names SecretKey or PublishableKey). */
const acceptsShopKey = (request: FastifyRequest) =>
  takesShopKey((request.routeOptions.schema as { security?: unknown } | undefined)?.security);

const limitedError = (max: number, ttlMs: number) =>
  new AppError(
    'RATE_LIMITED',
    `Слишком много запросов: не больше ${max} в минуту. Повторите через ${Math.ceil(ttlMs / 1000)} с.`,
  );

/**
 * Limits per minute (DESIGN §7):
 * - a secret key: `max` per key — but only once the key is verified;
 * - a publishable key (public in the shop's HTML): `max` per key and client address, so one address
 *   cannot exhaust a shop's widget for everyone, and `publishableKeyMax` per key over all addresses,
 *   counting only requests that did work;
 * - a request on a cabinet session (no key): `sessionMax` per user, a budget of its own, so a shop's
 *   busy integration spending its key's limit does not lock its staff out of the shop area;
 * - everything else (no key, a key that is not valid, any endpoint that needs no key): `max` per
 *   client address. A made-up token is not an identity of its own.
 * With REDIS_URL the counters are shared, so the limits hold across several API processes; while Redis
 * does not answer they are counted in this process (rate-limit-store.ts). Without it, WindowStore
 * keeps every counter until its window ends (no flood can reset another's).
 */
export async function registerRateLimit(
  app: FastifyInstance,
  options: {
    max: number;
    sessionMax: number;
    publishableKeyMax: number;
    redisUrl?: string;
    redisTimeoutMs: number;
    auth: Authenticator;
  },
): Promise<RateLimitStoreState> {
  const shared = options.redisUrl
    ? await connectSharedCounters(options.redisUrl, options.redisTimeoutMs, app.log)
    : undefined;
  if (shared) app.addHook('onClose', async () => shared.close());
  /** The plugin constructs its store with its own options, which ours does not need. */
  class PluginStore extends RateLimitStore {
    constructor(_pluginOptions: unknown) {
      super(new WindowStore(), shared);
    }
  }
  const { auth } = options;
  await app.register(rateLimit, {
    global: true,
    max: (_request, key) => (key.startsWith('user:') ? options.sessionMax : options.max),
    timeWindow: 60_000,
    store: PluginStore,
    skipOnError: true,
    allowList: (request) => isExempt(request),
    keyGenerator: async (request) => {
      if (acceptsShopKey(request)) {
        const key = await auth.peek(request);
        if (key?.kind === 'secret') return `key:${key.hash}`;
        if (key?.kind === 'publishable') return `pk:${key.hash}:ip:${request.clientAddress}`;
      }
      if (!request.headers.authorization && routeAccepts(request, 'CabinetSession')) {
        const session = await auth.peekSession(request);
        if (session) return `user:${session.user.id}`;
      }
      return `ip:${request.clientAddress}`;
    },
    errorResponseBuilder: (_request, context) => limitedError(context.max, context.ttl),
  });

  // The publishable key's ceiling over all addresses (a second counter, same store). It counts only
  // requests that did work: a request the API refuses before doing any (validation, a site not in
  // widget_origins, bad JSON, a field a pk_ key may not send — any 4xx) is counted under its address
  // alone, so strangers holding the public key cannot spend the shop's ceiling with refusals. The
  // ceiling is read on arrival and counted once the answer is known; requests in flight together may
  // pass it by their number.
  const ceiling = app.createRateLimit({
    max: options.publishableKeyMax,
    keyGenerator: async (request) => `pk-all:${(await auth.peek(request))?.hash ?? ''}`,
  });
  // Only a request with a key can be a publishable key's: the others (pages, sessions, the buyer's
  // calls) pass without a promise. A key's lookup is shared with the limiter and the route (auth.peek).
  const mayBePublishable = (request: FastifyRequest) =>
    request.headers.authorization !== undefined && !isExempt(request) && acceptsShopKey(request);
  const publishable = async (request: FastifyRequest) => (await auth.peek(request))?.kind === 'publishable';
  app.addHook('onRequest', (request, reply, done) => {
    if (!mayBePublishable(request)) return done();
    publishable(request)
      .then(async (isPublishable) => {
        if (!isPublishable) return done();
        const result = await ceiling(request, { increment: false });
        if (result.isAllowed || result.remaining > 0) return done();
        reply.header('retry-after', String(result.ttlInSeconds));
        done(limitedError(result.max, result.ttl));
      })
      .catch(done);
  });
  app.addHook('onResponse', (request, reply, done) => {
    if (!didWork(reply.statusCode) || !mayBePublishable(request)) return done();
    publishable(request)
      .then(async (isPublishable) => {
        if (isPublishable) await ceiling(request);
        done();
      })
      .catch(done);
  });

  return {
    redis: () => (shared ? (shared.health.degraded ? 'degraded' : 'ok') : undefined),
  };
}

/** What readiness and the metrics say about the store (`redis` is undefined without REDIS_URL). */
export interface RateLimitStoreState {
  redis(): 'ok' | 'degraded' | undefined;
}

/** Work was done unless the API refused the request (4xx); a 5xx may have done some. */
const didWork = (status: number) => status < 400 || status >= 500;
