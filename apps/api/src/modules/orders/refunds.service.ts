import { kopecksToRubles, type Refund, type RefundCreate, type RefundList } from '@b2bpay/domain';
import type { Queryable } from '../../db/database';
import type { AppDeps } from '../../deps';
import { notFound, ORDER_NOT_FOUND, validationError } from '../../shared/errors';
import { isUuid } from '../../shared/uuid';
import * as orders from './orders.repository';
import * as repo from './refunds.repository';

export function toRefundView(r: repo.RefundRow, livemode: boolean): Refund {
  return {
    livemode,
    id: r.id,
    order_id: r.order_id,
    amount: kopecksToRubles(r.amount_kopecks),
    reason: r.reason,
    products: r.products,
    bank_reference: r.bank_reference,
    created_at: r.created_at.toISOString(),
  };
}

/**
 * What came back must be the order's products, in quantities not beyond what was bought less what
 * earlier returns took back. Lines of one product are merged.
 */
export async function checkRefundProducts(
  tx: Queryable,
  orderId: string,
  lines: RefundCreate['products'] & object,
) {
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
  return { items: (await repo.listRefunds(deps.db, orderId)).map((r) => toRefundView(r, order.livemode)) };
}
