import type { components, operations } from './schema.generated.js';

/** The API's own names for its objects, from the generated OpenAPI types. */
type Schemas = components['schemas'];
export type Order = Schemas['Order'];
export type OrderList = Schemas['OrderList'];
export type OrderCreateInput = Schemas['OrderCreateInput'];
export type ProductCreateInput = Schemas['ProductCreateInput'];
export type CancelOrderInput = Schemas['CancelOrderInput'];
export type Refund = Schemas['Refund'];
export type RefundList = Schemas['RefundList'];
export type RefundCreateInput = Schemas['RefundCreateInput'];
export type StatusHistoryEntry = Schemas['StatusHistoryEntry'];
export type Payout = Schemas['Payout'];
/** A bank's offer to the buyer (`order.offers`, while the order is approved and nothing is signed). */
export type Offer = Schemas['Offer'];
/** The offer the buyer signed with the SMS code (`order.accepted_offer`); the bank pays after it. */
export type AcceptedOffer = Schemas['AcceptedOffer'];
/** What every order event carries; `event` and the fields of one type alone are in WebhookEvent. */
export type WebhookEventBase = Omit<
  NamedFields<Schemas['WebhookEvent']>,
  'event' | 'payout' | 'previous_amount' | 'version' | 'previous_version' | 'refund'
> & { [field: string]: unknown };
/** A type's named fields without its index signature (Omit over an index signature keeps nothing). */
type NamedFields<T> = { [K in keyof T as string extends K ? never : K]: T[K] };
/**
 * An order event as the webhooks and the event log carry it, discriminated by `event`: after
 * `if (e.event === 'order.refund.created')` TypeScript knows `e.refund` is there. The OpenAPI
 * document describes one object with the per-type fields optional; this is the same data, typed by type.
 */
export type WebhookEvent =
  | (WebhookEventBase & { event: 'order.created' })
  | (WebhookEventBase & { event: 'order.status.changed' })
  | (WebhookEventBase & { event: 'order.client.updated' })
  | (WebhookEventBase & { event: 'order.payment.completed'; payout: Payout | null })
  | (WebhookEventBase & {
      event: 'order.products.updated';
      previous_amount: number;
      version: number;
      previous_version: number;
    })
  | (WebhookEventBase & { event: 'order.refund.created'; refund: Refund });
/** Every `event` value an order event can have. */
export type WebhookEventType = WebhookEvent['event'];
/** The event log's page: its items typed as WebhookEvent. */
export type EventLog = Omit<Schemas['EventLog'], 'items'> & { items: WebhookEvent[] };
export type ShopSettings = Schemas['ShopSettings'];
export type ShopSettingsUpdateInput = Schemas['ShopSettingsUpdateInput'];
export type KeyRotateInput = Schemas['KeyRotateInput'];
export type KeyRotated = Schemas['KeyRotated'];
export type WebhookDelivery = Schemas['WebhookDelivery'];
export type WebhookDeliveryList = Schemas['WebhookDeliveryList'];
export type WebhookEndpointHealth = Schemas['WebhookEndpointHealth'];
export type WebhookEndpoint = Schemas['WebhookEndpoint'];
export type WebhookEndpointList = Schemas['WebhookEndpointList'];
export type WebhookEndpointDeleted = Schemas['WebhookEndpointDeleted'];
export type WebhookEndpointCreateInput = Schemas['WebhookEndpointCreateInput'];
export type WebhookEndpointUpdateInput = Schemas['WebhookEndpointUpdateInput'];
export type WebhookEndpointSecretRotateInput = Schemas['WebhookEndpointSecretRotateInput'];
export type WebhookResendInput = Schemas['WebhookResendInput'];
export type WebhookResendResult = Schemas['WebhookResendResult'];
export type WebhookTestInput = Schemas['WebhookTestInput'];
export type DeliveryRetryInput = Schemas['DeliveryRetryInput'];
export type ErrorBody = Schemas['Error'];
export type FieldError = Schemas['FieldError'];

/** An operation's query parameters, JSON body and 200 answer, by its operationId. */
export type QueryOf<Op extends keyof operations> = NonNullable<operations[Op]['parameters']['query']>;
export type JsonOf<Op extends keyof operations> = operations[Op] extends {
  responses: { 200: { content: { 'application/json': infer T } } };
}
  ? T
  : never;

export type ListOrdersQuery = QueryOf<'listOrders'>;
export type ListEventsQuery = QueryOf<'listEvents'>;
export type ExportOrdersQuery = QueryOf<'exportOrdersCsv'>;
export type ListDeliveriesQuery = QueryOf<'listWebhookDeliveries'>;
export type ListWebhookEndpointsQuery = QueryOf<'listWebhookEndpoints'>;
export type WebhookHealth = JsonOf<'getWebhookHealth'>;
