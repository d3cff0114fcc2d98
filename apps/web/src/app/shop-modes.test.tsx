import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import OrdersPage from '../features/shop/orders/orders-page';
import { setSessionCredentials } from '../shared/api/session-credentials';
import { MODE_STORAGE_KEY, setShopMode } from '../shared/api/shop-mode';
import { json, type MockCall, mockFetch, renderRoute } from '../test/render';
import ShopLayout from './shop-layout';

const SHOP = '11111111-1111-4111-8111-111111111111';
const BAND = 'Тестовый режим — заказы не настоящие, решения принимают банки-песочницы, деньги не движутся.';

const ME = {
  user: { id: 'u1', email: 'anna@example.ru', name: 'Анна' },
  shops: [{ id: SHOP, name: 'ООО «Ромашка»', role: 'owner' }],
  csrf_token: 'csrf-abc',
};

function order(number: string, livemode: boolean) {
  return {
    id: `3f1c9a2e-0000-4000-8000-00000000000${number}`,
    shop_id: SHOP,
    order_number: number,
    status: 'bank_info_expected',
    version: 1,
    link: '',
    amount: 10,
    products: [{ id: 1, name: 'Ручка', price: 5, quantity: 2 }],
    client: null,
    created_at: '2026-11-22T14:05:00',
    updated_at: '2026-11-22T14:05:00',
    livemode,
  };
}

/** The list answers by the mode the call names: order 1 is live, order 2 is test. */
function ordersFor(call: MockCall) {
  const test = call.headers['x-b2bpay-mode'] === 'test';
  return json({ items: [order(test ? '2' : '1', !test)], count: 1 });
}

function openOrders(url: string, answer: (call: MockCall) => Response | undefined = () => undefined) {
  const calls = mockFetch((call) => {
    const given = answer(call);
    if (given) return given;
    if (call.url === '/api/cabinet/me') return json(ME);
    if (call.url === '/api/events') return new Response(new ReadableStream(), { status: 200 });
    if (call.url.startsWith('/api/order/orders?')) return ordersFor(call);
    return json({}, 404);
  });
  const view = renderRoute(<ShopLayout />, {
    path: '/shops/:shopId',
    url,
    children: [{ path: 'all-orders', element: <OrdersPage /> }],
  });
  return { calls, ...view };
}

afterEach(() => {
  setSessionCredentials(null);
  setShopMode('live');
});

describe('test and live in the shop area on a session', () => {
  it('starts live: the switch is off, no band, calls say live', async () => {
    const { calls } = openOrders(`/shops/${SHOP}/all-orders`);
    expect(await screen.findByText('Заказ №1')).toBeInTheDocument();
    const toggle = screen.getByRole('switch', { name: 'Тестовый режим' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(screen.queryByText(BAND)).not.toBeInTheDocument();
    expect(screen.queryByText('Тест')).not.toBeInTheDocument();
    const list = calls.find((c) => c.url.startsWith('/api/order/orders?'));
    expect(list?.headers['x-b2bpay-mode']).toBe('live');
    expect(list?.headers['x-shop-id']).toBe(SHOP);
  });

  it('switching to test drops the live list, asks again in test, reopens the live stream and shows the band', async () => {
    const { calls, queryClient } = openOrders(`/shops/${SHOP}/all-orders`);
    expect(await screen.findByText('Заказ №1')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/events')).toHaveLength(1));

    await userEvent.click(screen.getByRole('switch', { name: 'Тестовый режим' }));

    expect(screen.getByRole('switch', { name: 'Тестовый режим' })).toHaveAttribute('aria-checked', 'true');
    expect(await screen.findByText('Заказ №2')).toBeInTheDocument();
    expect(screen.queryByText('Заказ №1')).not.toBeInTheDocument();
    expect(screen.getByText(BAND)).toBeInTheDocument();
    expect(screen.getByText('Тест')).toBeInTheDocument();
    expect(localStorage.getItem(MODE_STORAGE_KEY)).toBe('test');
    // Nothing read in live mode is left in the cache; who is logged in is kept (no second /me).
    const cachedLists = queryClient.getQueryCache().findAll({ queryKey: ['orders'] });
    expect(
      cachedLists.map(
        (q) => (q.state.data as { orders: { orderNumber: string }[] } | undefined)?.orders[0]?.orderNumber,
      ),
    ).toEqual(['2']);
    expect(calls.filter((c) => c.url === '/api/cabinet/me')).toHaveLength(1);
    // The live stream is opened again, in test mode.
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/events')).toHaveLength(2));
    expect(calls.filter((c) => c.url === '/api/events').map((c) => c.headers['x-b2bpay-mode'])).toEqual([
      'live',
      'test',
    ]);
  });

  it('the switch works from the keyboard and the choice is kept for the next visit', async () => {
    localStorage.setItem(MODE_STORAGE_KEY, 'test');
    setShopMode('test');
    const { calls } = openOrders(`/shops/${SHOP}/all-orders`);
    expect(await screen.findByText('Заказ №2')).toBeInTheDocument();
    const toggle = screen.getByRole('switch', { name: 'Тестовый режим' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByText(BAND)).toBeInTheDocument();
    toggle.focus();
    await userEvent.keyboard(' ');
    expect(await screen.findByText('Заказ №1')).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(screen.queryByText(BAND)).not.toBeInTheDocument();
    expect(localStorage.getItem(MODE_STORAGE_KEY)).toBe('live');
    const modes = calls
      .filter((c) => c.url.startsWith('/api/order/orders?'))
      .map((c) => c.headers['x-b2bpay-mode']);
    expect(modes[0]).toBe('test');
    expect(modes.at(-1)).toBe('live');
    await userEvent.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-checked', 'true');
  });
});

describe('test and live in the shop area on a secret key', () => {
  function openWithKey(livemode: boolean) {
    return openOrders(`/shops/${SHOP}/all-orders?token=sk_x`, (call) =>
      call.url === '/api/shop/settings' ? json({ livemode, secret_key_hint: 'sk_…abcd' }) : undefined,
    );
  }

  it('a test key: no switch, a badge says «Тестовый режим», the band heads the page, no mode header', async () => {
    const { calls } = openWithKey(false);
    expect(await screen.findByText(BAND)).toBeInTheDocument();
    const header = screen.getByRole('banner');
    expect(within(header).getByTestId('mode-badge')).toHaveTextContent('Тестовый режим');
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    await screen.findByText(/Заказ №/);
    expect(calls.every((c) => c.headers['x-b2bpay-mode'] === undefined)).toBe(true);
    expect(calls.find((c) => c.url === '/api/shop/settings')?.headers.authorization).toBe('Bearer sk_x');
  });

  it('a live key: the badge says «Боевой режим» and there is no band', async () => {
    openWithKey(true);
    expect(await screen.findByTestId('mode-badge')).toHaveTextContent('Боевой режим');
    expect(screen.queryByText(BAND)).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });
});
