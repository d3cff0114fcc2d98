import {
  amountToKopecks,
  formatDateTime,
  getStatusInfo,
  itemsTotalKopecks,
  kopecksToRubles,
  lineTotalKopecks,
  type Order,
  type StatusInfo,
} from '@b2bpay/domain';

/** The shop area's view of an order (spec §3 "Order view model"). */
export interface OrderItemView {
  name: string;
  price: number;
  quantity: number;
}

export interface OrderView {
  id: string;
  orderNumber: string;
  shopId: string;
  status: StatusInfo;
  date: string;
  items: OrderItemView[];
  total: number;
  /** The buyer's organisation once the buyer has given it (step 1), else null. */
  company: string | null;
  /** False for a test order (DESIGN §16): its card says «Тест». */
  livemode: boolean;
}

/**
 * Price may arrive as a string; an invalid or negative price counts as 0, a missing or non-whole
 * quantity as 1 (so the money helpers below never see values outside their contract).
 */
export function toItemView(product: { name?: unknown; price?: unknown; quantity?: unknown }): OrderItemView {
  const price = typeof product.price === 'string' ? Number.parseFloat(product.price) : Number(product.price);
  const quantity = product.quantity === undefined || product.quantity === null ? 1 : Number(product.quantity);
  return {
    name: typeof product.name === 'string' ? product.name : '',
    price: Number.isFinite(price) && price >= 0 ? price : 0,
    quantity: Number.isSafeInteger(quantity) && quantity >= 0 ? quantity : 1,
  };
}

/** Sum of price × quantity in whole kopecks, so 0.1 + 0.2 shows as 0,30 ₽. 0 when there are no items. */
export function itemsTotal(items: readonly OrderItemView[]): number {
  return kopecksToRubles(itemsTotalKopecks(items));
}

export function lineTotal(item: OrderItemView): number {
  return kopecksToRubles(lineTotalKopecks(amountToKopecks(item.price), item.quantity));
}

export function toOrderView(order: Order): OrderView {
  const items = (order.products ?? []).map(toItemView);
  return {
    id: order.id,
    orderNumber: order.order_number,
    shopId: order.shop_id,
    status: getStatusInfo(order.status),
    date: formatDateTime(order.created_at),
    items,
    total: itemsTotal(items),
    company: order.client?.organization_name || null,
    livemode: order.livemode,
  };
}

/** How many products a list card names before it says how many more there are. */
const GOODS_NAMED = 2;

/** The goods in one line for a list card: «Кресло × 2, Стол и ещё 3». */
export function goodsSummary(items: readonly OrderItemView[]): string {
  const named = items
    .slice(0, GOODS_NAMED)
    .map((item) => (item.quantity > 1 ? `${item.name} × ${item.quantity}` : item.name));
  const rest = items.length - named.length;
  return rest > 0 ? `${named.join(', ')} и ещё ${rest}` : named.join(', ');
}
