import { ORDER_STATUSES, STATUS_INFO, toIsoDate } from '@b2bpay/domain';
import { useEffect, useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useAuth } from '../../../shared/auth/auth-context';
import { cn } from '../../../shared/lib/cn';
import { usePageMeta } from '../../../shared/meta/page-meta';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import {
  ChevronLeftIcon,
  ChevronRightIcon,
  CloseIcon,
  RefreshIcon,
  SearchIcon,
} from '../../../shared/ui/icons';
import { Input } from '../../../shared/ui/input';
import { PageContainer } from '../../../shared/ui/page-container';
import { PageHeader } from '../../../shared/ui/page-header';
import { LoadingState, Spinner } from '../../../shared/ui/spinner';
import { DateRangePicker } from '../shared/date-range-picker';
import { LiveIndicator } from '../shared/live-status';
import {
  activeFilterCount,
  applyOrdersChange,
  clampPage,
  filterBadgeText,
  type OrdersQueryChange,
  ordersTitle,
  parseOrdersQuery,
  toSearchParams,
  totalPages,
} from '../shared/orders-query';
import { shopPaths } from '../shared/shop-id';
import { ExportCsvButton } from './export-button';
import { OrderCard } from './order-card';
import { ordersErrorText } from './orders-error';
import { useShopOrders } from './use-shop-orders';

export const SEARCH_DEBOUNCE_MS = 500;

/** Order list (spec §2): filters in the address, debounced search, two-month calendar, paging. */
export default function OrdersPage() {
  const { shopId = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => parseOrdersQuery(searchParams), [searchParams]);
  const { token, isInitialized } = useAuth();
  const title = ordersTitle(state);
  usePageMeta({ title });

  const change = (action: OrdersQueryChange, replace = false) =>
    setSearchParams(toSearchParams(applyOrdersChange(state, action)), { replace });

  // The search box is edited locally and reaches the address 500 ms after the last keystroke.
  const [searchText, setSearchText] = useState(state.search);
  useEffect(() => setSearchText(state.search), [state.search]);
  useEffect(() => {
    if (searchText === state.search) return;
    const timer = setTimeout(() => {
      setSearchParams(toSearchParams(applyOrdersChange(state, { type: 'search', value: searchText })), {
        replace: true,
      });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, state, setSearchParams]);

  const orders = useShopOrders(shopId, state);
  const pages = totalPages(orders.data?.totalItems ?? 0);

  // A page past the end (or a stale address) is pulled back to the last page once the count is known.
  useEffect(() => {
    if (!orders.data || orders.isPlaceholderData) return;
    const clamped = clampPage(state.page, pages);
    if (clamped !== state.page) {
      setSearchParams(toSearchParams({ ...state, page: clamped }), { replace: true });
    }
  }, [orders.data, orders.isPlaceholderData, pages, state, setSearchParams]);

  const filters = activeFilterCount(state);
  const waitingForAuth = !isInitialized || (token !== null && orders.isPending);

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

      <section
        aria-label="Фильтры"
        className="rounded-[var(--radius-card)] border border-slate-200 bg-white p-4 sm:p-5"
      >
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="relative flex-1">
            <Input
              label="Поиск по номеру заказа"
              hideLabel
              type="search"
              autoComplete="off"
              placeholder="Поиск по номеру заказа..."
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
              prefixIcon={<SearchIcon size={18} />}
              className="pr-11 [&::-webkit-search-cancel-button]:appearance-none"
            />
            {searchText && (
              <button
                type="button"
                aria-label="Очистить поиск"
                onClick={() => {
                  setSearchText('');
                  change({ type: 'search', value: '' }, true);
                }}
                className="absolute top-0 right-0 inline-flex size-11 items-center justify-center rounded-[var(--radius-control)] text-slate-600 hover:text-slate-900"
              >
                <CloseIcon size={18} />
              </button>
            )}
          </div>
          <DateRangePicker
            startDate={state.startDate}
            endDate={state.endDate}
            today={toIsoDate(new Date())}
            onApply={(range) => change({ type: 'dates', ...range })}
          />
        </div>

        <fieldset className="mt-4 min-w-0">
          <legend className="mb-2 text-sm font-medium text-slate-700">Статус</legend>
          {/* One row that scrolls sideways on phones (six wrapped rows pushed the list below the fold),
              wrapped from sm up. The negative margin lets the chips run to the card's edge. */}
          <div
            className="-mx-4 flex snap-x gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:thin] sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0 sm:pb-0"
            data-testid="status-chips"
          >
            {ORDER_STATUSES.map((status) => {
              const active = state.statuses.includes(status);
              return (
                <button
                  key={status}
                  type="button"
                  aria-pressed={active}
                  onClick={() => change({ type: 'toggleStatus', status })}
                  className={cn(
                    'inline-flex min-h-11 shrink-0 snap-start items-center gap-2 whitespace-nowrap rounded-full border px-3.5 text-sm font-medium transition-colors duration-150 sm:min-h-9',
                    active
                      ? 'border-brand-700 bg-brand-700 text-white hover:bg-brand-800'
                      : 'border-slate-300 bg-white text-slate-700 hover:border-slate-400 hover:bg-slate-50',
                  )}
                >
                  <span
                    className="size-2 rounded-full ring-1 ring-white/60"
                    style={{ backgroundColor: STATUS_INFO[status].color }}
                    aria-hidden="true"
                  />
                  {STATUS_INFO[status].text}
                </button>
              );
            })}
          </div>
        </fieldset>

        {filters > 0 && (
          <div className="mt-4 flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4">
            <span
              className="inline-flex items-center rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800"
              data-testid="filter-badge"
            >
              {filterBadgeText(filters)}
            </span>
            <Button
              variant="ghost"
              size="sm"
              className="min-h-11 sm:min-h-9"
              onClick={() => {
                setSearchText('');
                change({ type: 'reset' });
              }}
            >
              Сбросить фильтры
            </Button>
          </div>
        )}
      </section>

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
              token === null
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
        )}
      </section>
    </PageContainer>
  );
}
