import type { Queryable } from '../../db/database';

/**
 * Orders still awaiting the buyer at their deadline, at most `limit`, locked; SKIP LOCKED lets several
 * workers sweep at once without doing an order twice.
 */
export async function lockOverdueOrderIds(tx: Queryable, now: Date, limit: number): Promise<string[]> {
  const rows = await tx.query<{ id: string }>(
    `SELECT id FROM orders WHERE status = 'client_expected' AND deadline_at <= $1
      ORDER BY deadline_at LIMIT ${limit} FOR UPDATE SKIP LOCKED`,
    [now],
  );
  return rows.map((row) => row.id);
}

export interface ReminderDue {
  id: string;
  order_number: unknown;
  deadline_at: Date;
  email: string | null;
  phone_number: string | null;
  shop_name: string;
}

/** Orders past half their time to the deadline, not yet reminded, whose buyer left a contact; locked. */
export async function lockRemindersDue(tx: Queryable, now: Date, limit: number): Promise<ReminderDue[]> {
  return tx.query<ReminderDue>(
    `SELECT o.id, o.order_number, o.deadline_at, c.email, c.phone_number, s.name AS shop_name
       FROM orders o JOIN clients c ON c.id = o.client_id JOIN shops s ON s.id = o.shop_id
      WHERE o.status = 'client_expected' AND o.reminder_sent_at IS NULL
        AND o.created_at + (o.deadline_at - o.created_at) / 2 <= $1 AND o.deadline_at > $1
        AND (c.email IS NOT NULL OR c.phone_number IS NOT NULL)
      LIMIT ${limit} FOR UPDATE OF o SKIP LOCKED`,
    [now],
  );
}
