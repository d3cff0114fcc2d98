import { randomUUID } from 'node:crypto';
import type {
  DeliveryListQuery,
  DeliveryRetryBody,
  ShopSettings,
  ShopSettingsUpdate,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookEndpointHealth,
  WebhookResendBody,
  WebhookResendResult,
  WebhookTestBody,
} from '@b2bpay/domain';
import type { AppDeps } from '../../deps';
import { newWebhookSecret } from '../../shared/crypto';
import { assertNoOffset, pageCursor, pageOf, resolveCursor } from '../../shared/cursor';
import { AppError, notFound, validationError } from '../../shared/errors';
import { isUuid } from '../../shared/uuid';
import { type AuditBy, recordAudit } from '../audit';

import { invalidateKeyCache } from '../auth';
import { enqueue, enqueueMany, runPendingNow } from '../jobs';
import { TEST_EVENT } from './delivery.job';
import { findLegacyEndpoint, setLegacyUrl } from './endpoints.repository';
import { queueDelivery } from './events.repository';
import { webhookSecretHint } from './signing';
import { assertWebhookUrlAllowed } from './ssrf-guard';
import { deliverWebhookJob } from './webhook-jobs';
import * as repo from './webhooks.repository';

export { deliverWebhook } from './delivery.job';
export { assertWebhookUrlAllowed } from './ssrf-guard';

export const DELIVERY_NOT_FOUND = 'Доставка вебхука не найдена';
const DELIVERY_CURSOR_UNKNOWN = 'нет такой доставки магазина';
export const DELIVERY_PENDING = 'Доставка уже ожидает отправки';
export const DELIVERY_NOT_WAITING = 'Доставка не ждёт повторной попытки: отправить сейчас нечего';
export const NO_WEBHOOK_URL = 'Сначала укажите адрес вебхука';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A shop in one mode (test or live): what its webhook_url setting and endpoints are read in. */
export interface ShopMode {
  shopId: string;
  livemode: boolean;
}

/** The shop's webhook_url setting of this mode: its legacy endpoint's address. */
async function legacyUrl(deps: AppDeps, shop: ShopMode): Promise<string | null> {
  return (await findLegacyEndpoint(deps.db, shop.shopId, shop.livemode))?.url ?? null;
}

function toView(d: repo.DeliveryRow, attempts: readonly repo.AttemptRow[]): WebhookDelivery {
  return {
    id: d.id,
    event_id: d.event_id,
    // Deliveries are queued only for DELIVERY_EVENT_TYPES (events.repository.ts, sendTestEvent).
    event: d.event_type as WebhookDelivery['event'],
    order_id: d.order_id,
    url: d.url,
    endpoint_id: d.endpoint_id,
    status: d.status,
    attempts: d.attempts,
    last_status_code: d.last_status_code,
    last_error: d.last_error,
    next_attempt_at: iso(d.next_attempt_at),
    delivered_at: iso(d.delivered_at),
    created_at: d.created_at.toISOString(),
    livemode: d.livemode ?? true,
    attempts_log: attempts.map((a) => ({
      attempt: a.attempt,
      started_at: a.started_at.toISOString(),
      duration_ms: a.duration_ms,
      status_code: a.status_code,
      error: a.error,
    })),
  };
}

async function viewOf(deps: AppDeps, id: string): Promise<WebhookDelivery> {
  const d = await repo.findDelivery(deps.db, id);
  if (!d) throw notFound(DELIVERY_NOT_FOUND);
  const attempts = await repo.findAttempts(deps.db, [id]);
  return toView(d, attempts.get(id) ?? []);
}

