import type { Queryable } from '../../db/database';
import { toIso, toNumber } from '../../db/database';

export type Channel = 'email' | 'sms';
export type NotificationStatus = 'pending' | 'sent' | 'failed';
/** How a message left: a real transport, or the development outbox (the stored row is the delivery). */
export type Transport = 'smtp' | 'smsru' | 'http' | 'outbox';

export interface NewNotification {
  id: string;
  channel: Channel;
  kind: string;
  recipient: string;
  orderId: string | null;
  subject: string | null;
  body: string;
  html: string | null;
}

export interface NotificationRow {
  id: string;
  channel: Channel;
  kind: string;
  recipient: string;
  order_id: string | null;
  subject: string | null;
  body: string;
  html: string | null;
  status: NotificationStatus;
  transport: Transport | null;
  attempts: number;
  last_error: string | null;
  next_attempt_at: string | null;
  sent_at: string | null;
  created_at: string;
}

const COLUMNS = `id, channel, kind, recipient, order_id, subject, body, html, status, transport, attempts,
  last_error, next_attempt_at, sent_at, created_at`;

function fromDb(r: Record<string, unknown>): NotificationRow {
  return {
    id: String(r.id),
    channel: r.channel as Channel,
    kind: String(r.kind),
    recipient: String(r.recipient),
    order_id: r.order_id == null ? null : String(r.order_id),
    subject: r.subject == null ? null : String(r.subject),
    body: String(r.body),
    html: r.html == null ? null : String(r.html),
    status: r.status as NotificationStatus,
    transport: r.transport == null ? null : (r.transport as Transport),
    attempts: toNumber(r.attempts),
    last_error: r.last_error == null ? null : String(r.last_error),
    next_attempt_at: r.next_attempt_at == null ? null : toIso(r.next_attempt_at),
    sent_at: r.sent_at == null ? null : toIso(r.sent_at),
    created_at: toIso(r.created_at),
  };
}

export async function insertNotification(tx: Queryable, n: NewNotification, now: Date): Promise<void> {
  await tx.query(
    `INSERT INTO notifications
       (id, channel, kind, recipient, order_id, subject, body, html, status, next_attempt_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'pending', $9, $9, $9)`,
    [n.id, n.channel, n.kind, n.recipient, n.orderId, n.subject, n.body, n.html, now],
  );
}

export async function findNotification(db: Queryable, id: string): Promise<NotificationRow | null> {
  const rows = await db.query(`SELECT ${COLUMNS} FROM notifications WHERE id = $1`, [id]);
  return rows[0] ? fromDb(rows[0]) : null;
}

/**
 * Records a successful send. `scrubbed` replaces the stored texts (one-time codes removed after a
 * real delivery); null keeps them as they are.
 */
export async function markSent(
  db: Queryable,
  id: string,
  transport: Transport,
  scrubbed: { subject: string | null; body: string; html: string | null } | null,
  now: Date,
): Promise<void> {
  await db.query(
    `UPDATE notifications
        SET status = 'sent', transport = $2, attempts = attempts + 1, last_error = NULL,
            next_attempt_at = NULL, sent_at = $3, updated_at = $3,
            subject = CASE WHEN $4::boolean THEN $5 ELSE subject END,
            body = CASE WHEN $4::boolean THEN $6 ELSE body END,
            html = CASE WHEN $4::boolean THEN $7 ELSE html END
      WHERE id = $1`,
    [
      id,
      transport,
      now,
      scrubbed !== null,
      scrubbed?.subject ?? null,
      scrubbed?.body ?? '',
      scrubbed?.html ?? null,
    ],
  );
}

/** Records a failed attempt: still pending with the next try's time, or failed for good (retryAt null). */
export async function markAttemptFailed(
  db: Queryable,
  id: string,
  transport: Transport,
  error: string,
  retryAt: Date | null,
  now: Date,
): Promise<void> {
  await db.query(
    `UPDATE notifications
        SET status = $3, transport = $2, attempts = attempts + 1, last_error = $4,
            next_attempt_at = $5, updated_at = $6
      WHERE id = $1`,
    [id, transport, retryAt ? 'pending' : 'failed', error.slice(0, 1000), retryAt, now],
  );
}

export async function latestNotifications(db: Queryable, limit: number): Promise<NotificationRow[]> {
  const rows = await db.query(
    `SELECT ${COLUMNS} FROM notifications ORDER BY created_at DESC, seq DESC LIMIT $1`,
    [limit],
  );
  return rows.map(fromDb);
}

/** Retention: one batch of sent or failed messages created before `before` (pending ones stay). */
export async function deleteFinishedNotifications(
  db: Queryable,
  before: Date,
  batch: number,
): Promise<number> {
  const rows = await db.query(
    `DELETE FROM notifications WHERE id IN (
       SELECT id FROM notifications WHERE status IN ('sent', 'failed') AND created_at < $1
        ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED)
     RETURNING id`,
    [before, batch],
  );
  return rows.length;
}
