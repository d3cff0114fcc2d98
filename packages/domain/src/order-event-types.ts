/**
 * The events of an order a shop hears about: as webhooks (signed POSTs), in the event log
 * (GET /api/order/events) and on the live stream. One list, so the API, the OpenAPI document's
 * `webhooks` section and the SDKs cannot disagree.
 */
export const ORDER_EVENT_TYPES = [
  /** The order was created (written with the order): only endpoints that ask for it get it. */
  'order.created',
  'order.status.changed',
  'order.client.updated',
  'order.payment.completed',
  /** The shop replaced the products while the buyer had not applied: new amount and version, so the buyer sees the new order. */
  'order.products.updated',
  // DESIGN §11: a return was taken; the body carries `refund` and the order's `refunded_amount`.
  'order.refund.created',
] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];

/**
 * Russian names of the event types, for the shop area's choice of events. Apart from the contract
 * (contract/events.ts and webhook-endpoints.ts re-export them): the settings page needs them without
 * the contract's zod schemas.
 */
export const ORDER_EVENT_LABELS: Readonly<Record<OrderEventType, string>> = {
  'order.created': 'Заказ создан',
  'order.status.changed': 'Статус заказа изменился',
  'order.client.updated': 'Покупатель заполнил данные',
  'order.payment.completed': 'Оплата получена',
  'order.products.updated': 'Товары заказа изменены',
  'order.refund.created': 'Оформлен возврат',
};
