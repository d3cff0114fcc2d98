import type { Queryable } from '../db/database';
import { findClient, insertClient } from '../modules/clients';
import { attachClient, findOrder, type OrderRow } from '../modules/orders';
import { notFound, ORDER_NOT_FOUND } from '../shared/errors';
import { assertPatchable } from './save-buyer-details';

/** Who sent a buyer's request: kept with the codes and the consents. */
export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}

/** The order under its row lock, while it still awaits the buyer (and `clientId` is its client). */
export async function lockOrder(tx: Queryable, orderId: string, clientId: number | undefined) {
  const order = await findOrder(tx, orderId, { forUpdate: true });
  if (!order) throw notFound(ORDER_NOT_FOUND);
  assertPatchable(order, clientId);
  return order;
}

/** The order's client, created empty when the buyer starts with contacts. */
export async function clientOf(tx: Queryable, order: OrderRow, now: Date) {
  if (order.client_id !== null) {
    const existing = await findClient(tx, order.client_id);
    if (existing) return existing;
  }
  const id = await insertClient(tx, {}, now);
  await attachClient(tx, order.id, id, now);
  order.client_id = id;
  const created = await findClient(tx, id);
  if (!created) throw new Error('client vanished after insert');
  return created;
}
