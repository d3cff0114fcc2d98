import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ChevronLeftIcon, ChevronRightIcon, RefreshIcon } from '../../../shared/ui/icons';
import { LoadingState, Spinner } from '../../../shared/ui/spinner';
import { clampPage, type OrdersQueryChange, type OrdersQueryState } from '../shared/orders-query';
import { OrderCard } from './order-card';
import { ordersErrorText } from './orders-error';
import type { useShopOrders } from './use-shop-orders';

type Change = (action: OrdersQueryChange) => void;

interface PagerProps {
  state: OrdersQueryState;
  pages: number;
  change: Change;
}

/** Previous and next page, and where the list is. */
function OrdersPager({ state, pages, change }: PagerProps) {
  return (
    <nav aria-label="Страницы" className="mt-6 flex items-center justify-between gap-3">
      <Button
        variant="secondary"
        disabled={state.page <= 1}
        onClick={() => change({ type: 'page', page: state.page - 1 })}
        icon={<ChevronLeftIcon size={18} />}
      >
        <span className="max-sm:sr-only">Предыдущая</span>
      </Button>
      <p className="text-sm font-medium text-slate-700 tabular-nums" aria-live="polite">
        Страница {clampPage(state.page, pages)} из {pages}
      </p>
      <Button
        variant="secondary"
        disabled={state.page >= pages}
        onClick={() => change({ type: 'page', page: state.page + 1 })}
      >
        <span className="max-sm:sr-only">Следующая</span>
        <ChevronRightIcon size={18} />
      </Button>
    </nav>
  );
}

interface OrdersListProps extends PagerProps {
  orders: ReturnType<typeof useShopOrders>;
  shopId: string;
  /** A key or a session reaches the shop: without either the empty list says how to get in. */
  hasAccess: boolean;
  /** The key or the first page is still on its way. */
  waitingForAuth: boolean;
}

/** The orders of the page, or why there are none, and the pages. */
export function OrdersList({
  orders,
  shopId,
  hasAccess,
  waitingForAuth,
  state,
  pages,
  change,
}: OrdersListProps) {
  return (
    <section aria-label="Заказы" className="relative mt-6" aria-busy={orders.isFetching}>
      {waitingForAuth ? (
        // A screen tall while loading: the footer stays below the fold instead of being pushed down
        // by the list (a layout shift on a phone).
        <div className="min-h-svh">
          <LoadingState text="Загрузка заказов..." />
        </div>
      ) : orders.isError ? (
        <Alert tone="error">
          <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p>{ordersErrorText(orders.error)}</p>
            <Button
              variant="secondary"
              size="sm"
              className="min-h-11 shrink-0 sm:min-h-9"
              loading={orders.isFetching}
              icon={<RefreshIcon size={16} />}
              onClick={() => void orders.refetch()}
            >
              Повторить
            </Button>
          </div>
        </Alert>
      ) : !orders.data || orders.data.orders.length === 0 ? (
        <EmptyState
          title="Нет заказов для отображения."
          description={
            !hasAccess
              ? 'Откройте кабинет по ссылке с ключом доступа магазина, чтобы увидеть заказы.'
              : undefined
          }
        />
      ) : (
        <>
          {orders.isFetching && (
            <div className="absolute -top-5 right-0 flex items-center gap-2 text-xs text-slate-600">
              <Spinner size={14} className="text-brand-700" />
              <span>Обновление...</span>
            </div>
          )}
          <ul className="flex flex-col gap-3">
            {orders.data.orders.map((order) => (
              <li key={order.id}>
                <OrderCard order={order} shopId={shopId} />
              </li>
            ))}
          </ul>
        </>
      )}

      {!waitingForAuth && !orders.isError && pages > 1 && (
        <OrdersPager state={state} pages={pages} change={change} />
      )}
    </section>
  );
}
