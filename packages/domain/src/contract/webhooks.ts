import { z } from 'zod';
import { HttpUrl, IsoDateTime } from './common';

/** Webhook deliveries and the shop's integration settings (issue 8): the API's schemas and the shop area's types. */

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

export const WebhookAttempt = z
  .object({
    attempt: z.number().int(),
    started_at: IsoDateTime,
    /** Null while the attempt runs, or when its worker stopped before the answer. */
    duration_ms: z.number().int().nullable(),
    status_code: z.number().int().nullable(),
    error: z.string().nullable(),
  })
  .meta({ id: 'WebhookAttempt' });
export type WebhookAttempt = z.infer<typeof WebhookAttempt>;

export const WebhookDelivery = z
  .object({
    id: z.uuid(),
    event_id: z.uuid(),
    event: z.string(),
    order_id: z.uuid().nullable(),
    url: z.string(),
    status: z.enum(DELIVERY_STATUSES),
    attempts: z.number().int(),
    last_status_code: z.number().int().nullable(),
    last_error: z.string().nullable(),
    next_attempt_at: IsoDateTime.nullable(),
    delivered_at: IsoDateTime.nullable(),
    created_at: IsoDateTime,
    attempts_log: z.array(WebhookAttempt),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const WebhookDeliveryList = z
  .object({ items: z.array(WebhookDelivery), count: z.number().int() })
  .meta({ id: 'WebhookDeliveryList' });
export type WebhookDeliveryList = z.infer<typeof WebhookDeliveryList>;

export const DeliveryListQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  order_id: z.uuid({ error: 'order_id: ожидается id заказа (UUID)' }).optional(),
});
export type DeliveryListQuery = z.infer<typeof DeliveryListQuery>;

export const DeliveryIdParams = z.strictObject({ id: z.string().max(64) });

export const WebhookTestBody = z.strictObject({ url: HttpUrl.optional() }).meta({ id: 'WebhookTest' });
export type WebhookTestBody = z.infer<typeof WebhookTestBody>;

export const ShopSettings = z
  .object({
    webhook_url: z.string().nullable(),
    webhook_secret_hint: z.string(),
    secret_key_hint: z.string().nullable(),
    publishable_key_hint: z.string().nullable(),
    /** Only in the answer that rotated it: the new secret is shown once. */
    webhook_secret: z.string().optional(),
  })
  .meta({ id: 'ShopSettings' });
export type ShopSettings = z.infer<typeof ShopSettings>;

export const ShopSettingsUpdate = z
  .strictObject({
    webhook_url: HttpUrl.nullable().optional(),
    rotate_webhook_secret: z.boolean().optional(),
  })
  .meta({ id: 'ShopSettingsUpdate' });
export type ShopSettingsUpdate = z.infer<typeof ShopSettingsUpdate>;
