import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listOrders } from '../../../shared/api/endpoints';
import { queryKeys } from '../../../shared/api/queries';
import { useShopAccess } from '../../../shared/auth/shop-access';
import { type OrderView, toOrderView } from '../shared/order-view';
import type { OrdersQueryState } from '../shared/orders-query';

export interface ShopOrdersResult {
  orders: OrderView[];
  totalItems: number;
}

/**
 * The shop's order list (spec §7): statuses, the search text as q, the dates and the page.
 * It waits until a key or a session is there and auth is initialised; without either it never runs.
 */
export function useShopOrders(shopId: string | undefined, state: OrdersQueryState) {
  const { token, hasAccess, isInitialized } = useShopAccess();
  return useQuery({
    queryKey: [
      ...queryKeys.orders,
      shopId,
      state.page,
      state.statuses,
      state.search.trim(),
      state.startDate,
      state.endDate,
    ],
    queryFn: async ({ signal }): Promise<ShopOrdersResult> => {
      const list = await listOrders(
        {
          page: state.page,
          statuses: state.statuses,
          search: state.search,
          dateFrom: state.startDate ?? undefined,
          dateTo: state.endDate ?? undefined,
        },
        token,
        signal,
      );
      return { orders: list.items.map(toOrderView), totalItems: list.count };
    },
    enabled: Boolean(shopId && hasAccess && isInitialized),
    placeholderData: keepPreviousData,
  });
}
