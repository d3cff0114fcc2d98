import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sha256Hex } from '../shared/crypto';
import { AppError } from '../shared/errors';

/** Only the API is limited; pages, scripts and the health probe are not. */
function isExempt(request: FastifyRequest) {
  const path = request.url.split('?')[0] ?? '';
  return !path.startsWith('/api/') || path.startsWith('/api/health') || path.startsWith('/api/docs');
}

/**
 * 100 requests a minute per API key, per IP without one (DESIGN §7). With REDIS_URL the counters
 * are shared, so the limit holds across several API processes.
 */
export async function registerRateLimit(app: FastifyInstance, options: { max: number; redisUrl?: string }) {
  // Loaded only when used: importing ioredis costs a start-up without Redis about 200 ms.
  const redis = options.redisUrl
    ? new (await import('ioredis')).Redis(options.redisUrl, {
        connectTimeout: 2000,
        maxRetriesPerRequest: 1,
        lazyConnect: false,
      })
    : undefined;
  if (redis) app.addHook('onClose', async () => void redis.quit());
  await app.register(rateLimit, {
    global: true,
    max: options.max,
    timeWindow: 60_000,
    redis,
    nameSpace: 'b2bpay-rl:',
    skipOnError: true,
    allowList: (request) => isExempt(request),
    keyGenerator: (request) => {
      const match = /^Bearer\s+(\S+)/i.exec(request.headers.authorization ?? '');
      return match?.[1] ? `key:${sha256Hex(match[1])}` : `ip:${request.ip}`;
    },
    errorResponseBuilder: (_request, context) =>
      new AppError(
        'RATE_LIMITED',
        `Слишком много запросов: не больше ${context.max} в минуту. Повторите через ${Math.ceil(context.ttl / 1000)} с.`,
      ),
  });
}
