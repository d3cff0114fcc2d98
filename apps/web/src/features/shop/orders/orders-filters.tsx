import { ORDER_STATUSES, STATUS_INFO, toIsoDate } from '@b2bpay/domain';
import { cn } from '../../../shared/lib/cn';
import { Button } from '../../../shared/ui/button';
import { CloseIcon, SearchIcon } from '../../../shared/ui/icons';
import { Input } from '../../../shared/ui/input';
import { DateRangeField } from '../shared/date-range-field';
import {
  activeFilterCount,
  filterBadgeText,
  type OrdersQueryChange,
  type OrdersQueryState,
} from '../shared/orders-query';

type Change = (action: OrdersQueryChange, replace?: boolean) => void;

/** One chip per status, pressed when the list shows that status. */
function StatusChips({ state, change }: { state: OrdersQueryState; change: Change }) {
  return (
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
  );
}

interface OrdersFiltersProps {
  state: OrdersQueryState;
  change: Change;
  /** The search box's own text, which reaches the address after a pause (use-orders-search.ts). */
  searchText: string;
  setSearchText: (text: string) => void;
}

/**
 * The list's filters: the search (number with or without «№», the buyer's company and INN, a product,
 * the external_id), the dates, the statuses, and a reset.
 */
export function OrdersFilters({ state, change, searchText, setSearchText }: OrdersFiltersProps) {
  const filters = activeFilterCount(state);
  return (
    <section
      aria-label="Фильтры"
      className="rounded-[var(--radius-card)] border border-slate-200 bg-white p-4 sm:p-5"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="relative flex-1">
          <Input
            label="Поиск заказов"
            hideLabel
            type="search"
            autoComplete="off"
            placeholder="Номер, организация, ИНН, товар..."
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
        <DateRangeField
          startDate={state.startDate}
          endDate={state.endDate}
          today={toIsoDate(new Date())}
          onApply={(range) => change({ type: 'dates', ...range })}
        />
      </div>

      <StatusChips state={state} change={change} />

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
  );
}
