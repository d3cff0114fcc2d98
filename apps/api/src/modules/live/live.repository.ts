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

/** A new order as the live stream announces it (no outbox event is written for a creation). */
export interface NewOrderRow {
  id: string;
  shop_id: string;
  order_number: unknown;
  status: string;
  created_at: Date | string;
}

/**
 * Each shop's newest orders created after its own moment (`'-infinity'`: any), at most `limit` a
 * shop, oldest first: one statement for every shop that has a stream open, each read down its
 * (shop, created_at) index.
 */
export async function ordersCreatedAfter(
  db: Queryable,
  shops: readonly { shopId: string; after: string }[],
  limit: number,
): Promise<NewOrderRow[]> {
  if (shops.length === 0) return [];
  return db.query<NewOrderRow>(
    `SELECT o.id, o.shop_id, o.order_number, o.status, o.created_at
       FROM unnest($1::uuid[], $2::timestamptz[]) AS w (shop_id, after)
       CROSS JOIN LATERAL (
         SELECT o.id, o.shop_id, o.order_number, o.status, o.created_at FROM orders o
          WHERE o.shop_id = w.shop_id AND o.created_at > w.after
          ORDER BY o.created_at DESC LIMIT ${Math.trunc(limit)}) o
      ORDER BY o.created_at, o.id`,
    [shops.map((s) => s.shopId), shops.map((s) => s.after)],
  );
}
