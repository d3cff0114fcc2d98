import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useShopAccess } from '../../../../shared/auth/shop-access';
import {
  getOrderHistory,
  getSettings,
  getStats,
  listDeliveries,
  listRefunds,
  listWebhookEndpoints,
  type WebhookDeliveryList,
} from './shop-api';

/**
 * Query keys of the shop area's own data. The live event stream invalidates them by these prefixes
 * (together with the shared ['orders'] and ['order', id] keys of the list and the QR screen).
 */
export const shopKeys = {
  stats: ['shop-stats'] as const,
  statsFor: (dateFrom: string, dateTo: string) => ['shop-stats', dateFrom, dateTo] as const,
  history: ['order-history'] as const,
  historyOf: (orderId: string) => ['order-history', orderId] as const,
  deliveries: ['webhook-deliveries'] as const,
  deliveriesOf: (orderId: string | null, page: number) => ['webhook-deliveries', orderId, page] as const,
  settings: ['shop-settings'] as const,
  endpoints: ['webhook-endpoints'] as const,
  refunds: ['order-refunds'] as const,
  refundsOf: (orderId: string) => ['order-refunds', orderId] as const,
};

/** While a delivery waits to be sent its outcome is asked for again every 2 s (no event announces it). */
export const PENDING_POLL_MS = 2000;

export function useStats(range: { dateFrom: string; dateTo: string } | null) {
  const { token, hasAccess, isInitialized } = useShopAccess();
  return useQuery({
    queryKey: shopKeys.statsFor(range?.dateFrom ?? '', range?.dateTo ?? ''),
    queryFn: ({ signal }) => getStats(range ?? { dateFrom: '', dateTo: '' }, token, signal),
    enabled: Boolean(range && hasAccess && isInitialized),
    placeholderData: keepPreviousData,
  });
}

export function useOrderHistory(orderId: string | undefined) {
  const { token, hasAccess, isInitialized } = useShopAccess();
  return useQuery({
    queryKey: shopKeys.historyOf(orderId ?? ''),
    queryFn: ({ signal }) => getOrderHistory(orderId ?? '', token, signal),
    enabled: Boolean(orderId && hasAccess && isInitialized),
  });
}

export function hasPending(list: WebhookDeliveryList | undefined): boolean {
  return Boolean(list?.items.some((delivery) => delivery.status === 'pending'));
}

/** The shop's webhook deliveries (newest first, 20 a page), or one order's. */
export function useDeliveries(orderId: string | null, page = 1) {
  const { token, hasAccess, isInitialized, can } = useShopAccess();
  return useQuery({
    queryKey: shopKeys.deliveriesOf(orderId, page),
    queryFn: ({ signal }) => listDeliveries({ page, orderId: orderId ?? undefined }, token, signal),
    enabled: Boolean(hasAccess && isInitialized && can('integration.manage')),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (hasPending(query.state.data) ? PENDING_POLL_MS : false),
  });
}

export function useSettings() {
  const { token, hasAccess, isInitialized, can } = useShopAccess();
  // A role without either permission is refused the settings (403): it is not asked for them.
  const allowed = can('keys.manage') || can('integration.manage');
  return useQuery({
    queryKey: shopKeys.settings,
    queryFn: ({ signal }) => getSettings(token, signal),
    enabled: Boolean(hasAccess && isInitialized && allowed),
  });
}

/** The shop's webhook endpoints (the settings page). */
export function useWebhookEndpoints() {
  const { token, hasAccess, isInitialized, can } = useShopAccess();
  return useQuery({
    queryKey: shopKeys.endpoints,
    queryFn: ({ signal }) => listWebhookEndpoints(token, signal),
    enabled: Boolean(hasAccess && isInitialized && can('integration.manage')),
  });
}

/** The returns of a paid order (DESIGN §11). */
export function useRefunds(orderId: string, enabled: boolean) {
  const { token, hasAccess, isInitialized } = useShopAccess();
  return useQuery({
    queryKey: shopKeys.refundsOf(orderId),
    queryFn: ({ signal }) => listRefunds(orderId, token, signal),
    enabled: Boolean(enabled && hasAccess && isInitialized),
  });
}
