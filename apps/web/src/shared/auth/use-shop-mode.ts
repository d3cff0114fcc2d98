import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { getShopMode, type ShopMode, subscribeShopMode } from '../api/shop-mode';

/** The mode a session's calls are sent in (shop-mode.ts), re-rendering on every switch. */
export function useShopMode(): ShopMode {
  return useSyncExternalStore(subscribeShopMode, getShopMode, () => 'live');
}

/**
 * Drops every cached answer but who is logged in (the cabinet's own queries, the same in both modes):
 * what was read in one mode must not be shown, even for a moment, in the other.
 */
export function dropModeData(queryClient: QueryClient): void {
  queryClient.removeQueries({
    predicate: (query) => !String(query.queryKey[0]).startsWith('cabinet-'),
  });
}

/**
 * While `enabled` (the shop area on a session), a switch of the mode drops the cached data at once,
 * before anything renders in the new mode. Returns how many switches there were: a key for what must
 * start anew in the new mode (the pages' own state, the live stream).
 */
export function useModeSwitchReset(enabled: boolean): number {
  const queryClient = useQueryClient();
  const [switches, setSwitches] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    return subscribeShopMode(() => {
      dropModeData(queryClient);
      setSwitches((count) => count + 1);
    });
  }, [enabled, queryClient]);
  return switches;
}
