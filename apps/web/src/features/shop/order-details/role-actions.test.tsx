import { type CabinetRole, DEMO_SHOP, type Order } from '@b2bpay/domain';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setSessionCredentials } from '../../../shared/api/session-credentials';
import { ShopAccessContext, sessionAccess } from '../../../shared/auth/shop-access';
import { json, mockFetch, renderRoute } from '../../../test/render';
import OrderDetailsPage from './order-details-page';

const SHOP = DEMO_SHOP.id;
const ID = '7a1b2c3d-0000-4000-8000-00000000abcf';
const PAID: Order = {
  id: ID,
  shop_id: SHOP,
  order_number: '15',
  status: 'payment_sent',
  version: 3,
  link: `https://pay.example/client/${ID}`,
  amount: 901,
  products: [{ id: 1, name: 'Бумага', price: 450.5, quantity: 2 }],
  client: null,
  created_at: '2026-11-22T10:00:00Z',
  updated_at: '2026-11-22T10:10:00Z',
  livemode: false,
  webhook_url: null,
  external_id: null,
  metadata: {},
  refunded_amount: 0,
  payout: null,
};

afterEach(() => setSessionCredentials(null));

function open(role: CabinetRole, order: Order) {
  setSessionCredentials({ csrfToken: 'c', shopId: SHOP });
  const calls = mockFetch((call) => {
    const path = new URL(call.url, 'http://x').pathname;
    if (path === `/api/order/orders/${ID}`) return json(order);
    if (path.endsWith('/history')) return json([]);
    if (path.endsWith('/refunds')) return json({ items: [] });
    if (path === '/api/webhooks/deliveries') return json({ items: [], count: 0 });
    return json({}, 404);
  });
  renderRoute(
    <ShopAccessContext.Provider value={sessionAccess(role, { id: 'u', email: 'u@example.ru', name: 'U' })}>
      <OrderDetailsPage />
    </ShopAccessContext.Provider>,
    { path: '/shops/:shopId/orders/:orderId', url: `/shops/${SHOP}/orders/${ID}` },
  );
  return calls;
}

describe('the order page offers each role only what it may do', () => {
  it('a manager may return a paid order, and sees no webhook deliveries', async () => {
    const calls = open('manager', PAID);
    expect(await screen.findByRole('button', { name: 'Оформить возврат' })).toBeInTheDocument();
    expect(screen.queryByText('Вебхуки заказа')).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/webhooks/deliveries'))).toBe(false);
    expect(calls.find((c) => c.url === `/api/order/orders/${ID}`)?.headers['x-shop-id']).toBe(SHOP);
  });

  it('a developer sees the webhook deliveries but neither cancel nor refund', async () => {
    open('developer', PAID);
    expect(await screen.findByText('Вебхуки заказа')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Оформить возврат' })).not.toBeInTheDocument();
  });

  it('an accountant cannot cancel a new order', async () => {
    open('accountant', { ...PAID, status: 'client_expected' });
    expect(await screen.findByText('Заказ №15', { exact: false })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Отменить заказ' })).not.toBeInTheDocument();
  });
});