/** The shop's deliveries, newest first, 20 a page, optionally of one order. */
export async function listDeliveries(
  deps: AppDeps,
  shopId: string,
  q: DeliveryListQuery,
): Promise<WebhookDeliveryList> {
  const asked = pageCursor(q);
  assertNoOffset(asked, q.page);
  const cursor = await resolveCursor(
    asked,
    (id) => repo.findDeliveryCursor(deps.db, shopId, id),
    DELIVERY_CURSOR_UNKNOWN,
  );
  const { rows, count } = await repo.listDeliveries(deps.db, {
    shopId,
    orderId: q.order_id ?? null,
    endpointId: q.endpoint_id ?? null,
    // One row more than the page tells whether more follow (in the walk's direction).
    limit: q.limit + 1,
    offset: cursor ? 0 : (q.page - 1) * q.limit,
    cursor: cursor ? { ...cursor.key, backwards: cursor.backwards } : null,
  });
  const page = pageOf(rows, q.limit, cursor);
  const attempts = await repo.findAttempts(
    deps.db,
    page.items.map((r) => r.id),
  );
  return {
    items: page.items.map((r) => toView(r, attempts.get(r.id) ?? [])),
    count,
    has_more: page.has_more,
  };
}

/**
 * Re-sends a failed (or delivered) delivery now: pending again, a new job, the attempt numbers go on
 * and the retry schedule starts over. It goes to the address given (checked by the SSRF guard like
 * any other) or to the current one — the order's own, else the shop's default — not the address it
 * was first sent to. Another shop's delivery is 404; a pending one is 409; no address at all is 400.
 */
export async function retryDelivery(
  deps: AppDeps,
  shopId: string,
  id: string,
  body: DeliveryRetryBody = {},
): Promise<WebhookDelivery> {
  if (!isUuid(id)) throw notFound(DELIVERY_NOT_FOUND);
  if (body.url) await assertWebhookUrlAllowed(body.url, deps.config, { field: 'url' });
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const delivery = await repo.lockShopDelivery(tx, shopId, id);
    if (!delivery) throw notFound(DELIVERY_NOT_FOUND);
    if (delivery.status === 'pending') throw new AppError('DELIVERY_PENDING', DELIVERY_PENDING);
    if (!(await repo.resetForResend(tx, id, body.url ?? null, now)))
      throw validationError('url', NO_WEBHOOK_URL);
    await enqueue(tx, deliverWebhookJob, { delivery_id: id }, now, shopId);
  });
  return viewOf(deps, id);
}

/**
 * «Отправить сейчас»: a delivery waiting for its retry (pending, tried at least once, its next attempt
 * later) is attempted now by its own job, brought forward — the attempt numbers and the retry schedule
 * go on as they would have, and a failure is retried by the schedule as before. Idempotent: one already
 * due answers as it is, without a second attempt. Anything else (delivered, failed, never tried, being
 * sent) is 409 DELIVERY_NOT_WAITING; another shop's delivery is 404. Recorded in the shop's audit log.
 */
export async function sendDeliveryNow(
  deps: AppDeps,
  shopId: string,
  id: string,
  audit?: AuditBy,
): Promise<WebhookDelivery> {
  if (!isUuid(id)) throw notFound(DELIVERY_NOT_FOUND);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const delivery = await repo.lockShopDelivery(tx, shopId, id);
    if (!delivery) throw notFound(DELIVERY_NOT_FOUND);
    const waiting = delivery.status === 'pending' && delivery.attempts > 0 && delivery.next_attempt_at;
    if (!waiting) throw new AppError('DELIVERY_NOT_WAITING', DELIVERY_NOT_WAITING);
    if (waiting.getTime() <= now.getTime()) return;
    if ((await runPendingNow(tx, deliverWebhookJob, 'delivery_id', id, now)) === 0)
      throw new AppError('DELIVERY_NOT_WAITING', DELIVERY_NOT_WAITING);
    await repo.markDueNow(tx, id, now);
    if (audit)
      await recordAudit(
        tx,
        {
          shopId,
          ...audit,
          action: 'webhook_delivery.sent_now',
          details: { id, event: delivery.event_type },
        },
        now,
      );
  });
  return viewOf(deps, id);
}

