import { randomUUID } from 'node:crypto';
import { ORDER_EVENT_TYPES, type WebhookEvent } from '@b2bpay/domain';
import type { Queryable } from '../../db/database';
import { enqueue } from '../jobs';
import { findTargets } from './endpoints.repository';
import { fanOut } from './fan-out';
import { deliverWebhookJob } from './webhook-jobs';

export const EVENT_TYPES = ORDER_EVENT_TYPES;
export type EventType = (typeof EVENT_TYPES)[number];

/**
 * Stores an event its caller built (id, per-order sequence, public body) in the outbox, inside the
 * caller's transaction (DESIGN §2): it is announced only if the change commits, and never lost once
 * it has. Its deliveries are queued too (`fanOut`); an event with no address is still kept (the shop
 * area, the event log and the live stream read it).
 */
export async function recordEvent(
  tx: Queryable,
  e: {
    id: string;
    type: EventType;
    shopId: string;
    orderId: string;
    sequence: number;
    payload: object;
    /** The mode of the order: only endpoints of this mode get the event. */
    livemode: boolean;
    /** The order's own webhook_url, if it has one. */
    orderUrl: string | null;
    now: Date;
  },
): Promise<void> {
  await tx.query(
    'INSERT INTO events (id, shop_id, order_id, type, sequence, payload, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
    [e.id, e.shopId, e.orderId, e.type, e.sequence, JSON.stringify(e.payload), e.now],
  );
  const targets = fanOut(await findTargets(tx, e), e.orderUrl, e.type);
  for (const target of targets)
    await queueDelivery(tx, {
      eventId: e.id,
      type: e.type,
      shopId: e.shopId,
      orderId: e.orderId,
      url: target.url,
      endpointId: target.endpointId,
      now: e.now,
    });
}

/** One delivery row and its job; also used for the shop's test event and manual re-sends. */
export async function queueDelivery(
  tx: Queryable,
  d: {
    eventId: string;
    type: string;
    shopId: string;
    orderId: string | null;
    url: string;
    endpointId: string | null;
    now: Date;
  },
): Promise<string> {
  const id = randomUUID();
  await tx.query(
    `INSERT INTO webhook_deliveries (id, event_id, shop_id, order_id, event_type, url, endpoint_id, status, next_attempt_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', $8, $8, $8)`,
    [id, d.eventId, d.shopId, d.orderId, d.type, d.url, d.endpointId, d.now],
  );
  await enqueue(tx, deliverWebhookJob, { delivery_id: id }, d.now, d.shopId);
  return id;
}

/** Where a reader of the event log stands: the event's transaction and its place in it (migration 011). */
export interface EventCursor {
  xid: string;
  seq: string;
}

/** The position of one of the shop's order events, null when there is no such event (or it was deleted). */
export async function findEventCursor(
  db: Queryable,
  shopId: string,
  eventId: string,
): Promise<EventCursor | null> {
  const rows = await db.query<{ xid: string; seq: unknown }>(
    'SELECT xid::text AS xid, seq FROM events WHERE id = $1 AND shop_id = $2 AND type = ANY($3::text[])',
    [eventId, shopId, EVENT_TYPES],
  );
  const row = rows[0];
  return row ? { xid: row.xid, seq: String(row.seq) } : null;
}

/**
 * The shop's order events after `after`, oldest first, at most `limit`. Only events whose transaction
 * is older than every transaction still running are listed (see migration 011): what commits later
 * always sorts after them, so a reader that goes on from the last event it saw misses none.
 */
export async function eventLogPage(
  db: Queryable,
  f: {
    shopId: string;
    after: EventCursor | null;
    types: readonly string[];
    orderId: string | null;
    /** Only events created at or after this moment. */
    since: Date | null;
    limit: number;
  },
): Promise<WebhookEvent[]> {
  const params: unknown[] = [f.shopId, f.types.length > 0 ? f.types : EVENT_TYPES];
  const where = ['shop_id = $1', 'type = ANY($2::text[])', 'xid < pg_snapshot_xmin(pg_current_snapshot())'];
  if (f.after) {
    params.push(f.after.xid, f.after.seq);
    where.push(`(xid, seq) > ($${params.length - 1}::xid8, $${params.length}::bigint)`);
  }
  if (f.orderId) {
    params.push(f.orderId);
    where.push(`order_id = $${params.length}`);
  }
  if (f.since) {
    params.push(f.since);
    where.push(`created_at >= $${params.length}`);
  }
  const rows = await db.query<{ payload: WebhookEvent }>(
    `SELECT payload FROM events WHERE ${where.join(' AND ')} ORDER BY xid, seq LIMIT ${Math.trunc(f.limit)}`,
    params,
  );
  return rows.map((r) => r.payload);
}
