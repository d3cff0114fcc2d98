import { formatDateTime, getStatusInfo, type Order, type StatusInfo } from '@b2bpay/domain';

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
}

/** Price may arrive as a string; an invalid price counts as 0, a missing quantity as 1. */
export function toItemView(product: { name?: unknown; price?: unknown; quantity?: unknown }): OrderItemView {
  const price = typeof product.price === 'string' ? Number.parseFloat(product.price) : Number(product.price);
  const quantity = product.quantity === undefined || product.quantity === null ? 1 : Number(product.quantity);
  return {
    name: typeof product.name === 'string' ? product.name : '',
    price: Number.isFinite(price) ? price : 0,
    quantity: Number.isFinite(quantity) ? quantity : 1,
  };
}

/** Sum of price × quantity in whole kopecks, so 0.1 + 0.2 shows as 0,30 ₽. 0 when there are no items. */
export function itemsTotal(items: readonly OrderItemView[]): number {
  const kopecks = items.reduce((sum, item) => sum + Math.round(item.price * 100) * item.quantity, 0);
  return kopecks / 100;
}

export function lineTotal(item: OrderItemView): number {
  return (Math.round(item.price * 100) * item.quantity) / 100;
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
  };
}
