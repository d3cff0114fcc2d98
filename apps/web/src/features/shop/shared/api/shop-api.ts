import type {
  KeyRotated,
  Order,
  OrderExportQuery,
  Refund,
  RefundCreate,
  RefundList,
  ShopSettings,
  ShopSettingsUpdate,
  Stats,
  StatusHistoryEntry,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookEndpoint,
  WebhookEndpointCreate,
  WebhookEndpointList,
  WebhookEndpointUpdate,
} from '@b2bpay/domain';
import { cleanText } from '@b2bpay/domain';
import {
  ApiError,
  bodyMessage,
  buildQuery,
  DOCUMENTED_ERRORS,
  requireParam,
} from '../../../../shared/api/http';
import { sessionHeaders } from '../../../../shared/api/session-credentials';
import { callApi } from '../../../../shared/api/typed-client';

/**
 * The shop area's own calls: statistics, status history, webhook deliveries, settings and
 * key rotation. All of them need the shop's secret key.
 */

/** The wire types of deliveries and settings come from the shared contract (packages/domain). */
export type {
  ShopSettings,
  ShopSettingsUpdate,
  WebhookAttempt,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookEndpoint,
  WebhookEndpointCreate,
  WebhookEndpointUpdate,
} from '@b2bpay/domain';
export type DeliveryStatus = WebhookDelivery['status'];

export type KeyKind = KeyRotated['kind'];

const SHOP_ERRORS = [...DOCUMENTED_ERRORS, 403] as const;

