import type {
  KeyRotated,
  ShopSettings,
  ShopSettingsUpdate,
  Stats,
  StatusHistoryEntry,
  WebhookDelivery,
  WebhookDeliveryList,
} from '@b2bpay/domain';
import { DOCUMENTED_ERRORS, request, requireParam } from '../../../shared/api/http';

/**
 * The shop area's own calls (issue 8): statistics, status history, webhook deliveries, settings and
 * key rotation. All of them need the shop's secret key.
 */

/** The wire types of deliveries and settings come from the shared contract (packages/domain). */
export type {
  ShopSettings,
  ShopSettingsUpdate,
  WebhookAttempt,
  WebhookDelivery,
  WebhookDeliveryList,
} from '@b2bpay/domain';
export type DeliveryStatus = WebhookDelivery['status'];

export type KeyKind = KeyRotated['kind'];

const SHOP_ERRORS = [...DOCUMENTED_ERRORS, 403] as const;

export function getStats(
  range: { dateFrom: string; dateTo: string },
  token: string | null,
  signal?: AbortSignal,
): Promise<Stats> {
  return request<Stats>({
    method: 'GET',
    path: '/api/stats',
    query: { date_from: range.dateFrom, date_to: range.dateTo },
    token,
    signal,
    errorStatuses: SHOP_ERRORS,
  });
}

export function getOrderHistory(
  orderId: string,
  token: string | null,
  signal?: AbortSignal,
): Promise<StatusHistoryEntry[]> {
  requireParam(orderId, 'OrderApi', 'getOrderHistory', 'orderId');
  return request<StatusHistoryEntry[]>({
    method: 'GET',
    path: `/api/order/orders/${encodeURIComponent(orderId)}/history`,
    token,
    signal,
    errorStatuses: SHOP_ERRORS,
  });
}

export function listDeliveries(
  params: { page: number; orderId?: string },
  token: string | null,
  signal?: AbortSignal,
): Promise<WebhookDeliveryList> {
  return request<WebhookDeliveryList>({
    method: 'GET',
    path: '/api/webhooks/deliveries',
    query: { page: params.page, order_id: params.orderId },
    token,
    signal,
    errorStatuses: SHOP_ERRORS,
  });
}

export function retryDelivery(deliveryId: string, token: string | null): Promise<WebhookDelivery> {
  requireParam(deliveryId, 'WebhookApi', 'retryDelivery', 'deliveryId');
  return request<WebhookDelivery>({
    method: 'POST',
    path: `/api/webhooks/deliveries/${encodeURIComponent(deliveryId)}/retry`,
    token,
    errorStatuses: [...SHOP_ERRORS, 409],
  });
}

/** A `webhook.test` event to `url`, or to the shop's default address when url is omitted. */
export function sendTestWebhook(url: string | undefined, token: string | null): Promise<WebhookDelivery> {
  return request<WebhookDelivery>({
    method: 'POST',
    path: '/api/webhooks/test',
    body: url ? { url } : {},
    token,
    errorStatuses: SHOP_ERRORS,
  });
}

export function getSettings(token: string | null, signal?: AbortSignal): Promise<ShopSettings> {
  return request<ShopSettings>({
    method: 'GET',
    path: '/api/shop/settings',
    token,
    signal,
    errorStatuses: SHOP_ERRORS,
  });
}

export function updateSettings(body: ShopSettingsUpdate, token: string | null): Promise<ShopSettings> {
  return request<ShopSettings>({
    method: 'PUT',
    path: '/api/shop/settings',
    body,
    token,
    errorStatuses: SHOP_ERRORS,
  });
}

/** A new key of that kind; the old one stops working at once. */
export function rotateKey(kind: KeyKind, token: string | null): Promise<KeyRotated> {
  return request<KeyRotated>({
    method: 'POST',
    path: '/api/shop/keys/rotate',
    body: { kind },
    token,
    errorStatuses: SHOP_ERRORS,
  });
}
