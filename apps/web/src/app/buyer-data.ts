import { BUYER_DATA_ELEMENT_ID, type BuyerPageData } from '@b2bpay/domain';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../shared/api/queries';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The record the API embedded in the buyer's page (packages/domain buyer-page.ts), or null. */
export function readBuyerPageData(doc: Document): BuyerPageData | null {
  const element = doc.getElementById(BUYER_DATA_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    const data = JSON.parse(element.textContent) as unknown;
    if (!isRecord(data) || !isRecord(data.order) || typeof data.order.id !== 'string') return null;
    return data as unknown as BuyerPageData;
  } catch {
    return null;
  }
}

/**
 * Puts the embedded order (and its shop) into the query cache as if just fetched: the pages read them
 * through the same queries and the same 5-minute cache, and the first screen renders without a request.
 * Only for the address the server read it for (same order id in the path, same ?client_id=).
 */
export function seedBuyerPageData(queryClient: QueryClient, data: BuyerPageData | null, location: Location) {
  if (!data) return false;
  const pathId = location.pathname.split('/')[2];
  const clientParam = new URLSearchParams(location.search).get('client_id');
  const clientId = clientParam === null ? null : Number(clientParam);
  if (pathId !== data.order.id || clientId !== data.client_id) return false;
  const updatedAt = Date.now();
  queryClient.setQueryData(queryKeys.order(data.order.id, data.client_id), data.order, { updatedAt });
  if (data.shop) queryClient.setQueryData(queryKeys.shop(data.shop.id), data.shop, { updatedAt });
  return true;
}
