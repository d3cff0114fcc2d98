import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** After a count Redis failed to answer, counts stay in the process this long before Redis is tried again. */
export const RETRY_AFTER_FAILURE_MS = 1_000;

/**
 * Whether the rate-limit counters can go to Redis now, and the episodes when they cannot. An episode
 * starts at the first sign of trouble (a connection error or close, a count that failed or timed out,
 * a count asked for while the client is not connected) and ends when the client is ready again or a
 * count succeeds. Each episode logs twice — a warning when it starts, an info line when it ends —
 * whatever the number of requests counted in the process meanwhile.
 */
export class RedisHealth {
  #since: number | null = null;
  #retryAt = 0;
  #localCounts = 0;
  #closing = false;

  constructor(
    private readonly redis: Redis,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
  ) {
    redis.on('error', (error: Error) => this.#begin(error.message));
    redis.on('close', () => this.#begin('connection closed'));
    redis.on('ready', () => this.#end());
  }

  /** Redis is in trouble: the limits are counted in this process. */
  get degraded() {
    return this.#since !== null;
  }

  /** Whether to send a count to Redis now. */
  usable() {
    return this.redis.status === 'ready' && this.now() >= this.#retryAt;
  }

  /** A count went to the process's own counters instead. */
  countedLocally(reason: string) {
    this.#begin(reason);
    this.#localCounts++;
  }

  failed(error: Error | null) {
    this.#retryAt = this.now() + RETRY_AFTER_FAILURE_MS;
    this.countedLocally(error?.message ?? 'no answer');
  }

  succeeded() {
    this.#end();
  }

  /** The app is closing the connection itself: that is no outage. */
  closing() {
    this.#closing = true;
  }

  #begin(reason: string) {
    if (this.#since !== null || this.#closing) return;
    this.#since = this.now();
    this.#localCounts = 0;
    this.log.warn(
      { reason },
      'Redis does not answer: rate limits are counted in this process until it is back',
    );
  }

  #end() {
    if (this.#since === null) return;
    this.log.info(
      { degradedMs: this.now() - this.#since, requestsCountedLocally: this.#localCounts },
      'Redis answers again: rate limits are shared again',
    );
    this.#since = null;
    this.#retryAt = 0;
  }
}
