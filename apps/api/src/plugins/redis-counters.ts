/// <reference path="./rate-limit-redis-store.d.ts" />
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { FastifyBaseLogger } from 'fastify';
import type { SharedCounters } from './rate-limit-store';
import { RedisHealth } from './redis-health';

/** Keys of the counters in Redis (the same as when the plugin made its own store). */
const NAMESPACE = 'b2bpay-rl:';
/** One connection attempt's limit; requests never wait for it (they are counted in the process). */
const CONNECT_TIMEOUT_MS = 1_000;

/**
 * The Redis connection of the rate limiter, set up never to hold a request: a count that is not
 * answered within `timeoutMs` fails (commandTimeout), a count asked while disconnected fails at once
 * instead of queueing (enableOfflineQueue off; the store does not even ask then), a count caught by a
 * disconnect is not re-sent (maxRetriesPerRequest 0), and the client keeps reconnecting, at most a
 * second apart. Start-up waits for the first connection attempt (at most CONNECT_TIMEOUT_MS), so the
 * first requests are counted in Redis when it is there.
 */
export async function connectSharedCounters(
  url: string,
  timeoutMs: number,
  log: FastifyBaseLogger,
): Promise<SharedCounters & { close(): void }> {
  // Loaded only when used: importing ioredis costs a start-up without Redis about 200 ms.
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: timeoutMs,
    connectTimeout: CONNECT_TIMEOUT_MS,
    retryStrategy: (attempt) => Math.min(attempt * 100, 1_000),
  });
  const health = new RedisHealth(redis, log);
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    redis.connect().catch(() => undefined),
    new Promise((done) => {
      timer = setTimeout(done, CONNECT_TIMEOUT_MS);
    }),
  ]);
  clearTimeout(timer);
  return {
    store: new RedisStore(false, false, redis, NAMESPACE),
    health,
    close() {
      health.closing();
      redis.disconnect();
    },
  };
}
