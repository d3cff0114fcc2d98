import { useQuery } from '@tanstack/react-query';
import { getOrder } from '../../../shared/api/endpoints';
import { CACHE_MS, queryKeys } from '../../../shared/api/queries';
import { useAuth } from '../../../shared/auth/auth-context';
import { STATUS_POLL_MS, shouldPoll } from './status-poll';

/**
 * The order, shared with the app's 5-minute order cache (same key as useOrder). With `live`, an order
 * whose status is still moving (at the bank, approved but not yet paid) is refreshed every 5 s, so
 * the buyer sees the decision without reloading.
 */
export function useBuyerOrder(orderId: string | undefined, clientId: number | null = null, live = false) {
  const { token } = useAuth();
  return useQuery({
    queryKey: queryKeys.order(orderId ?? '', clientId),
    queryFn: ({ signal }) => getOrder(orderId ?? '', { clientId, token, signal }),
    enabled: Boolean(orderId),
    staleTime: CACHE_MS,
    gcTime: CACHE_MS,
    refetchInterval: (query) => (live && shouldPoll(query.state.data?.status) ? STATUS_POLL_MS : false),
  });
}
