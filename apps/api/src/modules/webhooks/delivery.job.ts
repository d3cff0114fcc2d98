import type { AppDeps } from '../../deps';
import type { Job } from '../jobs/jobs.repository';
import type { JobOutcome } from '../jobs/worker';
import { sendWebhook } from './sender';
import { webhookHeaders } from './signing';
import * as repo from './webhooks.repository';

export const DELIVER_JOB = 'webhook.deliver';

/**
 * The `webhook.deliver` job (DESIGN §6): one signed POST of the event's stored payload. 2xx delivers;
 * anything else is logged and retried after WEBHOOK_RETRY_SCHEDULE[k-1] for the series' k-th
 * attempt, and once the schedule is spent the delivery is failed. At least once: the attempt is
 * numbered and logged before the request goes out, so a worker killed mid-request leaves its
 * attempt in the log and the job is claimed again after its lease.
 */
export async function deliverWebhook(job: Job, deps: AppDeps): Promise<JobOutcome> {
  const deliveryId = job.payload.delivery_id;
  if (typeof deliveryId !== 'string') return { failed: 'payload без delivery_id' };
  const { db, clock, config } = deps;

  const start = await db.transaction((tx) => repo.beginAttempt(tx, deliveryId, clock.now()));
  if (!start) return undefined; // delivered, failed or deleted meanwhile: nothing to send
  const startedAt = clock.now();
  const body = JSON.stringify(start.payload);
  const result = await sendWebhook({
    url: start.delivery.url,
    headers: webhookHeaders(start.secret, start.delivery.event_id, startedAt, body),
    body,
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
    allowPrivate: config.WEBHOOK_ALLOW_PRIVATE,
  });

  const now = clock.now();
  return db.transaction(async (tx): Promise<JobOutcome> => {
    await repo.logAttemptResult(tx, deliveryId, start.attempt, result);
    if (result.ok) {
      await repo.markDelivered(tx, deliveryId, result.statusCode, now);
      return undefined;
    }
    const error = result.error ?? 'Доставка не удалась';
    const seriesAttempt = start.attempt - start.delivery.schedule_start;
    const delay = config.WEBHOOK_RETRY_SCHEDULE[seriesAttempt - 1];
    const nextAttemptAt = delay === undefined ? null : new Date(now.getTime() + delay);
    const newest = await repo.markAttemptFailed(tx, {
      deliveryId,
      attempt: start.attempt,
      statusCode: result.statusCode,
      error,
      nextAttemptAt,
      now,
    });
    if (newest) return nextAttemptAt ? { retryAt: nextAttemptAt, error } : { failed: error };
    // A newer attempt exists (this worker outlived its lease): leave the plan to it.
    const current = await repo.findDelivery(tx, deliveryId);
    if (current?.status !== 'pending') return undefined;
    const planned = current.next_attempt_at;
    if (planned && planned.getTime() > now.getTime()) return { retryAt: planned, error };
    return { retryAt: new Date(now.getTime() + config.WEBHOOK_TIMEOUT_MS + 1000), error };
  });
}
