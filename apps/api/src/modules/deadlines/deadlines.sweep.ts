import type { AppDeps } from '../../deps';
import { queueEmail, queueSms } from '../notifications/notifications.service';
import { deadlineText, reminderEmail, reminderSms } from '../notifications/templates';
import { orderLink } from '../orders/order-view';
import { findOrder } from '../orders/orders.repository';
import { transition } from '../orders/transitions';

const BATCH = 100;

/**
 * An order still awaiting the buyer at its deadline (CLIENT_INFO_TTL after creation) becomes
 * client_info_overdue. SKIP LOCKED lets several workers sweep at once without doing an order twice.
 */
export async function sweepOverdueOrders(deps: AppDeps) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const due = await tx.query<{ id: string }>(
      `SELECT id FROM orders WHERE status = 'client_expected' AND deadline_at <= $1
        ORDER BY deadline_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`,
      [now],
    );
    for (const { id } of due) {
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
    const due = await tx.query<{
      id: string;
      order_number: unknown;
      deadline_at: Date;
      email: string | null;
      phone_number: string | null;
      shop_name: string;
    }>(
      `SELECT o.id, o.order_number, o.deadline_at, c.email, c.phone_number, s.name AS shop_name
         FROM orders o JOIN clients c ON c.id = o.client_id JOIN shops s ON s.id = o.shop_id
        WHERE o.status = 'client_expected' AND o.reminder_sent_at IS NULL
          AND o.created_at + (o.deadline_at - o.created_at) / 2 <= $1 AND o.deadline_at > $1
          AND (c.email IS NOT NULL OR c.phone_number IS NOT NULL)
        LIMIT ${BATCH} FOR UPDATE OF o SKIP LOCKED`,
      [now],
    );
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
      await tx.query('UPDATE orders SET reminder_sent_at = $2 WHERE id = $1', [row.id, now]);
    }
  });
}