export function getStats(
  range: { dateFrom: string; dateTo: string },
  token: string | null,
  signal?: AbortSignal,
): Promise<Stats> {
  return callApi('GET', '/api/stats', {
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
  return callApi('GET', '/api/order/orders/{order_id}/history', {
    path: { order_id: orderId },
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
  return callApi('GET', '/api/webhooks/deliveries', {
    query: { page: params.page, order_id: params.orderId },
    token,
    signal,
    errorStatuses: SHOP_ERRORS,
  });
}

export function retryDelivery(deliveryId: string, token: string | null): Promise<WebhookDelivery> {
  requireParam(deliveryId, 'WebhookApi', 'retryDelivery', 'deliveryId');
  return callApi('POST', '/api/webhooks/deliveries/{id}/retry', {
    path: { id: deliveryId },
    token,
    errorStatuses: [...SHOP_ERRORS, 409],
  });
}

/** «Отправить сейчас»: the next attempt of a delivery waiting for its retry, now (409 when none waits). */
export function sendDeliveryNow(deliveryId: string, token: string | null): Promise<WebhookDelivery> {
  requireParam(deliveryId, 'WebhookApi', 'sendDeliveryNow', 'deliveryId');
  return callApi('POST', '/api/webhooks/deliveries/{id}/send-now', {
    path: { id: deliveryId },
    token,
    errorStatuses: [...SHOP_ERRORS, 409],
  });
}

/** A `webhook.test` event to `url`, or to the shop's default address when url is omitted. */
export function sendTestWebhook(url: string | undefined, token: string | null): Promise<WebhookDelivery> {
  return callApi('POST', '/api/webhooks/test', {
    body: url ? { url } : {},
    token,
    errorStatuses: SHOP_ERRORS,
  });
}

/** The shop's webhook endpoints of the key's (or session's) mode, oldest first. */
export function listWebhookEndpoints(
  token: string | null,
  signal?: AbortSignal,
): Promise<WebhookEndpointList> {
  return callApi('GET', '/api/webhooks/endpoints', {
    query: { limit: 100 },
    token,
    signal,
    errorStatuses: SHOP_ERRORS,
  });
}

/** A new endpoint; its secret is in this answer only. */
export function createWebhookEndpoint(
  body: WebhookEndpointCreate,
  token: string | null,
): Promise<WebhookEndpoint> {
  return callApi('POST', '/api/webhooks/endpoints', { body, token, errorStatuses: SHOP_ERRORS });
}

export function updateWebhookEndpoint(
  id: string,
  body: WebhookEndpointUpdate,
  token: string | null,
): Promise<WebhookEndpoint> {
  requireParam(id, 'WebhookApi', 'updateWebhookEndpoint', 'id');
  return callApi('PATCH', '/api/webhooks/endpoints/{id}', {
    path: { id },
    body,
    token,
    errorStatuses: [...SHOP_ERRORS, 404],
  });
}

export function deleteWebhookEndpoint(id: string, token: string | null): Promise<unknown> {
  requireParam(id, 'WebhookApi', 'deleteWebhookEndpoint', 'id');
  return callApi('DELETE', '/api/webhooks/endpoints/{id}', {
    path: { id },
    token,
    errorStatuses: [...SHOP_ERRORS, 404],
  });
}

/** A new signing secret of the endpoint, shown once; the old one stops signing at once. */
export function rotateWebhookEndpointSecret(id: string, token: string | null): Promise<WebhookEndpoint> {
  requireParam(id, 'WebhookApi', 'rotateWebhookEndpointSecret', 'id');
  return callApi('POST', '/api/webhooks/endpoints/{id}/secret/rotate', {
    path: { id },
    body: {},
    token,
    errorStatuses: [...SHOP_ERRORS, 404],
  });
}

export function getSettings(token: string | null, signal?: AbortSignal): Promise<ShopSettings> {
  return callApi('GET', '/api/shop/settings', {
    token,
    signal,
    errorStatuses: SHOP_ERRORS,
  });
}

export function updateSettings(body: ShopSettingsUpdate, token: string | null): Promise<ShopSettings> {
  return callApi('PUT', '/api/shop/settings', {
    body,
    token,
    errorStatuses: SHOP_ERRORS,
  });
}

/**
 * A new key of that kind; the old one stops working at once, or after `expireOld` (the
 * field is sent only when above 0, the API's default).
 */
export function rotateKey(
  kind: KeyKind,
  token: string | null,
  expireOld: { expire_old_in_seconds?: number } = {},
): Promise<KeyRotated> {
  return callApi('POST', '/api/shop/keys/rotate', {
    // The document gives expire_old_in_seconds a default (0), which openapi-typescript types as
    // required; the server fills the default in, and the field is sent only when above 0.
    body: { kind, ...expireOld } as { kind: KeyKind; expire_old_in_seconds: number },
    token,
    errorStatuses: SHOP_ERRORS,
  });
}

/** Cancels the order (DESIGN §11); a cancelled order is answered as it is. */
export function cancelOrder(orderId: string, reason: string, token: string | null): Promise<Order> {
  requireParam(orderId, 'OrderApi', 'cancelOrder', 'orderId');
  return callApi('POST', '/api/order/orders/{order_id}/cancel', {
    path: { order_id: orderId },
    body: cleanText(reason) ? { reason: cleanText(reason) } : {},
    token,
    errorStatuses: [...SHOP_ERRORS, 409],
  });
}

/** A return of a paid order; `idempotencyKey` makes a retried click return once. */
export function createRefund(
  orderId: string,
  body: RefundCreate,
  idempotencyKey: string,
  token: string | null,
): Promise<Refund> {
  requireParam(orderId, 'OrderApi', 'createRefund', 'orderId');
  return callApi('POST', '/api/order/orders/{order_id}/refunds', {
    path: { order_id: orderId },
    body,
    token,
    headers: { 'Idempotency-Key': idempotencyKey },
    errorStatuses: [...SHOP_ERRORS, 409, 422],
  });
}

export function listRefunds(
  orderId: string,
  token: string | null,
  signal?: AbortSignal,
): Promise<RefundList> {
  requireParam(orderId, 'OrderApi', 'listRefunds', 'orderId');
  return callApi('GET', '/api/order/orders/{order_id}/refunds', {
    path: { order_id: orderId },
    token,
    signal,
    errorStatuses: SHOP_ERRORS,
  });
}

/** When the answer names no file (it always does): the export's name without its date. */
const EXPORT_FILE_NAME = 'заказы.csv';

/**
 * The server's name for the export (dated by Moscow's day: «заказы-2026-11-27.csv»), read from its
 * Content-Disposition — `filename*` (RFC 5987) before the ASCII `filename`. The parser is loaded only
 * when a file is downloaded, so the shop area's first load does not carry it.
 */
export async function exportFileName(header: string | null): Promise<string> {
  if (!header) return EXPORT_FILE_NAME;
  const { parse } = await import('content-disposition');
  try {
    return parse(header).parameters.filename || EXPORT_FILE_NAME;
  } catch {
    return EXPORT_FILE_NAME;
  }
}

/**
 * The CSV export under the list's filters, as a file the browser saves. The key travels in the
 * Authorization header (or the shop in X-Shop-Id on a session), so the file is fetched and handed over as a blob rather than linked.
 */
export async function downloadOrdersCsv(
  filters: Omit<OrderExportQuery, 'status'> & { status?: readonly string[] },
  token: string | null,
) {
  const response = await fetch(`/api/order/orders/export.csv${buildQuery({ ...filters })}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : sessionHeaders('GET'),
    credentials: 'same-origin',
  });
  if (!response.ok) {
    const body = await response.json().catch(() => null);
    throw new ApiError(
      bodyMessage(body) ?? `HTTP ${response.status}`,
      response.status,
      undefined,
      body,
      response.headers,
    );
  }
  const name = await exportFileName(response.headers.get('content-disposition'));
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the object URL is no longer needed after this tick.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
