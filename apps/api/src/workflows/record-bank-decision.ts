import { formatRubles, kopecksToRubles } from '@b2bpay/domain';
import type { Queryable } from '../db/database';
import type { AppDeps } from '../deps';
import { bankContext, listDecisions, partnerBanks, recordDecision } from '../modules/banks';
import { findClient } from '../modules/clients';
import { approvedEmail, queueEmail, rejectedEmail } from '../modules/notifications';
import { findOrder, type OrderRow, orderLink, transition } from '../modules/orders';
import { findShopName } from '../modules/shops';

async function decisionEmail(tx: Queryable, deps: AppDeps, order: OrderRow, approved: boolean, now: Date) {
  if (order.client_id === null) return;
  const client = await findClient(tx, order.client_id);
  if (!client?.email) return;
  const data = {
    orderNumber: String(order.order_number),
    shopName: await findShopName(tx, order.shop_id),
    amountText: formatRubles(kopecksToRubles(order.amount_kopecks)),
    link: orderLink(deps.config.PUBLIC_URL, order.id),
  };
  const mail = approved ? approvedEmail(data) : rejectedEmail(data);
  await queueEmail(
    tx,
    { kind: approved ? 'approved' : 'rejected', to: client.email, orderId: order.id, ...mail },
    now,
  );
}

/**
 * A bank's decision (job 'bank.decide', or a real bank's callback). The first approval approves the
 * order and asks that bank to pay; when every bank has rejected, the order is rejected.
 */
export async function recordBankDecision(
  deps: AppDeps,
  orderId: string,
  bankId: string,
  decision: 'approved' | 'rejected',
) {
  await deps.db.transaction(async (tx) => {
    const order = await findOrder(tx, orderId, { forUpdate: true });
    if (!order) return;
    const now = deps.clock.now();
    if (!(await recordDecision(tx, orderId, bankId, decision, now))) return;
    if (order.status !== 'bank_info_expected') return;
    const actor = `bank:${bankId}`;
    if (decision === 'approved') {
      const approved = await transition(tx, {
        order,
        to: 'app_approved',
        actor,
        reason: 'Банк одобрил заявку',
        now,
      });
      await decisionEmail(tx, deps, approved, true, now);
      const bank = partnerBanks(deps).find((b) => b.id === bankId);
      await bank?.requestPayment(orderId, bankContext(tx, now));
      return;
    }
    const decisions = await listDecisions(tx, orderId);
    if (decisions.every((d) => d.status === 'rejected')) {
      const rejected = await transition(tx, {
        order,
        to: 'app_rejected',
        actor,
        reason: 'Все банки отклонили заявку',
        now,
      });
      await decisionEmail(tx, deps, rejected, false, now);
    }
  });
}
