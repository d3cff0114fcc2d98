import type { LiveEvent } from '@b2bpay/domain';
import type { Database } from '../../db/database';
import { toNumber } from '../../db/database';
import {
  type EventRow,
  eventsAfterOrIn,
  lastEventSeq,
  shopEventSeq,
  shopEventsBetween,
} from './live.repository';

type Listener = (event: LiveEvent) => void;

/** The feed's timer, injectable so that tests run its ticks by hand (no waiting on real time). */
export interface FeedTimers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: FeedTimers = {
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** How long a missing sequence number is waited for: its transaction may commit late, or never (rollback). */
const GAP_WAIT_MS = 10_000;
const BATCH = 500;
/** Time between two reads while a stream is open: an event reaches its streams within this (≤ 1 s). */
export const FEED_POLL_MS = 500;

/**
 * A stream names an event by its own random id, never by `seq`: that number counts every shop's
 * events, so the gap between two of a shop's ids would tell it how busy the others are.
 */
function toLive(row: EventRow): LiveEvent {
  return {
    id: row.id,
    event: row.type,
    order_id: row.payload.order_id ?? null,
    order_number: row.payload.order_number ?? null,
    status: row.payload.status ?? null,
    previous_status: row.payload.previous_status ?? null,
    timestamp: row.payload.timestamp ?? new Date().toISOString(),
  };
}

/**
 * Follows the outbox `events` table for every shop with one query per tick, whichever process wrote
 * the events, so several API processes behind one PostgreSQL all see every change. Sequence numbers
 * are taken before commit, so a lower number can appear after a higher one: gaps are re-read for a
 * while instead of being skipped.
 *
 * Nothing is read while no stream is open. The first stream after such a pause (2,000 old
 * events were delivered as live, and after 10,000 events written meanwhile the next new one took
 * 9.9 s, 20 ticks of 500 rows) therefore starts the feed again at the newest event: a stream without
 * Last-Event-ID gets only what is written after it opened, and one with Last-Event-ID reads its
 * backlog up to that point. A tick that reads a full batch reads on at once instead of waiting for
 * the next tick, so a burst never queues behind the poll interval.
 */
export class EventFeed {
  readonly #listeners = new Map<string, Set<Listener>>();
  #cursor: number | null = null;
  readonly #gaps = new Map<number, number>();
  #timer: unknown = null;
  #polling: Promise<void> | null = null;

  constructor(
    private readonly db: Database,
    private readonly pollMs: number,
    private readonly timers: FeedTimers = realTimers,
  ) {}

  /**
   * Events of the shop after its event `afterEventId` (Last-Event-ID), then live ones. An id that names
   * no event of this shop (another shop's, one removed by retention, an old numeric one) resumes
   * nothing: the stream starts live. Returns the unsubscribe.
   */
  async subscribe(shopId: string, afterEventId: string | null, listener: Listener): Promise<() => void> {
    // Idle (no stream open, so nothing was read meanwhile): start again from the newest event.
    if (this.#cursor === null || this.#listeners.size === 0) {
      await this.#polling;
      await this.#initCursor();
    }
    const afterSeq = afterEventId === null ? null : await shopEventSeq(this.db, shopId, afterEventId);
    if (afterSeq !== null) {
      const backlog = await shopEventsBetween(this.db, shopId, afterSeq, this.#cursor ?? 0, BATCH);
      for (const row of backlog) listener(toLive(row));
    }
    let set = this.#listeners.get(shopId);
    if (!set) {
      set = new Set();
      this.#listeners.set(shopId, set);
    }
    set.add(listener);
    this.#schedule();
    return () => {
      set.delete(listener);
      if (set.size === 0) this.#listeners.delete(shopId);
    };
  }

  async #initCursor() {
    this.#cursor = await lastEventSeq(this.db);
    this.#gaps.clear();
  }

  #schedule() {
    if (this.#timer || this.#listeners.size === 0) return;
    this.#timer = this.timers.setTimeout(() => {
      this.#timer = null;
      this.#polling = this.poll()
        .catch(() => {
          // The database may be restarting; the next tick tries again.
        })
        .finally(() => {
          this.#polling = null;
          this.#schedule();
        });
    }, this.pollMs);
  }

  /** One tick: reads new events (and late ones filling gaps) and hands them to listeners. */
  async poll() {
    // A full batch means more are waiting: read on now rather than a tick later.
    while ((await this.#readBatch()) === BATCH) {}
  }

  /** Reads one batch and hands it out; returns how many rows it read. */
  async #readBatch(): Promise<number> {
    if (this.#cursor === null) await this.#initCursor();
    const cursor = this.#cursor ?? 0;
    const now = Date.now();
    for (const [seq, since] of this.#gaps) if (now - since > GAP_WAIT_MS) this.#gaps.delete(seq);
    // The gaps are asked for by number: a range from the oldest gap would re-read the rows between
    // it and the cursor on every tick, and a full batch of them would hold the new events back.
    const rows = await eventsAfterOrIn(this.db, cursor, [...this.#gaps.keys()], BATCH);
    let expected = cursor + 1;
    for (const row of rows) {
      const seq = toNumber(row.seq);
      if (seq <= cursor && !this.#gaps.delete(seq)) continue; // seen already
      if (seq > cursor) {
        for (let missing = expected; missing < seq; missing++) this.#gaps.set(missing, now);
        expected = seq + 1;
        this.#cursor = seq;
      }
      const event = toLive(row);
      for (const listener of this.#listeners.get(row.shop_id) ?? []) listener(event);
    }
    return rows.length;
  }

  /** Resolves once the tick under way (if any) has handed out its events. */
  async settled() {
    await this.#polling;
  }

  async close() {
    if (this.#timer) this.timers.clearTimeout(this.#timer);
    this.#timer = null;
    this.#listeners.clear();
    await this.#polling;
  }
}
