import { z } from 'zod';
import {
  MAX_WIDGET_ORIGINS,
  normalizeWidgetOrigin,
  WIDGET_ORIGIN_INVALID,
  WIDGET_ORIGINS_TOO_MANY,
} from '../widget-origins';
import { HttpUrl, IsoDateTime, isoInstant } from './common';
import { DELIVERY_EVENT_TYPES } from './events';
import { listCursors } from './list-cursors';
import { DeliveryIdParam, OffsetPage } from './params';

/** Webhook deliveries and the shop's integration settings (docs/product/DESIGN.md §6): the API's schemas and the shop area's types. */

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

/** A delivery of the document's examples: the order's approval, delivered at the second attempt. */
const EXAMPLE_DELIVERY = {
  id: '1d6f3b8e-9a2c-4d5f-b7e1-3a8c0d5f2b96',
  event_id: '0b6c1f9e-3d0a-4c47-9a1e-2f5d8c7b6a41',
  event: 'order.status.changed' as const,
  order_id: '7d4f2a90-1c3b-4e5f-8a6d-9b0c1d2e3f40',
  url: 'https://romashka.ru/b2bpay/webhook',
  endpoint_id: '3c1f7b2a-5d4e-4f60-9a8b-7c6d5e4f3a21',
  status: 'delivered' as const,
  attempts: 2,
  last_status_code: 200,
  last_error: null,
  next_attempt_at: null,
  delivered_at: '2026-11-24T09:53:01.000Z',
  created_at: '2026-11-24T09:52:00.000Z',
  livemode: true,
  attempts_log: [
    {
      attempt: 1,
      started_at: '2026-11-24T09:52:00.000Z',
      duration_ms: 10_000,
      status_code: null,
      error: 'Нет ответа за 10000 мс',
    },
    { attempt: 2, started_at: '2026-11-24T09:53:00.000Z', duration_ms: 184, status_code: 200, error: null },
  ],
};

export const WebhookAttempt = z
  .object({
    attempt: z.number().int(),
    started_at: IsoDateTime,
    /** Null while the attempt runs, or when its worker stopped before the answer. */
    duration_ms: z.number().int().nullable(),
    status_code: z.number().int().nullable(),
    error: z.string().nullable(),
  })
  .meta({ id: 'WebhookAttempt', examples: [EXAMPLE_DELIVERY.attempts_log[0]] });
export type WebhookAttempt = z.infer<typeof WebhookAttempt>;

export const WebhookDelivery = z
  .object({
    id: z.uuid(),
    event_id: z.uuid(),
    event: z.enum(DELIVERY_EVENT_TYPES),
    order_id: z.uuid().nullable(),
    url: z.string(),
    endpoint_id: z.uuid().nullable().meta({
      description:
        'Адрес вебхука (webhook endpoint), на который идёт доставка; null — адрес заказа или тестовая отправка',
    }),
    status: z.enum(DELIVERY_STATUSES),
    attempts: z.number().int(),
    last_status_code: z.number().int().nullable(),
    last_error: z.string().nullable(),
    next_attempt_at: IsoDateTime.nullable(),
    delivered_at: IsoDateTime.nullable(),
    created_at: IsoDateTime,
    livemode: z.boolean().meta({ description: 'true — доставка боевого режима, false — тестового' }),
    attempts_log: z.array(WebhookAttempt),
  })
  .meta({ id: 'WebhookDelivery', examples: [EXAMPLE_DELIVERY] });
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const WebhookDeliveryList = z
  .object({
    items: z.array(WebhookDelivery),
    /** Every delivery the filter matches (not only this page's). */
    count: z.number().int(),
    /** More deliveries follow this page: ask with starting_after = the last item's id. */
    has_more: z.boolean(),
  })
  .meta({ id: 'WebhookDeliveryList', examples: [{ items: [EXAMPLE_DELIVERY], count: 1, has_more: false }] });
export type WebhookDeliveryList = z.infer<typeof WebhookDeliveryList>;

const DELIVERY_LIMIT_TEXT = 'limit: целое число от 1 до 100';

