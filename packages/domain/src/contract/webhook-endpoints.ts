import { z } from 'zod';
import { ORDER_EVENT_TYPES } from '../order-event-types';
import { HttpUrl, IsoDateTime, Uuid } from './common';
import { WebhookEndpointIdParam } from './params';
import { ExpireOldInSeconds } from './webhooks';

/**
 * Webhook endpoints (DESIGN: "Webhook endpoints", as Stripe and Svix have them): each its own URL,
 * its own `whsec_` secret and its own choice of events (`enabled_events`, `*` — all), in one mode (test
 * or live) of the shop. The shop's webhook_url setting is its first endpoint (`legacy`).
 */

/** Every value `enabled_events` takes: `*` (every type, new ones too) or an order event type. */
export const ENDPOINT_EVENT_CHOICES = ['*', ...ORDER_EVENT_TYPES] as const;
export type EndpointEventChoice = (typeof ENDPOINT_EVENT_CHOICES)[number];

export const ENABLED_EVENTS_MESSAGE = `enabled_events: допустимые значения — ${ENDPOINT_EVENT_CHOICES.join(', ')}`;

export { ORDER_EVENT_LABELS } from '../order-event-types';

export const MAX_ENDPOINT_DESCRIPTION = 500;
const DESCRIPTION_MESSAGE = `description: не длиннее ${MAX_ENDPOINT_DESCRIPTION} символов`;

export const EnabledEvents = z
  .array(z.enum(ENDPOINT_EVENT_CHOICES, { error: ENABLED_EVENTS_MESSAGE }), { error: ENABLED_EVENTS_MESSAGE })
  .min(1, 'enabled_events: выберите хотя бы одно событие (или ["*"] — все)')
  .max(ENDPOINT_EVENT_CHOICES.length * 2, ENABLED_EVENTS_MESSAGE)
  .meta({
    description: `Какие события получает адрес: ["*"] — все (и новые), иначе перечень из ${ORDER_EVENT_TYPES.join(', ')}`,
  });

const Description = z.string().trim().max(MAX_ENDPOINT_DESCRIPTION, DESCRIPTION_MESSAGE);

const EXAMPLE_ENDPOINT = {
  id: '3c1f7b2a-5d4e-4f60-9a8b-7c6d5e4f3a21',
  url: 'https://romashka.ru/b2bpay/orders',
  description: 'Учётная система',
  enabled_events: ['order.created', 'order.payment.completed'],
  status: 'enabled' as const,
  livemode: true,
  legacy: false,
  secret_hint: 'whsec_…pRqU',
  previous_secret_expires_at: null,
  created_at: '2026-11-24T09:30:00.000Z',
  updated_at: '2026-11-24T09:30:00.000Z',
};

export const WebhookEndpoint = z
  .object({
    id: Uuid,
    url: z.string(),
    description: z.string().nullable(),
    enabled_events: z.array(z.enum(ENDPOINT_EVENT_CHOICES)),
    status: z.enum(['enabled', 'disabled']),
    livemode: z.boolean().meta({
      description: 'true — боевой режим, false — тестовый: адрес получает события только своего режима',
    }),
    legacy: z.boolean().meta({
      description:
        'Адрес из настроек магазина (webhook_url): подписывается секретом магазина, его меняет и ротация из настроек',
    }),
    secret_hint: z.string().meta({ description: 'Начало и последние 4 символа секрета подписи' }),
    /** Only in the answers that create the endpoint or rotate its secret: shown once. */
    secret: z
      .string()
      .optional()
      .meta({ description: 'Секрет подписи whsec_…: только в ответе создания и ротации' }),
    previous_secret_expires_at: IsoDateTime.nullable().meta({
      description: 'До какого времени вебхуки несут и подпись старым секретом (ротация с перекрытием)',
    }),
    created_at: IsoDateTime,
    updated_at: IsoDateTime,
  })
  .meta({ id: 'WebhookEndpoint', examples: [EXAMPLE_ENDPOINT] });
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

export const WebhookEndpointList = z
  .object({
    items: z.array(WebhookEndpoint),
    /** More follow: ask with starting_after = the last item's id. */
    has_more: z.boolean(),
  })
  .meta({ id: 'WebhookEndpointList', examples: [{ items: [EXAMPLE_ENDPOINT], has_more: false }] });
export type WebhookEndpointList = z.infer<typeof WebhookEndpointList>;

const ENDPOINT_LIMIT_TEXT = 'limit: целое число от 1 до 100';

export const WebhookEndpointListQuery = z.strictObject({
  limit: z.coerce
    .number({ error: ENDPOINT_LIMIT_TEXT })
    .int(ENDPOINT_LIMIT_TEXT)
    .min(1, ENDPOINT_LIMIT_TEXT)
    .max(100, ENDPOINT_LIMIT_TEXT)
    .default(20)
    .meta({ description: 'Адресов на странице: 1…100' }),
  starting_after: z
    .uuid({ error: 'starting_after: ожидается id адреса (UUID)' })
    .optional()
    .meta({ description: 'id последнего адреса предыдущей страницы: вернутся следующие за ним' }),
});
export type WebhookEndpointListQuery = z.infer<typeof WebhookEndpointListQuery>;

export const WebhookEndpointCreate = z
  .strictObject({
    url: HttpUrl,
    description: Description.optional(),
    enabled_events: EnabledEvents.optional(),
  })
  .meta({
    id: 'WebhookEndpointCreate',
    examples: [{ url: 'https://romashka.ru/b2bpay/orders', enabled_events: ['order.created'] }],
  });
export type WebhookEndpointCreate = z.infer<typeof WebhookEndpointCreate>;

export const WebhookEndpointUpdate = z
  .strictObject({
    url: HttpUrl.optional(),
    description: Description.nullable().optional(),
    enabled_events: EnabledEvents.optional(),
    disabled: z.boolean({ error: 'disabled: ожидается true или false' }).optional(),
  })
  .meta({ id: 'WebhookEndpointUpdate', examples: [{ disabled: true }] });
export type WebhookEndpointUpdate = z.infer<typeof WebhookEndpointUpdate>;

export const WebhookEndpointSecretRotate = z
  .strictObject({ expire_old_in_seconds: ExpireOldInSeconds.optional() })
  .meta({ id: 'WebhookEndpointSecretRotate', examples: [{ expire_old_in_seconds: 86_400 }] });
export type WebhookEndpointSecretRotate = z.infer<typeof WebhookEndpointSecretRotate>;

export const WebhookEndpointIdParams = z.strictObject({ id: WebhookEndpointIdParam });

export const WebhookEndpointDeleted = z
  .object({ id: Uuid, deleted: z.literal(true) })
  .meta({ id: 'WebhookEndpointDeleted', examples: [{ id: EXAMPLE_ENDPOINT.id, deleted: true }] });
export type WebhookEndpointDeleted = z.infer<typeof WebhookEndpointDeleted>;
