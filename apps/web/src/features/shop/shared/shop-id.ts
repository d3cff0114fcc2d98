import { useLocation, useParams } from 'react-router';
import { useOrder } from '../../../shared/api/queries';

/** Navigation state the shop screens pass along (spec §2: QR screen gets shopId; list cards add items/total). */
export interface ShopNavState {
  shopId?: string;
  /** Set by the new-order screen: the QR screen then shows the 'Новый' badge and the success banner. */
  created?: boolean;
  items?: Array<{ name: string; price: number; quantity: number }>;
  total?: number;
}

export function readShopNavState(state: unknown): ShopNavState {
  if (!state || typeof state !== 'object') return {};
  const value = state as Record<string, unknown>;
  return {
    shopId: typeof value.shopId === 'string' ? value.shopId : undefined,
    created: value.created === true,
    items: Array.isArray(value.items) ? (value.items as ShopNavState['items']) : undefined,
    total: typeof value.total === 'number' ? value.total : undefined,
  };
}

/**
 * The shop of the current screen: from the path, else from navigation state, else (on the QR screen)
 * from the order itself, which shares the QR screen's cached query.
 */
export function useCurrentShopId(): string | undefined {
  const params = useParams();
  const location = useLocation();
  const fromState = readShopNavState(location.state).shopId;
  const known = params.shopId ?? fromState;
  const order = useOrder(known ? undefined : params.orderId);
  return known ?? order.data?.shop_id;
}

export const shopPaths = {
  home: (shopId: string) => `/shops/${encodeURIComponent(shopId)}`,
  orders: (shopId: string) => `/shops/${encodeURIComponent(shopId)}/all-orders`,
  newOrder: (shopId: string) => `/shops/${encodeURIComponent(shopId)}/generate-qr`,
  faq: (shopId: string) => `/shops/${encodeURIComponent(shopId)}/faq`,
  support: (shopId: string) => `/shops/${encodeURIComponent(shopId)}/support`,
  buttonDemo: (shopId: string) => `/shops/${encodeURIComponent(shopId)}/button-demo`,
  apiDocs: (shopId: string) => `/shops/${encodeURIComponent(shopId)}/api-docs`,
  orderQr: (orderId: string) => `/shops/order-qr/${encodeURIComponent(orderId)}`,
  orderDetails: (shopId: string, orderId: string) =>
    `/shops/${encodeURIComponent(shopId)}/orders/${encodeURIComponent(orderId)}`,
  stats: (shopId: string) => `/shops/${encodeURIComponent(shopId)}/stats`,
  settings: (shopId: string) => `/shops/${encodeURIComponent(shopId)}/settings`,
  team: (shopId: string) => `/shops/${encodeURIComponent(shopId)}/team`,
};
