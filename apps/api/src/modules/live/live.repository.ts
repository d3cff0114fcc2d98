import type { Queryable } from '../../db/database';
import { toNumber } from '../../db/database';

/** An outbox event as the live stream reads it. */
export interface EventRow {
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
    `SELECT seq, shop_id, type, payload FROM events WHERE shop_id = $1 AND seq > $2 AND seq <= $3 ORDER BY seq LIMIT ${limit}`,
    [shopId, afterSeq, upToSeq],
  );
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
    `SELECT seq, shop_id, type, payload FROM events WHERE seq > $1 OR seq = ANY($2::bigint[]) ORDER BY seq LIMIT ${limit}`,
    [afterSeq, gaps],
  );
}
