import { CANCELLABLE_STATUSES, getStatusInfo, type Order, SUBMITTED_STATUSES } from '@b2bpay/domain';
import type { Queryable } from '../db/database';
import type { AppDeps } from '../deps';
import { auditBy, recordAudit } from '../modules/audit';
import type { AuthenticatedKey, RequestAuth } from '../modules/auth';
import { withdrawOpenApplications } from '../modules/banks';
import { findClient } from '../modules/clients';
import { amountText, cancelledEmail, queueEmail } from '../modules/notifications';
import { findOrder, loadView, type OrderRow, orderLink, transition } from '../modules/orders';
import { notFound, ORDER_NOT_FOUND, statusConflict } from '../shared/errors';
import { isUuid } from '../shared/uuid';

export const CANCELLED_BY_SHOP = 'Заказ отменён магазином';

/**
 * The shop cancels an order (DESIGN §11). Idempotent: a cancelled order is answered as it is. From
 * a status that may not be cancelled (paid, returned, rejected) 409. In one transaction under the
 * order's row lock: the transition (history with who and why, `order.status.changed`), the banks
 * told to withdraw, the buyer's e-mail.
 */
export async function cancelOrder(
  deps: AppDeps,
  auth: AuthenticatedKey | RequestAuth,
  id: string,
  reason: string | undefined,
): Promise<Order> {
  if (!isUuid(id)) throw notFound(ORDER_NOT_FOUND);
  return deps.db.transaction(async (tx) => {
    const order = await findOrder(tx, id, { forUpdate: true });
    if (!order || order.shop_id !== auth.shop.id) throw notFound(ORDER_NOT_FOUND);
    if (order.status === 'cancelled') return loadView(tx, deps, id, true);
    if (!(CANCELLABLE_STATUSES as readonly string[]).includes(order.status)) {
      throw statusConflict(
        `Заказ в статусе «${getStatusInfo(order.status).text}» отменить нельзя`,
        order.status,
      );
    }
    const now = deps.clock.now();
    const why = reason?.trim() || null;
    await transition(tx, {
      order,
      to: 'cancelled',
      actor: 'shop',
      reason: why ? `${CANCELLED_BY_SHOP}: ${why}` : CANCELLED_BY_SHOP,
      now,
    });
    if ('actor' in auth) {
      const details = { order_id: order.id, order_number: String(order.order_number), reason: why };
      await recordAudit(
        tx,
        { shopId: order.shop_id, ...auditBy(auth), action: 'order.cancelled', details },
        now,
      );
    }
    if ((SUBMITTED_STATUSES as readonly string[]).includes(order.status)) {
      await withdrawOpenApplications(tx, order.id, 'order_cancelled', now);
      await tellBuyer(tx, deps, { order, shopName: auth.shop.name, reason: why, now });
    }
    return loadView(tx, deps, id, true);
  });
}

async function tellBuyer(
  tx: Queryable,
  deps: AppDeps,
  p: { order: OrderRow; shopName: string; reason: string | null; now: Date },
) {
  if (p.order.client_id === null) return;
  const client = await findClient(tx, p.order.client_id);
  if (!client?.email) return;
  const mail = cancelledEmail({
    orderNumber: String(p.order.order_number),
    shopName: p.shopName,
    amountText: amountText(p.order.amount_kopecks),
    link: orderLink(deps.config.PUBLIC_URL, p.order.id),
    reason: p.reason,
  });
  await queueEmail(tx, { kind: 'cancelled', to: client.email, orderId: p.order.id, ...mail }, p.now);
}
