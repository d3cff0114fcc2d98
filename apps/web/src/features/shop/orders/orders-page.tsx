import { useLayoutEffect, useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useShopAccess } from '../../../shared/auth/shop-access';
import { usePageMeta } from '../../../shared/meta/page-meta';
import { PageContainer } from '../../../shared/ui/page-container';
import { PageHeader } from '../../../shared/ui/page-header';
import { LiveIndicator } from '../shared/live-status';
import {
  applyOrdersChange,
  clampPage,
  type OrdersQueryChange,
  ordersTitle,
  parseOrdersQuery,
  toSearchParams,
  totalPages,
} from '../shared/orders-query';
import { shopPaths } from '../shared/shop-id';
import { ExportCsvButton } from './export-button';
import { OrdersFilters } from './orders-filters';
import { OrdersList } from './orders-list';
import { useOrdersSearch } from './use-orders-search';
import { useShopOrders } from './use-shop-orders';

export { SEARCH_DEBOUNCE_MS } from './use-orders-search';

/** Order list (spec §2): filters in the address, debounced search, two-month calendar, paging. */
export default function OrdersPage() {
  const { shopId = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => parseOrdersQuery(searchParams), [searchParams]);
  const { hasAccess, isInitialized } = useShopAccess();
  const title = ordersTitle(state);
  usePageMeta({ title });

  const change = (action: OrdersQueryChange, replace = false) =>
    setSearchParams(toSearchParams(applyOrdersChange(state, action)), { replace });
  const [searchText, setSearchText] = useOrdersSearch(state, setSearchParams);

  const orders = useShopOrders(shopId, state);
  const pages = totalPages(orders.data?.totalItems ?? 0);

  // A page past the end (or a stale address) is pulled back to the last page once the count is known.
  // A layout effect: the address changes with the render that shows the clamped page number, not after
  // it is painted (Preact runs plain effects a frame later; for that frame the two disagreed).
  useLayoutEffect(() => {
    if (!orders.data || orders.isPlaceholderData) return;
    const clamped = clampPage(state.page, pages);
    if (clamped !== state.page) {
      setSearchParams(toSearchParams({ ...state, page: clamped }), { replace: true });
    }
  }, [orders.data, orders.isPlaceholderData, pages, state, setSearchParams]);

  return (
    <PageContainer>
      <PageHeader
        title={title}
        backTo={shopPaths.home(shopId)}
        actions={
          <div className="flex flex-wrap items-center gap-3">
            <LiveIndicator />
            <ExportCsvButton state={state} />
          </div>
        }
      />
      <OrdersFilters state={state} change={change} searchText={searchText} setSearchText={setSearchText} />
      <OrdersList
        orders={orders}
        shopId={shopId}
        hasAccess={hasAccess}
        waitingForAuth={!isInitialized || (hasAccess && orders.isPending)}
        state={state}
        pages={pages}
        change={change}
      />
    </PageContainer>
  );
}
