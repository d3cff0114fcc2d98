/**
 * The in-memory rate-limit store (used without REDIS_URL). @fastify/rate-limit's own LocalStore is an
 * LRU of 5,000 entries: 5,100 requests under throw-away identities evicted a shop's exhausted counter
 * and so reset its limit. Here a counter is kept until its window ends, whatever else
 * arrives. Memory is bounded by MAX_COUNTERS: when that many windows are open at once (a flood from
 * that many addresses within a minute), identities not seen yet share one overflow counter — they
 * are limited together, and no open counter is ever dropped early.
 */
export const MAX_COUNTERS = 200_000;
const OVERFLOW = '\u0000overflow';
/** Expired counters are swept at most this often (a sweep walks every counter). */
const SWEEP_EVERY_MS = 1_000;

interface Counter {
  count: number;
  resetAt: number;
}
type Callback = (error: Error | null, result: { current: number; ttl: number }) => void;

export class WindowStore {
  readonly #counters = new Map<string, Counter>();
  #sweptAt = 0;

  constructor(
    private readonly maxCounters = MAX_COUNTERS,
    private readonly now: () => number = Date.now,
  ) {}

  incr(key: string, cb: Callback, timeWindow: number) {
    const now = this.now();
    const counter = this.#open(key, now, timeWindow);
    counter.count++;
    cb(null, { current: counter.count, ttl: counter.resetAt - now });
  }

  read(key: string, cb: Callback) {
    const now = this.now();
    const counter = this.#counters.get(key);
    if (!counter || counter.resetAt <= now) cb(null, { current: 0, ttl: 0 });
    else cb(null, { current: counter.count, ttl: counter.resetAt - now });
  }

  /** Route-specific limiters get counters of their own. */
  child() {
    return new WindowStore(this.maxCounters, this.now);
  }

  /** Open counters (for tests and figures). */
  get size() {
    return this.#counters.size;
  }

  #open(key: string, now: number, timeWindow: number): Counter {
    const existing = this.#counters.get(key);
    if (existing && existing.resetAt > now) return existing;
    if (existing) this.#counters.delete(key);
    if (this.#counters.size >= this.maxCounters) this.#sweep(now);
    const id = this.#counters.size >= this.maxCounters ? OVERFLOW : key;
    const shared = this.#counters.get(id);
    if (shared && shared.resetAt > now) return shared;
    const counter = { count: 0, resetAt: now + timeWindow };
    // The overflow counter itself may replace an expired one even when the map is full.
    if (id === OVERFLOW) this.#counters.delete(OVERFLOW);
    this.#counters.set(id, counter);
    return counter;
  }

  #sweep(now: number) {
    if (now - this.#sweptAt < SWEEP_EVERY_MS) return;
    this.#sweptAt = now;
    for (const [key, counter] of this.#counters) if (counter.resetAt <= now) this.#counters.delete(key);
  }
}
