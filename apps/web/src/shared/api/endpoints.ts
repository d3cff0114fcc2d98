import type { Order, OrderCreate, OrderList, OrderStatus, Shop } from '@b2bpay/domain';
import { DOCUMENTED_ERRORS, isNotFoundError, request, requireParam } from './http';
import { type ApiOperation, callApi } from './typed-client';

/** Typed calls of spec §7, one per operation the web app uses. */

export async function createOrder(
  body: OrderCreate,
  token: string | null,
  signal?: AbortSignal,
): Promise<Order> {
  requireParam(body, 'OrderApi', 'createOrder', 'orderCreate');
  requireParam(body.products, 'OrderApi', 'createOrder', 'products');
  return callApi('POST', '/api/order/orders', {
    body,
    token,
    signal,
    errorStatuses: [...DOCUMENTED_ERRORS, 409, 422],
  });
}

export interface GetOrderOptions {
  clientId?: number | null;
  token?: string | null;
  signal?: AbortSignal;
}

/**
 * The buyer's pages load getOrder and getShop: they are typed by the document without the typed
 * client's code (typed-client.ts, ApiOperation).
 */
type GetOrder = ApiOperation<'GET', '/api/order/orders/{order_id}'>;
type GetShop = ApiOperation<'GET', '/api/shop/{shop_id}'>;

/** One order; a not-found answer is null rather than an error (spec §8). */
export async function getOrder(orderId: string, options: GetOrderOptions = {}): Promise<Order | null> {
  requireParam(orderId, 'OrderApi', 'getOrder', 'orderId');
  try {
    return await request<GetOrder['answer']>({
      method: 'GET',
      path: `/api/order/orders/${encodeURIComponent(orderId)}` satisfies GetOrder['path'],
      query: { client_id: options.clientId ?? undefined } satisfies GetOrder['query'],
      token: options.token,
      signal: options.signal,
      errorStatuses: DOCUMENTED_ERRORS,
    });
  } catch (error) {
    if (isNotFoundError(error)) return null;
    throw error;
  }
}

export interface ListOrdersParams {
  page: number;
  statuses?: readonly OrderStatus[];
  /** Order number text, sent as order_id. */
  search?: string;
  /** YYYY-MM-DD; a bare date covers its whole day. */
  dateFrom?: string;
  dateTo?: string;
}

export async function listOrders(
  params: ListOrdersParams,
  token: string | null,
  signal?: AbortSignal,
): Promise<OrderList> {
  requireParam(params.page, 'OrderApi', 'listOrders', 'page');
  const query = {
    page: params.page,
    status: params.statuses && params.statuses.length > 0 ? [...params.statuses] : undefined,
    // The search box: number (with or without «№»), buyer's company and INN, product, external_id.
    q: params.search?.trim() || undefined,
    date_from: params.dateFrom,
    date_to: params.dateTo,
  };
  return callApi('GET', '/api/order/orders', {
    query,
    token,
    signal,
    errorStatuses: DOCUMENTED_ERRORS,
  });
}

export async function getShop(shopId: string, signal?: AbortSignal): Promise<Shop> {
  requireParam(shopId, 'ShopApi', 'getShop', 'shopId');
  return request<GetShop['answer']>({
    method: 'GET',
    path: `/api/shop/${encodeURIComponent(shopId)}` satisfies GetShop['path'],
    signal,
    errorStatuses: DOCUMENTED_ERRORS,
  });
}
