import type { AppDeps } from '../../deps';
import { deadlineText, queueEmail, queueSms, reminderEmail, reminderSms } from '../notifications';
import { findOrder, markReminderSent, orderLink, transition } from '../orders';
import { lockOverdueOrderIds, lockRemindersDue } from './deadlines.repository';

const BATCH = 100;

/**
 * An order still awaiting the buyer at its deadline (CLIENT_INFO_TTL after creation) becomes
 * client_info_overdue. SKIP LOCKED lets several workers sweep at once without doing an order twice.
 */
export async function sweepOverdueOrders(deps: AppDeps) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const due = await lockOverdueOrderIds(tx, now, BATCH);
    for (const id of due) {
      const order = await findOrder(tx, id);
      if (order?.status !== 'client_expected') continue;
      await transition(tx, {
        order,
        to: 'client_info_overdue',
        actor: 'system',
        reason: 'Истёк срок заполнения анкеты',
        now,
      });
    }
  });
}

/** One reminder halfway to the deadline, by e-mail (else SMS), once the buyer's contacts are known. */
export async function sweepReminders(deps: AppDeps) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const due = await lockRemindersDue(tx, now, BATCH);
    for (const row of due) {
      const data = {
        orderNumber: String(row.order_number),
        shopName: row.shop_name,
        link: orderLink(deps.config.PUBLIC_URL, row.id),
        deadlineText: deadlineText(new Date(row.deadline_at)),
      };
      if (row.email)
        await queueEmail(
          tx,
          { kind: 'reminder', to: row.email, orderId: row.id, ...reminderEmail(data) },
          now,
        );
      else if (row.phone_number) {
        await queueSms(
          tx,
          { kind: 'reminder', to: row.phone_number, orderId: row.id, text: reminderSms(data) },
          now,
        );
      }
      await markReminderSent(tx, row.id, now);
    }
  });
}
