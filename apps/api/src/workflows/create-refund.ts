import { randomUUID } from 'node:crypto';
import { getStatusInfo, type Refund, type RefundCreate, rublesToKopecks } from '@b2bpay/domain';
import type { Queryable } from '../db/database';
import type { AppDeps } from '../deps';
import { auditBy, recordAudit } from '../modules/audit';
import type { AuthenticatedKey, RequestAuth } from '../modules/auth';
import { listOrderApplications, queueBankMessage } from '../modules/banks';
import { findClient } from '../modules/clients';
import { amountText, queueEmail, refundEmail } from '../modules/notifications';
import {
  addRefunded,
  checkRefundProducts,
  findOrder,
  insertRefund,
  type OrderRow,
  orderLink,
  recordOrderEvent,
  runIdempotent,
  type StoredResponse,
  toRefundView,
  transition,
} from '../modules/orders';
import { AppError, notFound, ORDER_NOT_FOUND, statusConflict } from '../shared/errors';
import { isUuid } from '../shared/uuid';

const NOTHING_LEFT = 'Сумма возврата больше, чем осталось вернуть по заказу';

/**
 * A return of (part of) a paid order (DESIGN §11), with Idempotency-Key as on order creation. Under
 * the order's row lock, in one transaction: the refund, the order's refunded sum (a conditional
 * UPDATE: two returns racing for the last rouble give one 200 and one 409), the move to `refunded`
 * when nothing is left, the paying bank sent `refund.created`, the buyer's e-mail and `order.refund.created`.
 */
export async function createRefund(
  deps: AppDeps,
  auth: AuthenticatedKey | RequestAuth,
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
      const order = await findOrder(tx, orderId, { forUpdate: true });
      if (!order || order.shop_id !== auth.shop.id) throw notFound(ORDER_NOT_FOUND);
      if (order.status !== 'payment_sent') {
        throw statusConflict(
          `Возврат возможен только по оплаченному заказу (сейчас «${getStatusInfo(order.status).text}»)`,
          order.status,
        );
      }
      const products = await checkRefundProducts(tx, order.id, input.products ?? []);
      const refunded = await addRefunded(tx, order.id, amountKopecks, now);
      if (refunded === null)
        throw new AppError('REFUND_EXCEEDS_REMAINING', NOTHING_LEFT, { field: 'amount' });
      const refund = {
        id: randomUUID(),
        order_id: order.id,
        amount_kopecks: amountKopecks,
        reason: input.reason,
        products,
      };
      await insertRefund(tx, { ...refund, shop_id: order.shop_id, now });
      if ('actor' in auth) {
        const details = {
          order_id: order.id,
          order_number: String(order.order_number),
          refund_id: refund.id,
          amount: input.amount,
          reason: input.reason,
        };
        await recordAudit(
          tx,
          { shopId: order.shop_id, ...auditBy(auth), action: 'refund.created', details },
          now,
        );
      }
      // The paying bank takes the return back; its reference arrives with its confirmation.
      const paying = (await listOrderApplications(tx, order.id)).find((a) => a.payment_reference !== null);
      if (paying) {
        const data = { application_id: paying.id, refund_id: refund.id, amount: input.amount };
        await queueBankMessage(
          tx,
          { bank: paying.bank, applicationId: paying.id, type: 'refund.created', data },
          now,
        );
      }
      const view = toRefundView({ ...refund, bank_reference: null, created_at: now }, order.livemode);
      let next: OrderRow = { ...order, refunded_kopecks: refunded, updated_at: now };
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
    order: OrderRow;
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
