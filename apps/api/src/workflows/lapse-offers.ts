import type { Queryable } from '../db/database';
import type { AppDeps } from '../deps';
import {
  findSignature,
  listOrderApplications,
  listOrderOffers,
  withdrawOpenApplications,
} from '../modules/banks';
import { findOrder, type OrderRow, transition } from '../modules/orders';

/**
 * An approved order whose offers have all passed their valid_until unsigned, with no bank still to
 * answer, is overdue (DESIGN §13): the banks holding an approval are told it lapsed.
 */
export async function lapseIfNothingLeft(tx: Queryable, order: OrderRow, now: Date) {
  if (order.status !== 'app_approved') return;
  if (await findSignature(tx, order.id)) return;
  const applications = await listOrderApplications(tx, order.id);
  if (applications.some((a) => a.status === 'pending')) return;
  const approved = new Set(applications.filter((a) => a.status === 'approved').map((a) => a.id));
  const offers = await listOrderOffers(tx, order.id);
  if (offers.some((o) => approved.has(o.application_id) && o.valid_until.getTime() > now.getTime())) return;
  await transition(tx, {
    order,
    to: 'client_info_overdue',
    actor: 'system',
    reason: 'Срок предложений банков истёк, ни одно не подписано',
    now,
  });
  await withdrawOpenApplications(tx, order.id, 'offers_lapsed', now);
}

/** Job 'bank.offers_lapse', at the moment an approval's last offer runs out. */
export async function lapseOffers(deps: AppDeps, orderId: string) {
  await deps.db.transaction(async (tx) => {
    const order = await findOrder(tx, orderId, { forUpdate: true });
    if (order) await lapseIfNothingLeft(tx, order, deps.clock.now());
  });
}
