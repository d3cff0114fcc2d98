import { WEBHOOK_TEST_EVENT } from '@b2bpay/domain';
import type { Queryable } from '../../db/database';
import type { AppDeps } from '../../deps';
import { observeWebhookAttempt } from '../../shared/metrics';
import { defineJob, type Job, type JobFinish, type JobOutcome, recordOutcome } from '../jobs';
import { queueWebhookFailingEmail, queueWebhookGivenUpEmail } from '../notifications';
import { type SendResult, sendWebhook } from './sender';
import { webhookHeaders } from './signing';
import { deliverWebhookJob } from './webhook-jobs';
import * as repo from './webhooks.repository';

export const TEST_EVENT = WEBHOOK_TEST_EVENT;

type Start = repo.AttemptStart;

/**
 * The `webhook.deliver` job (DESIGN §6): one signed POST of the event's stored payload. 2xx delivers;
 * anything else is logged and retried after WEBHOOK_RETRY_SCHEDULE[k-1] for the series' k-th
 * attempt (by default the spec's 1, 5 and 15 minutes, then hours, up to 3 days), and once the
 * schedule is spent the delivery is failed. At least once: the attempt is
 * numbered and logged in the claim's own transaction, before the request goes out, so a worker
 * killed mid-request leaves its attempt in the log and the job is claimed again after its lease.
 * The result is written together with the job's outcome, in one transaction.
 */
export const deliverWebhook = defineJob<{ delivery_id: string }, Start>(deliverWebhookJob, {
  async begin(tx, claimed, deps) {
    // Every delivery_id is a UUID (the payload's schema, checked on claim): one malformed id would
    // fail the whole claim's statement.
    const wanted = claimed.map((job) => ({ jobId: job.id, deliveryId: job.payload.delivery_id }));
    return repo.beginAttempts(tx, wanted, deps.clock.now());
  },

  async run(_job: Job, start: Start, deps: AppDeps): Promise<JobFinish> {
    const { clock, config } = deps;
    const startedAt = clock.now();
    const body = JSON.stringify(start.payload);
    const result: SendResult = start.pausedUntil
      ? skippedWhilePaused(start.pausedUntil)
      : await sendWebhook({
          url: start.delivery.url,
          headers: webhookHeaders(
            start.secret,
            start.delivery.event_id,
            startedAt,
            body,
            start.previousSecret,
          ),
          body,
          // A test send has its own, shorter limit: a black-hole address holds a slot briefly.
          timeoutMs:
            start.delivery.event_type === TEST_EVENT
              ? config.WEBHOOK_TEST_TIMEOUT_MS
              : config.WEBHOOK_TIMEOUT_MS,
          allowPrivate: config.WEBHOOK_ALLOW_PRIVATE,
        });
    return async (db, job) => {
      const now = deps.clock.now();
      if (result.ok) {
        await db.transaction(async (tx) => {
          await repo.recordDelivered(tx, {
            deliveryId: start.delivery.id,
            attempt: start.attempt,
            durationMs: result.durationMs,
            statusCode: result.statusCode,
            now,
            shopId: start.delivery.shop_id,
            url: start.delivery.url,
          });
          await recordOutcome(tx, job, undefined, now);
        });
        observeWebhookAttempt(
          'delivered',
          result.durationMs,
          now.getTime() - start.delivery.created_at.getTime(),
        );
        return;
      }
      const outcome = await db.transaction(async (tx) => {
        const planned = await recordFailure(tx, start, result, deps.config, now);
        await recordOutcome(tx, job, planned, now);
        return planned;
      });
      observeWebhookAttempt(outcome && 'failed' in outcome ? 'failed' : 'retry', result.durationMs);
    };
  },
});

/**
 * The specification's retries (1, 5 and 15 minutes): a delivery that has failed them all opens the
 * address's failing episode and its first letter, while the longer schedule keeps retrying.
 */
const SPEC_RETRIES = 3;

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** A failed attempt: logged, and the next one planned (or the delivery failed) — its job's outcome. */
async function recordFailure(
  tx: Queryable,
  start: repo.AttemptStart,
  result: SendResult,
  config: AppDeps['config'],
  now: Date,
): Promise<JobOutcome> {
  const deliveryId = start.delivery.id;
  await repo.logAttemptResult(tx, deliveryId, start.attempt, result);
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
  if (newest) {
    // A test send that fails is seen by the shop that sent it: it opens no failing episode.
    const counts = start.delivery.event_type !== TEST_EVENT;
    const schedule = config.WEBHOOK_RETRY_SCHEDULE;
    await noteOnEndpoint(tx, start, result, {
      error,
      opensEpisode: counts && seriesAttempt >= Math.min(SPEC_RETRIES, schedule.length) + 1,
      givenUp: counts && nextAttemptAt === null,
      // The last retry is planned at the sum of the schedule's remaining delays.
      retryingUntil: nextAttemptAt && new Date(now.getTime() + sum(schedule.slice(seriesAttempt - 1))),
      config,
      now,
    });
    return nextAttemptAt ? { retryAt: nextAttemptAt, error } : { failed: error };
  }
  // A newer attempt exists (this worker outlived its lease): leave the plan to it.
  const current = await repo.findDelivery(tx, deliveryId);
  if (current?.status !== 'pending') return undefined;
  const planned = current.next_attempt_at;
  if (planned && planned.getTime() > now.getTime()) return { retryAt: planned, error };
  return { retryAt: new Date(now.getTime() + config.WEBHOOK_TIMEOUT_MS + 1000), error };
}

/** An attempt not made: the address is paused after timing out again and again. */
function skippedWhilePaused(until: Date): SendResult {
  return {
    ok: false,
    statusCode: null,
    error: `Адрес не отвечает: отправка приостановлена до ${until.toISOString()} после нескольких таймаутов подряд`,
    durationMs: 0,
  };
}

/**
 * The failure counts against its address: timeouts in a row pause it (its deliveries are then
 * failed at once, without a POST, so they hold no slot); a delivery that has failed the spec's
 * retries opens the address's failing episode, whose first such failure e-mails the shop, and the
 * first delivery given up in the episode e-mails it a last time.
 */
async function noteOnEndpoint(
  tx: Queryable,
  start: repo.AttemptStart,
  result: SendResult,
  f: {
    error: string;
    opensEpisode: boolean;
    givenUp: boolean;
    retryingUntil: Date | null;
    config: AppDeps['config'];
    now: Date;
  },
) {
  const { shop_id: shopId, url } = start.delivery;
  const alerts = await repo.noteEndpointFailure(tx, {
    shopId,
    url,
    kind: start.pausedUntil ? 'skipped' : result.timedOut ? 'timeout' : 'other',
    error: f.error,
    opensEpisode: f.opensEpisode,
    givenUp: f.givenUp,
    now: f.now,
    pauseAfter: f.config.WEBHOOK_PAUSE_AFTER_TIMEOUTS,
    pauseMs: f.config.WEBHOOK_PAUSE,
  });
  if (!alerts.failing && !alerts.givenUp) return;
  const shop = await repo.findShopContact(tx, shopId);
  if (!shop) return;
  const letter = {
    to: shop.email,
    shopName: shop.name,
    url,
    lastError: f.error,
    settingsLink: `${f.config.PUBLIC_URL}/shops/${shopId}/settings`,
  };
  if (alerts.failing)
    await queueWebhookFailingEmail(tx, { ...letter, retryingUntil: f.retryingUntil }, f.now);
  else await queueWebhookGivenUpEmail(tx, letter, f.now);
}
