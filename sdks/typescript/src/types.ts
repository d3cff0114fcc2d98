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
export type WebhookEvent = Schemas['WebhookEvent'];
export type EventLog = Schemas['EventLog'];
export type ShopSettings = Schemas['ShopSettings'];
export type ShopSettingsUpdateInput = Schemas['ShopSettingsUpdateInput'];
export type KeyRotateInput = Schemas['KeyRotateInput'];
export type KeyRotated = Schemas['KeyRotated'];
export type WebhookDelivery = Schemas['WebhookDelivery'];
export type WebhookDeliveryList = Schemas['WebhookDeliveryList'];
export type WebhookEndpointHealth = Schemas['WebhookEndpointHealth'];
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
export type WebhookHealth = JsonOf<'getWebhookHealth'>;
