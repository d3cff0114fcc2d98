// @fastify/rate-limit's own Redis store (its INCR/PEXPIRE script), which the plugin builds only when
// it is given `redis` and ships without types of its own.
declare module '@fastify/rate-limit/store/RedisStore.js' {
  import type { FastifyRateLimitStore } from '@fastify/rate-limit';
  import type { Redis } from 'ioredis';

  type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
  class RedisStore implements FastifyRateLimitStore {
    constructor(continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key?: string);
    incr(key: string, callback: Callback, timeWindow: number, max: number): void;
    read(key: string, callback: Callback, timeWindow?: number, max?: number): void;
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): RedisStore;
  }
  export default RedisStore;
}
