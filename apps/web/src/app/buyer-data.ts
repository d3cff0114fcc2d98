import type { BuyerPageData } from '@b2bpay/domain';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../shared/api/queries';

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
