import { amountToKopecks, kopecksToRubles, lineTotalKopecks, type Order, sumKopecks } from '@b2bpay/domain';

/** Spec §9: a buyer order with more than 5 items is a long list. */
export const LONG_LIST_THRESHOLD = 5;

export interface BuyerOrderItem {
  key: string;
  name: string;
  quantity: number;
  price: number;
  total: number;
}

/** The order as the buyer page uses it (spec §3 "Order as used by the buyer page"). */
export interface BuyerOrderView {
  id: string;
  orderNumber: string;
  status: string;
  shopId: string;
  items: BuyerOrderItem[];
  total: number;
  isLongList: boolean;
  awaitsClient: boolean;
}

export function toBuyerOrderView(order: Order): BuyerOrderView {
  const items = order.products.map((p, index) => {
    const quantity = Number.isSafeInteger(p.quantity) && p.quantity > 0 ? p.quantity : 1;
    const price = Number.isFinite(p.price) && p.price >= 0 ? p.price : 0;
    return {
      key: String(p.id ?? index),
      name: p.name.trim() || 'Товар без имени',
      quantity,
      price,
      // Kopecks through packages/domain/src/money.ts, so 0.1 × 3 shows as 0,30 and sums do not drift.
      total: lineTotalKopecks(amountToKopecks(price), quantity),
    };
  });
  const totalKopecks = sumKopecks(items.map((item) => item.total));
  return {
    id: order.id,
    orderNumber: order.order_number,
    status: order.status,
    shopId: order.shop_id,
    items: items.map((item) => ({ ...item, total: kopecksToRubles(item.total) })),
    // The server's amount is authoritative; the item sum is only a fallback for an amount-less body.
    total: Number.isFinite(order.amount) ? order.amount : kopecksToRubles(totalKopecks),
    isLongList: items.length > LONG_LIST_THRESHOLD,
    awaitsClient: order.status === 'client_expected',
  };
}

/** Spec §3 Shop: the buyer app shows 'Неизвестный магазин' when the name is unknown. */
export const UNKNOWN_SHOP = 'Неизвестный магазин';
export const SHOP_LOAD_ERROR = 'Ошибка загрузки магазина';

export const buyerPaths = {
  order: (orderId: string) => `/client/${encodeURIComponent(orderId)}`,
  step1: (orderId: string) => `/client/${encodeURIComponent(orderId)}/apply`,
  step2: (orderId: string) => `/client/${encodeURIComponent(orderId)}/apply/step2`,
  success: (orderId: string) => `/client/${encodeURIComponent(orderId)}/success`,
  faq: (orderId?: string) => (orderId ? `/client/${encodeURIComponent(orderId)}/faq` : '/client/faq'),
  support: (orderId?: string) =>
    orderId ? `/client/${encodeURIComponent(orderId)}/support` : '/client/support',
};
