import type { Queryable } from '../../db/database';
import { toNumber } from '../../db/database';

/** An outbox event as the live stream reads it. */
export interface EventRow {
  /** The event's own id (a random UUID, the webhooks' event_id): what the stream calls it. */
  id: string;
  seq: unknown;
  shop_id: string;
  type: string;
  payload: {
    order_id?: string;
    order_number?: string;
    status?: string;
    previous_status?: string | null;
    timestamp?: string;
  };
}

/** The shop's events after `afterSeq` up to `upToSeq`, in order, at most `limit`. */
export async function shopEventsBetween(
  db: Queryable,
  shopId: string,
  afterSeq: number,
  upToSeq: number,
  limit: number,
): Promise<EventRow[]> {
  return db.query<EventRow>(
    `SELECT id, seq, shop_id, type, payload FROM events WHERE shop_id = $1 AND seq > $2 AND seq <= $3 ORDER BY seq LIMIT ${limit}`,
    [shopId, afterSeq, upToSeq],
  );
}

/** Where the shop's event `eventId` stands in the outbox; null when the shop has no such event (any more). */
export async function shopEventSeq(db: Queryable, shopId: string, eventId: string): Promise<number | null> {
  const rows = await db.query<{ seq: unknown }>('SELECT seq FROM events WHERE id = $1 AND shop_id = $2', [
    eventId,
    shopId,
  ]);
  return rows[0] ? toNumber(rows[0].seq) : null;
}

/** The highest sequence number written so far (0 without events). */
export async function lastEventSeq(db: Queryable): Promise<number> {
  const rows = await db.query<{ max: unknown }>('SELECT COALESCE(max(seq), 0) AS max FROM events');
  return toNumber(rows[0]?.max ?? 0);
}

/** Every shop's events after `afterSeq` or numbered in `gaps` (late commits), in order, at most `limit`. */
export async function eventsAfterOrIn(
  db: Queryable,
  afterSeq: number,
  gaps: readonly number[],
  limit: number,
): Promise<EventRow[]> {
  return db.query<EventRow>(
    `SELECT id, seq, shop_id, type, payload FROM events WHERE seq > $1 OR seq = ANY($2::bigint[]) ORDER BY seq LIMIT ${limit}`,
    [afterSeq, gaps],
  );
}
