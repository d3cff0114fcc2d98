import { randomUUID } from 'node:crypto';
import { kopecksToRubles } from '@b2bpay/domain';
import type { Queryable } from '../../db/database';
import { type EventType, recordEvent } from '../webhooks';
import { toClientView, toOfferViews, toPayoutView } from './order-view';
import { type ClientRow, findAcceptedOffer, nextEventSequence, type OrderRow } from './orders.repository';

/** The statuses an order can have a signed offer in. */
const SIGNED_STATUSES = new Set(['app_approved', 'payment_sent', 'refunded', 'cancelled']);

/**
 * Records an event of the order in the caller's transaction (DESIGN §2): the orders module numbers it
 * (`sequence` counts per order, so a receiver can put late or repeated deliveries in order) and
 * builds its public body; the outbox stores that body and queues its deliveries to the shop's
 * endpoints of the order's mode and to the order's own webhook_url.
 */
export async function recordOrderEvent(
  tx: Queryable,
  e: {
    type: EventType;
    order: OrderRow;
    client: ClientRow | null;
    previousStatus: string | null;
    now: Date;
    /** Fields only this event type carries (e.g. the previous amount of order.products.updated). */
    extra?: Record<string, unknown>;
  },
): Promise<string> {
  // order.created is number 0, before every change: the changes count from 1 as they always did, so
  // a receiver that does not take order.created sees the numbers it always saw.
  const sequence = e.type === 'order.created' ? 0 : await nextEventSequence(tx, e.order.id);
  // The signed offer travels with every event after the signature (the shop's own fee stays 0 ₽).
  const signed = SIGNED_STATUSES.has(e.order.status) ? await findAcceptedOffer(tx, e.order.id) : null;
  const acceptedOffer = signed ? toOfferViews(e.order, [signed], e.now).accepted_offer : null;
  const id = randomUUID();
  const payload = {
    event: e.type,
    event_id: id,
    sequence,
    order_id: e.order.id,
    order_number: String(e.order.order_number),
    status: e.order.status,
    previous_status: e.previousStatus,
    amount: kopecksToRubles(e.order.amount_kopecks),
    ...e.extra,
    shop_id: e.order.shop_id,
    client: e.client ? toClientView(e.client) : null,
    timestamp: e.now.toISOString(),
    livemode: e.order.livemode,
    // DESIGN §11: the shop's own reference travels in every webhook; what was paid out and returned too.
    external_id: e.order.external_id ?? null,
    metadata: e.order.metadata ?? {},
    refunded_amount: kopecksToRubles(e.order.refunded_kopecks ?? 0),
    // The shop's pages the buyer goes back to, as the order was created with them.
    return_url: e.order.return_url ?? null,
    cancel_url: e.order.cancel_url ?? null,
    ...(e.type === 'order.payment.completed' ? { payout: toPayoutView(e.order) } : {}),
    accepted_offer: acceptedOffer,
  };
  await recordEvent(tx, {
    id,
    type: e.type,
    shopId: e.order.shop_id,
    orderId: e.order.id,
    sequence,
    payload,
    livemode: e.order.livemode,
    orderUrl: e.order.webhook_url,
    now: e.now,
  });
  return id;
}
