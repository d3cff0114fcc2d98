import { randomUUID } from 'node:crypto';
import {
  getStatusInfo,
  kopecksToRubles,
  type Refund,
  type RefundCreate,
  type RefundList,
  rublesToKopecks,
} from '@b2bpay/domain';
import type { Queryable } from '../../db/database';
import type { AppDeps } from '../../deps';
import { conflict, notFound, ORDER_NOT_FOUND, validationError } from '../../shared/errors';
import { isUuid } from '../../shared/uuid';
import type { AuthenticatedKey } from '../auth';
import { refundAtBank } from '../banks';
import { findClient } from '../clients';
import { amountText, queueEmail, refundEmail } from '../notifications';
import { runIdempotent, type StoredResponse } from './idempotency';
import { recordOrderEvent } from './order-events';
import { orderLink } from './order-view';
import * as orders from './orders.repository';
import * as repo from './refunds.repository';
import { transition } from './transitions';

export function toRefundView(r: repo.RefundRow): Refund {
  return {
    id: r.id,
    order_id: r.order_id,
    amount: kopecksToRubles(r.amount_kopecks),
    reason: r.reason,
    products: r.products,
    created_at: r.created_at.toISOString(),
  };
}

const NOTHING_LEFT = 'Сумма возврата больше, чем осталось вернуть по заказу';

/**
 * A return of (part of) a paid order (DESIGN §11), with Idempotency-Key as on order creation. Under
 * the order's row lock, in one transaction: the refund, the order's refunded sum (a conditional
 * UPDATE: two returns racing for the last rouble give one 200 and one 409), the move to `refunded`
 * when nothing is left, the paying bank told, the buyer's e-mail and `order.refund.created`.
 */
export async function createRefund(
  deps: AppDeps,
  auth: AuthenticatedKey,
  orderId: string,
  input: RefundCreate,
  idempotencyKey: string | null,
): Promise<StoredResponse<Refund>> {
  if (!isUuid(orderId)) throw notFound(ORDER_NOT_FOUND);
  const amountKopecks = rublesToKopecks(input.amount);
  const now = deps.clock.now();
  return runIdempotent(
    deps.db,
    {
      shopId: auth.shop.id,
      // Scoped to the order: a key of an order's creation never replays as a refund, nor one order's
      // refund as another's.
      key: idempotencyKey === null ? null : `refund:${orderId}:${idempotencyKey}`,
      request: { order_id: orderId, ...input },
      now,
    },
    async (tx) => {
      const order = await orders.findOrder(tx, orderId, { forUpdate: true });
      if (!order || order.shop_id !== auth.shop.id) throw notFound(ORDER_NOT_FOUND);
      if (order.status !== 'payment_sent') {
        throw conflict(
          `Возврат возможен только по оплаченному заказу (сейчас «${getStatusInfo(order.status).text}»)`,
        );
      }
      const products = await checkProducts(tx, order.id, input.products ?? []);
      const refunded = await repo.addRefunded(tx, order.id, amountKopecks, now);
      if (refunded === null) throw conflict(NOTHING_LEFT);
      const refund = {
        id: randomUUID(),
        order_id: order.id,
        amount_kopecks: amountKopecks,
        reason: input.reason,
        products,
      };
      await repo.insertRefund(tx, { ...refund, shop_id: order.shop_id, now });
      if (order.payout_bank) {
        const reference = await refundAtBank(
          tx,
          deps,
          { orderId: order.id, refundId: refund.id, amountKopecks, bank: order.payout_bank },
          now,
        );
        await repo.setBankReference(tx, refund.id, reference);
      }
      const view = toRefundView({ ...refund, bank_reference: null, created_at: now });
      let next: orders.OrderRow = { ...order, refunded_kopecks: refunded, updated_at: now };
      const client = order.client_id === null ? null : await findClient(tx, order.client_id);
      await recordOrderEvent(tx, {
        type: 'order.refund.created',
        order: next,
        client,
        previousStatus: order.status,
        now,
        extra: { refund: view },
      });
      if (refunded === order.amount_kopecks) {
        next = await transition(tx, {
          order: next,
          to: 'refunded',
          actor: 'shop',
          reason: input.reason,
          now,
        });
      }
      if (client?.email) {
        const refundText = { amountKopecks, refunded, reason: input.reason, shopName: auth.shop.name };
        await queueRefundEmail(tx, deps, { order, to: client.email, ...refundText }, now);
      }
      return view;
    },
  );
}

/** The buyer's e-mail about a return: what was returned, the total so far, the shop's reason. */
async function queueRefundEmail(
  tx: Queryable,
  deps: AppDeps,
  r: {
    order: orders.OrderRow;
    to: string;
    shopName: string;
    amountKopecks: number;
    refunded: number;
    reason: string;
  },
  now: Date,
) {
  const mail = refundEmail({
    orderNumber: String(r.order.order_number),
    shopName: r.shopName,
    amountText: amountText(r.order.amount_kopecks),
    refundText: amountText(r.amountKopecks),
    refundedTotalText: amountText(r.refunded),
    reason: r.reason,
    link: orderLink(deps.config.PUBLIC_URL, r.order.id),
  });
  await queueEmail(tx, { kind: 'refund', to: r.to, orderId: r.order.id, ...mail }, now);
}

/**
 * What came back must be the order's products, in quantities not beyond what was bought less what
 * earlier returns took back. Lines of one product are merged.
 */
async function checkProducts(tx: Queryable, orderId: string, lines: RefundCreate['products'] & object) {
  if (lines.length === 0) return [];
  const merged = new Map<number, number>();
  for (const line of lines) merged.set(line.product_id, (merged.get(line.product_id) ?? 0) + line.quantity);
  const details = await orders.findOrderDetails(tx, orderId);
  const earlier = new Map<number, number>();
  for (const r of await repo.listRefunds(tx, orderId)) {
    for (const p of r.products) earlier.set(p.product_id, (earlier.get(p.product_id) ?? 0) + p.quantity);
  }
  for (const [productId, quantity] of merged) {
    const product = details?.products.find((p) => p.id === productId);
    if (!product) throw validationError('products', `В заказе нет товара с id ${productId}`);
    const left = product.quantity - (earlier.get(productId) ?? 0);
    if (quantity > left) {
      throw validationError('products', `Товар «${product.name}»: вернуть можно не больше ${left} шт.`);
    }
  }
  return [...merged].map(([product_id, quantity]) => ({ product_id, quantity }));
}

export async function listRefunds(deps: AppDeps, shopId: string, orderId: string): Promise<RefundList> {
  if (!isUuid(orderId)) throw notFound(ORDER_NOT_FOUND);
  const order = await orders.findOrder(deps.db, orderId);
  if (!order || order.shop_id !== shopId) throw notFound(ORDER_NOT_FOUND);
  return { items: (await repo.listRefunds(deps.db, orderId)).map(toRefundView) };
}
