import { canTransition, type OrderStatus } from '@b2bpay/domain';
import type { Queryable } from '../../db/database';
import { AppError, statusConflict } from '../../shared/errors';
import { findClient } from '../clients';
import { recordOrderEvent } from './order-events';
import { insertStatusHistory, type OrderRow, setStatusIfStill } from './orders.repository';

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
  if (!canTransition(from, to)) throw statusConflict(`Переход ${from} → ${to} недопустим`, from);
  if (!(await setStatusIfStill(tx, order.id, from, to, now))) {
    // Another transaction changed it first: which status it is in now is not known here.
    throw new AppError('ORDER_STATUS_CONFLICT', 'Статус заказа уже изменился');
  }
  await insertStatusHistory(tx, {
    orderId: order.id,
    from,
    to,
    actor: input.actor,
    reason: input.reason,
    now,
  });
  const next: OrderRow = { ...order, status: to, updated_at: now };
  const client = next.client_id === null ? null : await findClient(tx, next.client_id);
  await recordOrderEvent(tx, {
    type: 'order.status.changed',
    order: next,
    client,
    previousStatus: from,
    now,
  });
  if (to === 'payment_sent') {
    await recordOrderEvent(tx, {
      type: 'order.payment.completed',
      order: next,
      client,
      previousStatus: from,
      now,
    });
  }
  return next;
}
