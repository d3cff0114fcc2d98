import type { LiveEvent } from '@b2bpay/domain';
import type { Database } from '../../db/database';
import { toNumber } from '../../db/database';
import { type EventRow, eventsAfter, lastEventSeq, shopEventsBetween } from './live.repository';

type Listener = (event: LiveEvent) => void;

/** How long a missing sequence number is waited for: its transaction may commit late, or never (rollback). */
const GAP_WAIT_MS = 10_000;
const BATCH = 500;

function toLive(row: EventRow): LiveEvent {
  return {
    id: String(toNumber(row.seq)),
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
 */
export class EventFeed {
  readonly #listeners = new Map<string, Set<Listener>>();
  #cursor: number | null = null;
  readonly #gaps = new Map<number, number>();
  #timer: NodeJS.Timeout | null = null;
  #polling: Promise<void> | null = null;

  constructor(
    private readonly db: Database,
    private readonly pollMs: number,
  ) {}

  /** Events of the shop after `afterSeq` (Last-Event-ID), then live ones. Returns the unsubscribe. */
  async subscribe(shopId: string, afterSeq: number | null, listener: Listener): Promise<() => void> {
    if (this.#cursor === null) await this.#initCursor();
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
  }

  #schedule() {
    if (this.#timer || this.#listeners.size === 0) return;
    this.#timer = setTimeout(() => {
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
    if (this.#cursor === null) await this.#initCursor();
    const cursor = this.#cursor ?? 0;
    const now = Date.now();
    for (const [seq, since] of this.#gaps) if (now - since > GAP_WAIT_MS) this.#gaps.delete(seq);
    const low = Math.min(cursor, ...[...this.#gaps.keys()].map((s) => s - 1));
    const rows = await eventsAfter(this.db, low, BATCH);
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
  }

  async close() {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#listeners.clear();
    await this.#polling;
  }
}
