import {
  CONFIRMED_STATUSES,
  filterWord,
  isCalendarDay,
  isOrderStatus,
  type OrderStatus,
  PAGE_SIZE,
} from '@b2bpay/domain';

/**
 * The order list's state lives in the address (spec §2): page (default 1), search (order number text),
 * status (repeatable), startDate and endDate (YYYY-MM-DD). These pure functions read and write it.
 */
export interface OrdersQueryState {
  page: number;
  search: string;
  statuses: OrderStatus[];
  startDate: string | null;
  endDate: string | null;
}

export const EMPTY_ORDERS_QUERY: OrdersQueryState = {
  page: 1,
  search: '',
  statuses: [],
  startDate: null,
  endDate: null,
};

export function isIsoDate(value: string | null | undefined): value is string {
  return typeof value === 'string' && isCalendarDay(value);
}

function parsePage(value: string | null): number {
  if (!value || !/^\d+$/.test(value)) return 1;
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

export function parseOrdersQuery(params: URLSearchParams): OrdersQueryState {
  const statuses: OrderStatus[] = [];
  for (const value of params.getAll('status')) {
    if (isOrderStatus(value) && !statuses.includes(value)) statuses.push(value);
  }
  let startDate = isIsoDate(params.get('startDate')) ? params.get('startDate') : null;
  let endDate = isIsoDate(params.get('endDate')) ? params.get('endDate') : null;
  // A reversed range from a hand-edited address is read the way it was meant.
  if (startDate && endDate && startDate > endDate) [startDate, endDate] = [endDate, startDate];
  return {
    page: parsePage(params.get('page')),
    search: params.get('search') ?? '',
    statuses,
    startDate,
    endDate,
  };
}

export function toSearchParams(state: Partial<OrdersQueryState>): URLSearchParams {
  const params = new URLSearchParams();
  if (state.page && state.page > 1) params.set('page', String(state.page));
  if (state.search?.trim()) params.set('search', state.search.trim());
  for (const status of state.statuses ?? []) params.append('status', status);
  if (state.startDate) params.set('startDate', state.startDate);
  if (state.endDate) params.set('endDate', state.endDate);
  return params;
}

/** '?…' for a link to the list with these filters, or '' for none. */
export function ordersSearch(state: Partial<OrdersQueryState>): string {
  const text = toSearchParams(state).toString();
  return text ? `?${text}` : '';
}

export type OrdersQueryChange =
  | { type: 'search'; value: string }
  | { type: 'toggleStatus'; status: OrderStatus }
  | { type: 'dates'; startDate: string | null; endDate: string | null }
  | { type: 'reset' }
  | { type: 'page'; page: number };

/** Any filter change goes back to page 1; reset clears search, dates and statuses. */
export function applyOrdersChange(state: OrdersQueryState, change: OrdersQueryChange): OrdersQueryState {
  switch (change.type) {
    case 'search':
      return { ...state, search: change.value, page: 1 };
    case 'toggleStatus': {
      const has = state.statuses.includes(change.status);
      const statuses = has
        ? state.statuses.filter((s) => s !== change.status)
        : [...state.statuses, change.status];
      return { ...state, statuses, page: 1 };
    }
    case 'dates':
      return { ...state, startDate: change.startDate, endDate: change.endDate, page: 1 };
    case 'reset':
      return { ...EMPTY_ORDERS_QUERY };
    case 'page':
      return { ...state, page: Math.max(1, Math.floor(change.page)) };
  }
}

/** Search, the date range and each chosen status count as one filter each. */
export function activeFilterCount(state: OrdersQueryState): number {
  return (state.search.trim() ? 1 : 0) + (state.startDate || state.endDate ? 1 : 0) + state.statuses.length;
}

export function filterBadgeText(count: number): string {
  return `${count} ${filterWord(count)}`;
}

export function totalPages(count: number): number {
  return Math.max(1, Math.ceil(count / PAGE_SIZE));
}

/** Spec §5: the page number is kept between 1 and the last page. */
export function clampPage(page: number, pages: number): number {
  return Math.min(Math.max(1, page), Math.max(1, pages));
}

/** The list opened with the 'confirmed' filter: exactly app_approved + payment_sent. */
export function isConfirmedFilter(statuses: readonly string[]): boolean {
  return (
    statuses.length === CONFIRMED_STATUSES.length && CONFIRMED_STATUSES.every((s) => statuses.includes(s))
  );
}

export function ordersTitle(state: OrdersQueryState): string {
  return isConfirmedFilter(state.statuses) ? 'Подтвержденные заказы' : 'Все заказы';
}
