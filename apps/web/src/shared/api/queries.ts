import { QueryClient, useQuery } from '@tanstack/react-query';
import { useAuth } from '../auth/auth-context';
import { getOrder, getShop } from './endpoints';
import { ApiError, NetworkError } from './http';

/** Spec §9: single orders and shops are cached for 300000 ms (5 min). */
export const CACHE_MS = 300_000;

export const queryKeys = {
  order: (orderId: string, clientId: number | null) => ['order', orderId, clientId] as const,
  shop: (shopId: string) => ['shop', shopId] as const,
  orders: ['orders'] as const,
};

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        // Client errors will not change by asking again; network and server failures get one more try.
        retry: (failureCount, error) => {
          if (error instanceof ApiError && error.status < 500) return false;
          if (error instanceof NetworkError && error.kind === 'abort') return false;
          return failureCount < 1;
        },
      },
    },
  });
}

/** One order by id (and the buyer's client id); null when it does not exist. */
export function useOrder(orderId: string | undefined, clientId: number | null = null) {
  const { token } = useAuth();
  return useQuery({
    queryKey: queryKeys.order(orderId ?? '', clientId),
    queryFn: ({ signal }) => getOrder(orderId ?? '', { clientId, token, signal }),
    enabled: Boolean(orderId),
    staleTime: CACHE_MS,
    gcTime: CACHE_MS,
  });
}

export function useShop(shopId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.shop(shopId ?? ''),
    queryFn: ({ signal }) => getShop(shopId ?? '', signal),
    enabled: Boolean(shopId),
    staleTime: CACHE_MS,
    gcTime: CACHE_MS,
  });
}
