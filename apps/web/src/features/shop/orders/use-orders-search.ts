import { useEffect, useState } from 'react';
import type { SetURLSearchParams } from 'react-router';
import { applyOrdersChange, type OrdersQueryState, toSearchParams } from '../shared/orders-query';

export const SEARCH_DEBOUNCE_MS = 500;

/** The search box is edited locally and reaches the address 500 ms after the last keystroke. */
export function useOrdersSearch(state: OrdersQueryState, setSearchParams: SetURLSearchParams) {
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
  return [searchText, setSearchText] as const;
}