export const DeliveryListQuery = z.strictObject({
  page: OffsetPage,
  limit: z.coerce
    .number({ error: DELIVERY_LIMIT_TEXT })
    .int(DELIVERY_LIMIT_TEXT)
    .min(1, DELIVERY_LIMIT_TEXT)
    .max(100, DELIVERY_LIMIT_TEXT)
    .default(20)
    .meta({ description: 'Доставок на странице: 1…100' }),
  ...listCursors('доставки', 'Вместе с page > 1 нельзя.'),
  order_id: z
    .uuid({ error: 'order_id: ожидается id заказа (UUID)' })
    .optional()
    .meta({ description: 'Только доставки событий этого заказа (id заказа, UUID)' }),
  endpoint_id: z
    .uuid({ error: 'endpoint_id: ожидается id адреса вебхука (UUID)' })
    .optional()
    .meta({ description: 'Только доставки на этот адрес вебхука (webhook endpoint)' }),
});
export type DeliveryListQuery = z.infer<typeof DeliveryListQuery>;

export const DeliveryIdParams = z.strictObject({ id: DeliveryIdParam });

export const WebhookTestBody = z
  .strictObject({ url: HttpUrl.optional() })
  .meta({ id: 'WebhookTest', examples: [{ url: 'https://shop.example.ru/b2bpay' }] });
export type WebhookTestBody = z.infer<typeof WebhookTestBody>;

/** Up to this long both the old and the new key, or both webhook signatures, keep working: 7 days. */
export const MAX_ROTATION_OVERLAP_SECONDS = 604_800;

/** How long the old key or secret keeps working after a rotation; 0 — it stops at once. */
export const ExpireOldInSeconds = z
  .number({ error: `expire_old_in_seconds: целое число секунд от 0 до ${MAX_ROTATION_OVERLAP_SECONDS}` })
  .int(`expire_old_in_seconds: целое число секунд от 0 до ${MAX_ROTATION_OVERLAP_SECONDS}`)
  .min(0, `expire_old_in_seconds: целое число секунд от 0 до ${MAX_ROTATION_OVERLAP_SECONDS}`)
  .max(
    MAX_ROTATION_OVERLAP_SECONDS,
    `expire_old_in_seconds: не больше ${MAX_ROTATION_OVERLAP_SECONDS} (7 дней)`,
  )
  .meta({
    description:
      'Сколько секунд после смены старый ключ (или старый секрет подписи) ещё действует: 0 — сразу перестаёт, ' +
      'до 604800 (7 дней). Пока он действует, работают оба ключа, а каждый вебхук несёт обе подписи.',
  });

export {
  MAX_WIDGET_ORIGINS,
  normalizeWidgetOrigin,
  WIDGET_ORIGIN_INVALID,
  WIDGET_ORIGINS_TOO_MANY,
  widgetOriginFromInput,
} from '../widget-origins';

/** `https://host[:port]` exactly, as a browser sends it in Origin; lower-cased. */
export const WidgetOrigin = z
  .string()
  .trim()
  .max(300)
  .transform((v) => v.toLowerCase().replace(/\/$/, ''))
  .refine((v) => normalizeWidgetOrigin(v) === v, WIDGET_ORIGIN_INVALID);

export const ShopSettings = z
  .object({
    webhook_url: z.string().nullable(),
    webhook_secret_hint: z.string(),
    secret_key_hint: z.string().nullable(),
    publishable_key_hint: z.string().nullable(),
    /** Only in the answer that rotated it: the new secret is shown once. */
    webhook_secret: z.string().optional(),
    /** Sites the publishable key may be used from (Origin); empty — any. */
    widget_origins: z.array(z.string()).meta({
      description:
        'Сайты (https://…), с которых можно использовать публикуемый ключ pk_: запрос с другим Origin — 403. Пусто — любые.',
    }),
    /** While the previous webhook secret still signs (a rotation with an overlap), until when. */
    previous_webhook_secret_expires_at: IsoDateTime.nullable(),
    livemode: z.boolean().meta({
      description:
        'Режим, к которому относятся эти настройки и ключи: true — боевой, false — тестовый (у каждого режима свои ' +
        'ключи, адрес вебхуков, секрет и список сайтов).',
    }),
  })
  .meta({
    id: 'ShopSettings',
    examples: [
      {
        webhook_url: 'https://romashka.ru/b2bpay/webhook',
        webhook_secret_hint: 'whsec_…pRqU=',
        secret_key_hint: 'sk_live_…1qPa',
        publishable_key_hint: 'pk_live_TYooMQauvdEDq54NiTphI7jxR3kW9sLe',
        widget_origins: ['https://romashka.ru'],
        previous_webhook_secret_expires_at: null,
        livemode: true,
      },
    ],
  });
