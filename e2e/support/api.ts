import { DEMO_SHOP, type Order, type OrderList, type ProductCreate } from '@b2bpay/domain';
import { baseUrl } from './browser';

export { DEMO_SHOP };

/** The shop area address with the demo shop's token, the way a shop opens it from its cabinet. */
export function shopUrl(path = '', token: string = DEMO_SHOP.secretKey): string {
  const separator = path.includes('?') ? '&' : '?';
  return `/shops/${DEMO_SHOP.id}${path}${separator}token=${encodeURIComponent(token)}`;
}

export async function createOrderViaApi(
  products: ProductCreate[] = [{ name: 'Бумага офисная А4', price: 450.5, quantity: 10 }],
  token: string = DEMO_SHOP.secretKey,
): Promise<Order> {
  const response = await fetch(`${baseUrl()}/api/order/orders`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ products }),
  });
  if (response.status !== 200) throw new Error(`create order: ${response.status} ${await response.text()}`);
  return (await response.json()) as Order;
}

export async function createOrdersViaApi(count: number): Promise<Order[]> {
  const orders: Order[] = [];
  for (let i = 0; i < count; i++) {
    orders.push(await createOrderViaApi([{ name: `Товар ${i + 1}`, price: 100 + i, quantity: 1 + (i % 3) }]));
  }
  return orders;
}

export async function listOrdersViaApi(query = '', token: string = DEMO_SHOP.secretKey): Promise<OrderList> {
  const response = await fetch(`${baseUrl()}/api/order/orders${query}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (response.status !== 200) throw new Error(`list orders: ${response.status} ${await response.text()}`);
  return (await response.json()) as OrderList;
}