/**
 * Bulk re-send: every failed delivery of the shop created since `since`, at once, to the address
 * given (SSRF-checked) or each one's current address. Deliveries with no address left stay failed.
 */
export async function resendFailed(
  deps: AppDeps,
  shop: ShopMode,
  body: WebhookResendBody,
): Promise<WebhookResendResult> {
  const shopId = shop.shopId;
  const url = body.url ?? (await legacyUrl(deps, shop));
  if (!url) throw validationError('url', NO_WEBHOOK_URL);
  if (body.url) await assertWebhookUrlAllowed(body.url, deps.config, { field: 'url' });
  const now = deps.clock.now();
  const ids = await deps.db.transaction(async (tx) => {
    const reset = await repo.resetFailedSince(tx, {
      shopId,
      since: new Date(body.since),
      url: body.url ?? null,
      now,
    });
    await enqueueMany(
      tx,
      deliverWebhookJob,
      reset.map((deliveryId) => ({ payload: { delivery_id: deliveryId }, group: shopId })),
      now,
    );
    return reset;
  });
  return { resent: ids.length, url };
}

/** The shop's current address as its deliveries have gone: failing (with the last error), paused. */
export async function endpointHealth(deps: AppDeps, shop: ShopMode): Promise<WebhookEndpointHealth> {
  const shopId = shop.shopId;
  const url = await legacyUrl(deps, shop);
  const health = url ? await repo.findEndpointHealth(deps.db, shopId, url) : null;
  const now = deps.clock.now().getTime();
  const paused = health?.paused_until && health.paused_until.getTime() > now ? health.paused_until : null;
  return {
    url,
    failing: Boolean(health?.failing_since),
    failing_since: iso(health?.failing_since ?? null),
    last_error: health?.last_error ?? null,
    last_failure_at: iso(health?.last_failure_at ?? null),
    paused_until: iso(paused),
    failed_deliveries: await repo.countFailedDeliveries(deps.db, shopId),
    retrying_deliveries: await repo.countRetryingDeliveries(deps.db, shopId),
  };
}

export const TESTS_PER_MINUTE_TEXT = 'Не больше {n} тестовых вебхуков в минуту. Повторите через минуту.';

/**
 * Records a `webhook.test` event (no order, sequence 0) and queues its delivery. Limited apart from
 * the API's rate limit: WEBHOOK_TESTS_PER_MINUTE per shop, counted from the events themselves (so
 * every API process agrees), the shop's test sends taking turns.
 */
export async function sendTestEvent(
  deps: AppDeps,
  shop: ShopMode,
  body: WebhookTestBody,
): Promise<WebhookDelivery> {
  const shopId = shop.shopId;
  const legacy = body.url ? null : await findLegacyEndpoint(deps.db, shopId, shop.livemode);
  const url = body.url ?? legacy?.url ?? null;
  if (!url) throw validationError('url', NO_WEBHOOK_URL);
  if (body.url) await assertWebhookUrlAllowed(body.url, deps.config, { field: 'url' });
  const now = deps.clock.now();
  const eventId = randomUUID();
  const limit = deps.config.WEBHOOK_TESTS_PER_MINUTE;
  const deliveryId = await deps.db.transaction(async (tx) => {
    await repo.lockShopTestSends(tx, shopId);
    if ((await repo.countTestEventsSince(tx, shopId, new Date(now.getTime() - 60_000))) >= limit)
      throw new AppError('RATE_LIMITED', TESTS_PER_MINUTE_TEXT.replace('{n}', String(limit)), {
        headers: { 'retry-after': '60' },
      });
    await repo.insertTestEvent(tx, {
      id: eventId,
      shopId,
      payload: {
        event: TEST_EVENT,
        event_id: eventId,
        shop_id: shopId,
        timestamp: now.toISOString(),
        livemode: shop.livemode,
      },
      now,
    });
    return queueDelivery(tx, {
      eventId,
      type: TEST_EVENT,
      shopId,
      orderId: null,
      url,
      endpointId: legacy?.id ?? null,
      now,
    });
  });
  return viewOf(deps, deliveryId);
}

