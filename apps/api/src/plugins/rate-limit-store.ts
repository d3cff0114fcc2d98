/// <reference path="./rate-limit-redis-store.d.ts" />
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { RedisHealth } from './redis-health';
import type { WindowStore } from './window-store';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];

/** Redis's counters and the episodes when they cannot be reached. */
export interface SharedCounters {
  store: RedisStore;
  health: RedisHealth;
}

/**
 * The rate limiter's store: the process's own WindowStore without REDIS_URL; with it, Redis's shared
 * counters (the plugin's own RedisStore) while Redis answers, and the process's WindowStore while it
 * does not — not connected, or a count that failed or took longer than REDIS_TIMEOUT_MS. The limits
 * then hold per process instead of over all of them, and no request waits for Redis. Counts made in
 * the process are not carried over to Redis when it is back; they end with their window.
 */
export class RateLimitStore implements FastifyRateLimitStore {
  constructor(
    private readonly local: WindowStore,
    private readonly shared?: SharedCounters,
  ) {}

  incr(key: string, callback: Callback, timeWindow: number, max: number) {
    this.#count('incr', key, callback, timeWindow, max);
  }

  /** The counter as it stands, without counting (`{ increment: false }`). */
  read(key: string, callback: Callback, timeWindow: number, max: number) {
    this.#count('read', key, callback, timeWindow, max);
  }

  child(routeOptions: RouteOptions) {
    const { shared } = this;
    return new RateLimitStore(
      this.local.child(),
      shared && { store: shared.store.child(routeOptions), health: shared.health },
    );
  }

  #count(method: 'incr' | 'read', key: string, callback: Callback, timeWindow: number, max: number) {
    const { shared } = this;
    const locally = () =>
      method === 'incr' ? this.local.incr(key, callback, timeWindow) : this.local.read(key, callback);
    if (!shared) return locally();
    if (!shared.health.usable()) {
      shared.health.countedLocally('not connected');
      return locally();
    }
    shared.store[method](
      key,
      (error, result) => {
        if (error || !result) {
          shared.health.failed(error);
          return locally();
        }
        shared.health.succeeded();
        callback(null, result);
      },
      timeWindow,
      max,
    );
  }
}
