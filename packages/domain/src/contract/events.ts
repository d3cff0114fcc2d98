import { z } from 'zod';
import { ORDER_EVENT_TYPES, type OrderEventType } from '../order-event-types';
import { ORDER_STATUSES } from '../statuses';
import { Client } from './clients';
import { enumList, IsoDateTime, isoInstantOrDate, Uuid } from './common';
import { AcceptedOffer, Payout, Refund } from './orders';

export { ORDER_EVENT_TYPES, type OrderEventType } from '../order-event-types';

/**
 * What the shop's webhook_url (its first, legacy endpoint) and an order's own webhook_url receive:
 * the types there were before endpoints chose theirs, so a receiver written to the spec sees no type
 * it did not ask for. A new endpoint takes every type (`*`) unless it names some.
 */
export const LEGACY_EVENT_TYPES = [
  'order.status.changed',
  'order.client.updated',
  'order.payment.completed',
  'order.products.updated',
  'order.refund.created',
] as const satisfies readonly OrderEventType[];

/** The shop's test event (POST /api/webhooks/test): no order, only in the delivery log. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** Every event a delivery can carry. */
export const DELIVERY_EVENT_TYPES = [...ORDER_EVENT_TYPES, WEBHOOK_TEST_EVENT] as const;

/** What each event type means, for the OpenAPI document and the docs page. */
export const ORDER_EVENT_DESCRIPTIONS: Readonly<Record<OrderEventType, string>> = {
  'order.created':
    'Заказ создан (status client_expected). Только на адреса, которые выбрали это событие (enabled_events).',
  'order.status.changed': 'Статус заказа изменился (status, previous_status).',
  'order.client.updated': 'Покупатель сохранил данные анкеты (client).',
  'order.payment.completed': 'Банк оплатил заказ магазину (status payment_sent, payout).',
  'order.products.updated':
    'Магазин заменил товары заказа (amount, previous_amount, version, previous_version).',
  'order.refund.created': 'Оформлен возврат (refund, refunded_amount).',
};

const OrderStatus = z.enum(ORDER_STATUSES);

const EXAMPLE_EVENT = {
  event: 'order.status.changed',
  event_id: '0b6c1f9e-3d0a-4c47-9a1e-2f5d8c7b6a41',
  sequence: 3,
  order_id: '7d4f2a90-1c3b-4e5f-8a6d-9b0c1d2e3f40',
  order_number: '42',
  status: 'app_approved',
  previous_status: 'bank_info_expected',
  amount: 1050.3,
  shop_id: '5f0c2a1e-8b7d-4c3a-9e21-6d4f0b8a7c15',
  client: null,
  timestamp: '2026-11-24T09:30:00.000Z',
  external_id: 'ORDER-1001',
  metadata: {},
  refunded_amount: 0,
  return_url: 'https://romashka.ru/checkout/done',
  cancel_url: 'https://romashka.ru/cart',
  livemode: true,
};

/**
 * The body of an order webhook, exactly as it is signed and sent, and as the event log lists it.
 * Fields only some types carry are optional.
 */
export const WebhookEvent = z
  .object({
    event: z.enum(ORDER_EVENT_TYPES),
    /** The same id in the `webhook-id` header, the event log and (deduplication) on every retry. */
    event_id: Uuid,
    /** Counts the order's events from 1 (order.created is 0): puts late or repeated deliveries in order. */
    sequence: z
      .number()
      .int()
      .meta({ description: 'Номер события заказа: order.created — 0, изменения — с 1 по порядку' }),
    order_id: Uuid,
    order_number: z.string(),
    status: OrderStatus,
    previous_status: OrderStatus.nullable(),
    amount: z.number(),
    shop_id: Uuid,
    client: Client.nullable(),
    timestamp: IsoDateTime,
    external_id: z
      .string()
      .nullable()
      .meta({ description: 'Номер заказа в магазине (external_id) или null' }),
    metadata: z.record(z.string(), z.string()).meta({ description: 'metadata заказа, как при создании' }),
    refunded_amount: z.number().meta({ description: 'Возвращено всего по заказу, в рублях' }),
    return_url: z
      .string()
      .nullable()
      .optional()
      .meta({ description: 'return_url заказа (куда покупатель вернётся в магазин) или null' }),
    cancel_url: z
      .string()
      .nullable()
      .optional()
      .meta({ description: 'cancel_url заказа (куда вернётся, отказавшись) или null' }),
    livemode: z.boolean().meta({ description: 'true — событие боевого заказа, false — тестового' }),
    /** order.payment.completed only. */
    payout: Payout.nullable()
      .optional()
      .meta({ description: 'Только в order.payment.completed: выплата магазину' }),
    accepted_offer: AcceptedOffer.nullable()
      .optional()
      .meta({ description: 'Предложение банка, подписанное покупателем (после подписи), иначе null' }),
    /** order.products.updated only. */
    previous_amount: z.number().optional(),
    version: z.number().int().optional(),
    previous_version: z.number().int().optional(),
    /** order.refund.created only. */
    refund: Refund.optional().meta({ description: 'Только в order.refund.created: оформленный возврат' }),
  })
  // A field a later version adds reaches the event log as the webhook carried it, never stripped.
  .loose()
  .meta({ id: 'WebhookEvent', examples: [EXAMPLE_EVENT] });
export type WebhookEvent = z.infer<typeof WebhookEvent>;

export const EVENT_LOG_MAX_LIMIT = 100;
export const EVENT_LOG_DEFAULT_LIMIT = 20;

export const EventLogQuery = z.strictObject({
  after: Uuid.optional().meta({
    description:
      'event_id последнего обработанного события: вернутся следующие за ним. Нет — с самого старого.',
  }),
  starting_after: Uuid.optional().meta({
    description: 'То же, что after: имя курсора, общее для всех списков API. Вместе с другим after нельзя.',
  }),
  since: isoInstantOrDate('since: ожидается дата ГГГГ-ММ-ДД или дата-время ISO 8601 (с 1970 года)')
    .optional()
    .meta({
      description:
        'Только события начиная с этого момента: дата-время ISO 8601 или дата ГГГГ-ММ-ДД (с начала суток ' +
        'по Москве). Для того, кто потерял курсор after (старые события удаляются через RETENTION_EVENTS).',
    }),
  limit: z.coerce
    .number({ error: `limit: целое число от 1 до ${EVENT_LOG_MAX_LIMIT}` })
    .int(`limit: целое число от 1 до ${EVENT_LOG_MAX_LIMIT}`)
    .min(1, `limit: целое число от 1 до ${EVENT_LOG_MAX_LIMIT}`)
    .max(EVENT_LOG_MAX_LIMIT, `limit: целое число от 1 до ${EVENT_LOG_MAX_LIMIT}`)
    .default(EVENT_LOG_DEFAULT_LIMIT)
    .meta({ description: `Сколько событий вернуть: 1…${EVENT_LOG_MAX_LIMIT}` }),
  type: enumList(ORDER_EVENT_TYPES, 'type').meta({
    description: 'Только события этого типа; можно повторять (type=…&type=…) или перечислить через запятую',
  }),
  order_id: Uuid.optional().meta({ description: 'Только события этого заказа' }),
});
export type EventLogQuery = z.infer<typeof EventLogQuery>;

export const EventLog = z
  .object({
    items: z.array(WebhookEvent),
    /** More events follow: ask again with after = the last item's event_id. */
    has_more: z.boolean(),
  })
  .meta({ id: 'EventLog', examples: [{ items: [EXAMPLE_EVENT], has_more: false }] });
export type EventLog = z.infer<typeof EventLog>;
