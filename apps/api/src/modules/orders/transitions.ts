import { canTransition, type OrderStatus } from '@b2bpay/domain';
import type { Queryable } from '../../db/database';
import { conflict } from '../../shared/errors';
import { recordEvent } from '../webhooks/events.repository';
import { findClient, type OrderRow } from './orders.repository';

export interface TransitionInput {
  order: OrderRow;
  to: OrderStatus;
  /** Who moved it: 'buyer', 'bank:<id>', 'system', 'shop'. */
  actor: string;
  reason: string;
  now: Date;
}

/**
 * The one place an order's status changes (DESIGN §4). The UPDATE is conditional on the status read,
 * so of two racing transitions only one wins; the loser gets 409. History and events are written in
 * the same transaction.
 */
export async function transition(tx: Queryable, input: TransitionInput): Promise<OrderRow> {
  const { order, to, now } = input;
  const from = order.status;
  if (!canTransition(from, to)) throw conflict(`Переход ${from} → ${to} недопустим`);
  const updated = await tx.query(
    `UPDATE orders SET status = $3, updated_at = $4,
        submitted_at = CASE WHEN $3 = 'bank_info_expected' THEN $4 ELSE submitted_at END
      WHERE id = $1 AND status = $2 RETURNING id`,
    [order.id, from, to, now],
  );
  if (updated.length === 0) throw conflict('Статус заказа уже изменился');
  await tx.query(
    `INSERT INTO order_status_history (order_id, from_status, to_status, actor, reason, created_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [order.id, from, to, input.actor, input.reason, now],
  );
  const next: OrderRow = { ...order, status: to, updated_at: now };
  const client = next.client_id === null ? null : await findClient(tx, next.client_id);
  await recordEvent(tx, { type: 'order.status.changed', order: next, client, previousStatus: from, now });
  if (to === 'payment_sent') {
    await recordEvent(tx, {
      type: 'order.payment.completed',
      order: next,
      client,
      previousStatus: from,
      now,
    });
  }
  return next;
}
