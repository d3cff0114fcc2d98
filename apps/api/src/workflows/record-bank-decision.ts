import { type BankApplication, type BankDecisionInput, formatRubles, kopecksToRubles } from '@b2bpay/domain';
import type { Queryable } from '../db/database';
import type { AppDeps } from '../deps';
import {
  allRefused,
  type BankRow,
  decide,
  expireApplication,
  findApplication,
  listOrderApplications,
} from '../modules/banks';
import { findClient } from '../modules/clients';
import { approvedEmail, queueEmail, rejectedEmail } from '../modules/notifications';
import { findOrder, type OrderRow, orderLink, transition } from '../modules/orders';
import { findShopName } from '../modules/shops';
import { APPLICATION_NOT_FOUND, notFound } from '../shared/errors';
import { isUuid } from '../shared/uuid';
import { applicationView } from './bank-application-view';
import { lapseIfNothingLeft } from './lapse-offers';

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
 * The application and its order under their row locks, order first (as every writer of both takes
 * them), for the bank that owns it: another bank's application is 404, as an unknown one.
 */
export async function lockApplication(tx: Queryable, bankId: string, applicationId: string) {
  if (!isUuid(applicationId)) throw notFound(APPLICATION_NOT_FOUND);
  const seen = await findApplication(tx, applicationId);
  if (!seen || seen.bank !== bankId) throw notFound(APPLICATION_NOT_FOUND);
  const order = await findOrder(tx, seen.order_id, { forUpdate: true });
  const application = await findApplication(tx, applicationId, { forUpdate: true });
  if (!order || !application) throw notFound(APPLICATION_NOT_FOUND);
  return { order, application };
}

/**
 * Every bank has refused or let its time pass while the order waited: the order is rejected and the
 * buyer told. Otherwise nothing.
 */
async function rejectIfNobodyLends(tx: Queryable, deps: AppDeps, order: OrderRow, actor: string, now: Date) {
  if (order.status !== 'bank_info_expected') return;
  if (!allRefused(await listOrderApplications(tx, order.id))) return;
  const rejected = await transition(tx, {
    order,
    to: 'app_rejected',
    actor,
    reason: 'Все банки отклонили заявку',
    now,
  });
  await decisionEmail(tx, deps, rejected, false, now);
}

/**
 * A bank's decision through the bank API (DESIGN §13). The first approval approves the order (the
 * buyer is e-mailed a link to the offers); later approvals add their offers; when every bank has
 * refused or expired, the order is rejected.
 */
export async function recordBankDecision(
  deps: AppDeps,
  bank: BankRow,
  applicationId: string,
  input: BankDecisionInput,
  tx: Queryable,
): Promise<BankApplication> {
  const { order, application } = await lockApplication(tx, bank.id, applicationId);
  const now = deps.clock.now();
  const recorded = await decide(tx, application, input, order.amount_kopecks, now);
  if (recorded) {
    const actor = `bank:${bank.id}`;
    if (input.decision === 'approved' && order.status === 'bank_info_expected') {
      const approved = await transition(tx, {
        order,
        to: 'app_approved',
        actor,
        reason: 'Банк одобрил заявку',
        now,
      });
      await decisionEmail(tx, deps, approved, true, now);
    } else if (input.decision === 'rejected') {
      await rejectIfNobodyLends(tx, deps, order, actor, now);
      await lapseIfNothingLeft(tx, order, now);
    }
  }
  return applicationView(tx, order, applicationId);
}

/** Job 'bank.expire': the bank did not answer by respond_by. */
export async function expireBankApplication(deps: AppDeps, applicationId: string) {
  await deps.db.transaction(async (tx) => {
    const seen = await findApplication(tx, applicationId);
    if (!seen) return;
    const order = await findOrder(tx, seen.order_id, { forUpdate: true });
    if (!order) return;
    const now = deps.clock.now();
    if (!(await expireApplication(tx, applicationId, now))) return;
    await rejectIfNobodyLends(tx, deps, order, `bank:${seen.bank}`, now);
    await lapseIfNothingLeft(tx, order, now);
  });
}
