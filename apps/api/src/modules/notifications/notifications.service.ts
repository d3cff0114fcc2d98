import { randomUUID } from 'node:crypto';
import { normalizePhone } from '@b2bpay/domain';
import type { Queryable } from '../../db/database';
import type { AppDeps } from '../../deps';
import { enqueue } from '../jobs';
import { sendNotificationJob } from './notification-jobs';
import { deleteFinishedNotifications, insertNotification } from './notifications.repository';
import {
  type CodeCapParams,
  codeCapEmail,
  type WebhookFailingParams,
  type WebhookGivenUpParams,
  webhookFailingEmail,
  webhookGivenUpEmail,
} from './templates';

export type NotificationKind =
  | 'code'
  | 'approved'
  | 'rejected'
  | 'reminder'
  | 'webhook_failing'
  | 'webhook_given_up'
  | 'code_cap'
  | 'cancelled'
  | 'refund'
  | 'cabinet_confirm'
  | 'cabinet_registered'
  | 'cabinet_reset'
  | 'cabinet_invitation'
  | 'lead_new'
  | 'shop_suspended'
  | 'shop_resumed';

export interface QueuedEmail {
  kind: NotificationKind;
  to: string;
  orderId: string | null;
  subject: string;
  text: string;
  html?: string;
}

export interface QueuedSms {
  kind: NotificationKind;
  to: string;
  orderId: string | null;
  text: string;
}

/**
 * Stores an e-mail and schedules its delivery, inside the caller's transaction: the message exists
 * exactly when the change that wants it commits. Returns the notification's id. Never throws for a
 * bad address (that would roll back the caller's change): such a message is failed by the sender,
 * visibly, instead.
 */
export async function queueEmail(tx: Queryable, m: QueuedEmail, now: Date): Promise<string> {
  const id = randomUUID();
  await insertNotification(
    tx,
    {
      id,
      channel: 'email',
      kind: m.kind,
      recipient: m.to.trim(),
      orderId: m.orderId,
      subject: m.subject,
      body: m.text,
      html: m.html ?? null,
    },
    now,
  );
  await enqueue(tx, sendNotificationJob, { notification_id: id }, now);
  return id;
}

/** Stores an SMS (the phone normalised to +7XXXXXXXXXX) and schedules its delivery, like queueEmail. */
export async function queueSms(tx: Queryable, m: QueuedSms, now: Date): Promise<string> {
  const id = randomUUID();
  await insertNotification(
    tx,
    {
      id,
      channel: 'sms',
      kind: m.kind,
      recipient: normalizePhone(m.to) ?? m.to.trim(),
      orderId: m.orderId,
      subject: null,
      body: m.text,
      html: null,
    },
    now,
  );
  await enqueue(tx, sendNotificationJob, { notification_id: id }, now);
  return id;
}

/** The one e-mail of a webhook address's failing episode, to the shop (webhooks/delivery.job.ts). */
export function queueWebhookFailingEmail(
  tx: Queryable,
  m: WebhookFailingParams & { to: string },
  now: Date,
): Promise<string> {
  return queueEmail(tx, { kind: 'webhook_failing', to: m.to, orderId: null, ...webhookFailingEmail(m) }, now);
}

/** The shop's last alert of a failing episode: a delivery to the address has been given up. */
export function queueWebhookGivenUpEmail(
  tx: Queryable,
  m: WebhookGivenUpParams & { to: string },
  now: Date,
): Promise<string> {
  return queueEmail(
    tx,
    { kind: 'webhook_given_up', to: m.to, orderId: null, ...webhookGivenUpEmail(m) },
    now,
  );
}

/** The shop's alert that its buyers reached its one-time code cap (verification.service.ts). */
export function queueCodeCapEmail(
  tx: Queryable,
  m: CodeCapParams & { to: string },
  now: Date,
): Promise<string> {
  return queueEmail(tx, { kind: 'code_cap', to: m.to, orderId: null, ...codeCapEmail(m) }, now);
}

/** Retention (modules/retention): one batch of the outbox's finished messages older than RETENTION_NOTIFICATIONS. */
export function purgeFinishedNotifications(deps: AppDeps, batch: number): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - deps.config.RETENTION_NOTIFICATIONS);
  return deleteFinishedNotifications(deps.db, before, batch);
}