export type ShopSettings = z.infer<typeof ShopSettings>;

export const ShopSettingsUpdate = z
  .strictObject({
    webhook_url: HttpUrl.nullable().optional(),
    rotate_webhook_secret: z.boolean().optional(),
    /** With rotate_webhook_secret: until then every webhook carries both signatures. */
    expire_old_in_seconds: ExpireOldInSeconds.optional(),
    widget_origins: z.array(WidgetOrigin).max(MAX_WIDGET_ORIGINS, WIDGET_ORIGINS_TOO_MANY).optional(),
  })
  .meta({
    id: 'ShopSettingsUpdate',
    examples: [
      { webhook_url: 'https://shop.example.ru/b2bpay', widget_origins: ['https://shop.example.ru'] },
    ],
  });
export type ShopSettingsUpdate = z.infer<typeof ShopSettingsUpdate>;

// Failure you can see and act on (docs/product/DESIGN.md §6) — the address's health and the bulk re-send.

/** The shop's current webhook address as deliveries to it have gone (GET /api/webhooks/health). */
export const WebhookEndpointHealth = z
  .object({
    /** The shop's current default address; null when none is set. */
    url: z.string().nullable(),
    /** A delivery to it failed for good and none has been delivered since. */
    failing: z.boolean(),
    failing_since: IsoDateTime.nullable(),
    last_error: z.string().nullable(),
    last_failure_at: IsoDateTime.nullable(),
    /** No answer again and again: attempts are skipped (failed at once) until then. */
    paused_until: IsoDateTime.nullable(),
    /** Failed deliveries of the shop (any address), the ones a bulk re-send would send again. */
    failed_deliveries: z.number().int(),
    /** Deliveries of the shop that did not get through yet and wait for their next attempt. */
    retrying_deliveries: z.number().int().meta({
      description: 'Доставки, которые ещё не дошли и ждут следующей попытки по расписанию',
    }),
  })
  .meta({
    id: 'WebhookEndpointHealth',
    examples: [
      {
        url: 'https://romashka.ru/b2bpay/webhook',
        failing: true,
        failing_since: '2026-11-24T10:15:00.000Z',
        last_error: 'Получатель ответил HTTP 502',
        last_failure_at: '2026-11-24T11:15:00.000Z',
        paused_until: null,
        failed_deliveries: 3,
        retrying_deliveries: 1,
      },
    ],
  });
export type WebhookEndpointHealth = z.infer<typeof WebhookEndpointHealth>;

const SinceDateTime = isoInstant('since: ожидается дата-время ISO 8601 (с 1970 года)');

/** Re-send every failed delivery created since `since`, to `url` or the shop's current address. */
export const WebhookResendBody = z
  .strictObject({ since: SinceDateTime, url: HttpUrl.optional() })
  .meta({ id: 'WebhookResend', examples: [{ since: '2026-11-23T00:00:00+03:00' }] });
export type WebhookResendBody = z.infer<typeof WebhookResendBody>;

export const WebhookResendResult = z
  .object({ resent: z.number().int(), url: z.string() })
  .meta({ id: 'WebhookResendResult', examples: [{ resent: 3, url: 'https://romashka.ru/b2bpay/webhook' }] });
export type WebhookResendResult = z.infer<typeof WebhookResendResult>;

/** A single re-send may name the address (checked like any other); else the shop's current one. */
export const DeliveryRetryBody = z
  .strictObject({ url: HttpUrl.optional() })
  .meta({ id: 'DeliveryRetry', examples: [{}] });
export type DeliveryRetryBody = z.infer<typeof DeliveryRetryBody>;

/** The addresses B2BPay's webhooks leave from (the specification advises receivers to check them). */
export const WebhookSenderIps = z
  .object({ ips: z.array(z.string()) })
  .meta({ id: 'WebhookSenderIps', examples: [{ ips: ['203.0.113.10', '203.0.113.11'] }] });