async function settingsOf(deps: AppDeps, shop: ShopMode): Promise<ShopSettings> {
  const shopId = shop.shopId;
  const settings = await repo.findShopSettings(deps.db, shopId);
  if (!settings) throw notFound('Магазин не найден');
  const hints = await repo.findKeyHints(deps.db, shopId);
  return {
    webhook_url: await legacyUrl(deps, shop),
    webhook_secret_hint: webhookSecretHint(settings.webhook_secret),
    secret_key_hint: hints.secret,
    publishable_key_hint: hints.publishable,
    widget_origins: settings.widget_origins,
    previous_webhook_secret_expires_at:
      settings.previous_webhook_secret_until && settings.previous_webhook_secret_until > deps.clock.now()
        ? settings.previous_webhook_secret_until.toISOString()
        : null,
    livemode: settings.livemode,
  };
}

export const getSettings = settingsOf;

/**
 * Changes the default webhook URL (null clears it), the widget's origins, and/or rotates the signing
 * secret. The new secret is in this answer only; deliveries sent from now on — retries included — are
 * signed with it, and with the old one too while `expire_old_in_seconds` has not passed.
 */
export async function updateSettings(
  deps: AppDeps,
  shop: ShopMode,
  input: ShopSettingsUpdate,
  audit?: AuditBy,
): Promise<ShopSettings> {
  const shopId = shop.shopId;
  if (input.webhook_url) await assertWebhookUrlAllowed(input.webhook_url, deps.config);
  const webhookSecret = input.rotate_webhook_secret ? newWebhookSecret() : undefined;
  const overlap = input.expire_old_in_seconds ?? 0;
  // The old secret keeps signing (a second signature) until then: receivers switch without an outage.
  const previousSecretUntil = overlap > 0 ? new Date(deps.clock.now().getTime() + overlap * 1000) : null;
  await deps.db.transaction(async (tx) => {
    // The webhook_url setting is the shop's legacy endpoint of this mode (null removes it).
    if (input.webhook_url !== undefined)
      await setLegacyUrl(tx, {
        id: randomUUID(),
        shopId,
        livemode: shop.livemode,
        url: input.webhook_url,
        now: deps.clock.now(),
      });
    await repo.updateShopSettings(tx, shopId, {
      webhookSecret,
      previousSecretUntil,
      widgetOrigins: input.widget_origins ? [...new Set(input.widget_origins)] : undefined,
    });
    // What changed, never the secret itself.
    if (audit)
      await recordAudit(
        tx,
        { shopId, ...audit, action: 'settings.updated', details: input },
        deps.clock.now(),
      );
  });
  // The shop row (widget origins) sits in the key cache: forget it so the change applies at once.
  if (input.widget_origins) invalidateKeyCache();
  const settings = await settingsOf(deps, shop);
  return webhookSecret ? { ...settings, webhook_secret: webhookSecret } : settings;
}

const ago = (deps: AppDeps, ms: number) => new Date(deps.clock.now().getTime() - ms);

/** Retention (modules/retention): one batch of finished events older than RETENTION_EVENTS. */
export function purgeFinishedEvents(deps: AppDeps, batch: number): Promise<number> {
  return repo.deleteFinishedEvents(deps.db, ago(deps, deps.config.RETENTION_EVENTS), batch);
}

/** Retention: one batch of delivery attempts older than RETENTION_WEBHOOK_ATTEMPTS. */
export function purgeOldAttempts(deps: AppDeps, batch: number): Promise<number> {
  return repo.deleteOldAttempts(deps.db, ago(deps, deps.config.RETENTION_WEBHOOK_ATTEMPTS), batch);
}
