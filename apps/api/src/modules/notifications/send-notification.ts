import { isMobilePhone, isValidEmail, maskEmail, maskPhone, normalizePhone } from '@b2bpay/domain';
import type { AppDeps } from '../../deps';
import { observeCodeSent } from '../../shared/metrics';
import { defineJob, type JobOutcome } from '../jobs';
import { logLine } from './log';
import { sendNotificationJob } from './notification-jobs';
import {
  findNotification,
  markAttemptFailed,
  markSent,
  type NotificationRow,
} from './notifications.repository';
import { describeError, emailTransport, sendHttpSms, sendSmsRu, sendSmtp, smsTransport } from './transports';

/** Waits before the 2nd…7th attempt; after the 7th failure the notification is failed (kept, visible). */
export const NOTIFICATION_RETRY_SCHEDULE_MS = [10_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000];

/** A one-time code in a stored text: six digits standing alone (not part of a colour like #111827). */
const CODE_IN_TEXT = /(?<![\w#])\d{6}(?!\w)/g;
export const SCRUBBED_CODE = '••••••';

export function scrubCodes(text: string): string {
  return text.replace(CODE_IN_TEXT, SCRUBBED_CODE);
}

/** The personal cabinet's one-time links (sign-up, reset, invitation): their token is a credential. */
const LINK_TOKEN = /([?&]token=)[A-Za-z0-9]+/g;
const LINK_KINDS = new Set(['cabinet_confirm', 'cabinet_reset', 'cabinet_invitation']);

/** What of a message is kept after delivery: codes and link tokens live hashed elsewhere. */
function scrubSecrets(kind: string, text: string): string {
  if (kind === 'code') return scrubCodes(text);
  return LINK_KINDS.has(kind) ? text.replace(LINK_TOKEN, `$1${SCRUBBED_CODE}`) : text;
}

function maskRecipient(n: Pick<NotificationRow, 'channel' | 'recipient'>): string {
  return n.channel === 'email' ? maskEmail(n.recipient) : maskPhone(n.recipient);
}

/** Error texts are stored, shown and logged: no full address or number, no code in them. */
function redact(text: string, n: NotificationRow): string {
  const masked = maskRecipient(n);
  let out = n.recipient.length >= 3 ? text.replaceAll(n.recipient, masked) : text;
  const digits = n.channel === 'sms' ? n.recipient.replace(/\D/g, '') : '';
  // SMS.RU and other gateways echo the number as 7XXXXXXXXXX or XXXXXXXXXX.
  if (digits.length >= 10) out = out.replaceAll(digits, masked).replaceAll(digits.slice(-10), masked);
  return n.kind === 'code' ? scrubCodes(out) : out;
}

/** Addresses are checked again here: a comma or a line break must never reach the mail headers. */
function recipientProblem(n: NotificationRow): string | null {
  if (n.channel === 'email') {
    return isValidEmail(n.recipient) && !/[\s<>,;"]/.test(n.recipient) ? null : 'некорректный адрес e-mail';
  }
  if (normalizePhone(n.recipient) !== n.recipient) return 'некорректный номер телефона';
  // The buyer's phone rule holds at the gateway too, for numbers stored before it (SMS pumping).
  return isMobilePhone(n.recipient) ? null : 'номер не мобильный: СМС шлём только на +7 9XX';
}

async function deliver(n: NotificationRow, transport: 'smtp' | 'smsru' | 'http', config: AppDeps['config']) {
  if (transport === 'smtp') {
    await sendSmtp(config, { to: n.recipient, subject: n.subject ?? '', text: n.body, html: n.html });
  } else if (transport === 'smsru') {
    await sendSmsRu(config, n.recipient, n.body);
  } else {
    await sendHttpSms(config, n.recipient, n.body);
  }
}

/**
 * The `notification.send` job: delivers one pending notification through the configured transport.
 * A failure is written on the row (attempts, last error, next try) and retried on
 * NOTIFICATION_RETRY_SCHEDULE_MS, then the row is failed — never dropped, always visible at /dev/outbox.
 * After a real delivery a one-time code or a cabinet link's token is scrubbed from the stored texts (both live hashed elsewhere);
 * in the development outbox the row is the delivery, so it keeps the code.
 */
export const sendNotification = defineJob(sendNotificationJob, async (job, deps): Promise<JobOutcome> => {
  const { config, db, clock } = deps;
  const n = await findNotification(db, job.payload.notification_id);
  // Gone with its order, or already sent/failed (a job run twice after a crash): nothing to do.
  if (n?.status !== 'pending') return undefined;

  const transport = n.channel === 'email' ? emailTransport(config) : smsTransport(config);
  const fields = { notification: n.id, channel: n.channel, kind: n.kind, to: maskRecipient(n), transport };
  const problem = recipientProblem(n);
  if (problem) {
    await markAttemptFailed(db, n.id, transport, problem, null, clock.now());
    logLine(config, 'warn', { ...fields, err: problem }, 'notification not sent: bad recipient');
    return { failed: problem };
  }
  const noteCodeSent = () => {
    if (n.kind === 'code')
      observeCodeSent(n.channel, clock.now().getTime() - new Date(n.created_at).getTime());
  };
  if (transport === 'outbox') {
    await markSent(db, n.id, 'outbox', null, clock.now());
    noteCodeSent();
    logLine(config, 'info', fields, 'notification stored in the development outbox (see /dev/outbox)');
    return undefined;
  }

  try {
    await deliver(n, transport, config);
  } catch (error) {
    const message = redact(describeError(error), n);
    const attempt = n.attempts + 1;
    const delay = NOTIFICATION_RETRY_SCHEDULE_MS[attempt - 1];
    const now = clock.now();
    const retryAt = delay === undefined ? null : new Date(now.getTime() + delay);
    await markAttemptFailed(db, n.id, transport, message, retryAt, now);
    logLine(
      config,
      'warn',
      { ...fields, attempt, err: message, retry_at: retryAt?.toISOString() ?? null },
      retryAt ? 'notification send failed, will retry' : 'notification send failed for good',
    );
    return retryAt ? { retryAt, error: message } : { failed: message };
  }

  const scrubbed =
    n.kind === 'code' || LINK_KINDS.has(n.kind)
      ? {
          subject: n.subject === null ? null : scrubSecrets(n.kind, n.subject),
          body: scrubSecrets(n.kind, n.body),
          html: n.html === null ? null : scrubSecrets(n.kind, n.html),
        }
      : null;
  await markSent(db, n.id, transport, scrubbed, clock.now());
  noteCodeSent();
  logLine(config, 'info', { ...fields, attempt: n.attempts + 1 }, 'notification sent');
  return undefined;
});
