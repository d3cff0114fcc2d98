import type { CabinetRole } from '@b2bpay/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import ShopHomePage from '../features/shop/home/shop-home-page';
import OrderQrPage from '../features/shop/order-qr/order-qr-page';
import SettingsPage from '../features/shop/settings/settings-page';
import { getSessionCredentials, setSessionCredentials } from '../shared/api/session-credentials';
import { json, type MockCall, mockFetch, renderRoute } from '../test/render';
import ShopLayout from './shop-layout';

const SHOP = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
/** The test twin of SHOP: the shop_id its test orders carry. */
const TWIN = '33333333-3333-4333-8333-333333333333';

function me(role: CabinetRole, shopId = SHOP) {
  return {
    user: { id: 'u1', email: 'anna@example.ru', name: 'Анна' },
    shops: [{ id: shopId, name: 'ООО «Ромашка»', role, test_shop_id: TWIN }],
    csrf_token: 'csrf-abc',
  };
}

function openShop(url: string, answer: (call: MockCall) => Response | undefined) {
  const calls = mockFetch((call) => {
    const given = answer(call);
    if (given) return given;
    if (call.url === '/api/events') return new Response(new ReadableStream(), { status: 200 });
    if (call.url.startsWith('/api/shop/') && !call.url.includes('settings')) {
      return json({ id: SHOP, name: 'ООО «Ромашка»' });
    }
    return json({}, 404);
  });
  const view = renderRoute(<ShopLayout />, {
    path: '/shops/:shopId',
    url,
    children: [
      { index: true, element: <ShopHomePage /> },
      { path: 'settings', element: <SettingsPage /> },
    ],
  });
  return { calls, ...view };
}

afterEach(() => setSessionCredentials(null));

describe('the shop area on a cabinet session', () => {
  it('opens without a key for a member, says who is logged in and sends the shop with every call', async () => {
    const { calls } = openShop(`/shops/${SHOP}`, (call) =>
      call.url === '/api/cabinet/me' ? json(me('owner')) : undefined,
    );
    expect(await screen.findByRole('heading', { name: 'ООО «Ромашка»', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('session-user')).toHaveTextContent('Вы вошли как anna@example.ru');
    expect(screen.getByRole('button', { name: 'Выйти' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Разделы магазина' });
    expect(within(nav).getByRole('link', { name: 'Команда' })).toHaveAttribute('href', `/shops/${SHOP}/team`);
    expect(within(nav).getByRole('link', { name: 'Настройки' })).toBeInTheDocument();
    expect(sessionStorage.getItem('authToken')).toBeNull();
    await waitFor(() => expect(calls.some((c) => c.url === '/api/events')).toBe(true));
    const events = calls.find((c) => c.url === '/api/events');
    expect(events?.headers['x-shop-id']).toBe(SHOP);
    expect(events?.headers.authorization).toBeUndefined();
    expect(getSessionCredentials()).toEqual({ csrfToken: 'csrf-abc', shopId: SHOP });
  });

  it('Esc closes the phone menu and gives the focus back to its button', async () => {
    openShop(`/shops/${SHOP}`, (call) => (call.url === '/api/cabinet/me' ? json(me('owner')) : undefined));
    const toggle = await screen.findByRole('button', { name: 'Открыть меню' });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('navigation', { name: 'Меню магазина' });
    await userEvent.click(within(menu).getByRole('link', { name: 'Команда' }).closest('li') as HTMLElement);
    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Меню магазина' })).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
  });

  it('a manager sees neither the settings nor their tile, and the settings page is refused without a call', async () => {
    const { calls } = openShop(`/shops/${SHOP}/settings`, (call) =>
      call.url === '/api/cabinet/me' ? json(me('manager')) : undefined,
    );
    expect(await screen.findByText('Недостаточно прав')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Разделы магазина' });
    expect(within(nav).queryByRole('link', { name: 'Настройки' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Создать QR' })).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/shop/settings')).toBe(false);
  });

  it('an accountant is not offered to create orders', async () => {
    openShop(`/shops/${SHOP}`, (call) =>
      call.url === '/api/cabinet/me' ? json(me('accountant')) : undefined,
    );
    expect(await screen.findByRole('heading', { name: 'ООО «Ромашка»', level: 1 })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Разделы магазина' });
    expect(within(nav).queryByRole('link', { name: 'Создать QR' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Сгенерировать QR/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Настройки интеграции/ })).not.toBeInTheDocument();
  });

  it('nobody logged in: the key gate, with a link to log in that comes back here', async () => {
    openShop(`/shops/${SHOP}`, (call) =>
      call.url === '/api/cabinet/me'
        ? json({ error: { code: 'UNAUTHORIZED', message: 'Войдите в личный кабинет' } }, 401)
        : undefined,
    );
    expect(await screen.findByRole('heading', { name: 'Нет ключа доступа магазина' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'личный кабинет' })).toHaveAttribute(
      'href',
      `/cabinet/login?next=${encodeURIComponent(`/shops/${SHOP}`)}`,
    );
    expect(screen.queryByRole('button', { name: 'Выйти' })).not.toBeInTheDocument();
  });

  it('a user of another shop is told so and sent to the cabinet', async () => {
    openShop(`/shops/${SHOP}`, (call) =>
      call.url === '/api/cabinet/me' ? json(me('owner', OTHER)) : undefined,
    );
    expect(await screen.findByRole('heading', { name: 'Нет доступа к этому магазину' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'личном кабинете' })).toHaveAttribute('href', '/cabinet');
  });

  it('the seed link with the key does not ask who is logged in', async () => {
    const { calls } = openShop(`/shops/${SHOP}?token=sk_test_key`, () => undefined);
    expect(await screen.findByRole('heading', { name: 'ООО «Ромашка»', level: 1 })).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/cabinet/me')).toBe(false);
    expect(screen.queryByRole('link', { name: 'Команда' })).not.toBeInTheDocument();
  });

  it('«Выйти» ends the session with the CSRF token and opens the log-in page', async () => {
    const { calls } = openShop(`/shops/${SHOP}`, (call) => {
      if (call.url === '/api/cabinet/me') return json(me('owner'));
      if (call.url === '/api/cabinet/logout') return new Response(null, { status: 204 });
      return undefined;
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Выйти' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/cabinet/login');
    const logout = calls.find((c) => c.url === '/api/cabinet/logout');
    expect(logout?.method).toBe('POST');
    expect(logout?.headers['x-csrf-token']).toBe('csrf-abc');
    expect(getSessionCredentials()).toBeNull();
  });

  it("a test order's QR page opened from a bookmark: the shop of the session, not its test twin's id", async () => {
    const ORDER = '7a1b2c3d-0000-4000-8000-00000000abcd';
    mockFetch((call) => {
      if (call.url === '/api/cabinet/me') return json(me('owner'));
      if (call.url === '/api/events') return new Response(new ReadableStream(), { status: 200 });
      if (call.url.startsWith(`/api/order/orders/${ORDER}`)) {
        // A test order belongs to the shop's test twin, a shop row of its own.
        return json({
          id: ORDER,
          shop_id: TWIN,
          order_number: '57',
          status: 'client_expected',
          link: `https://pay.example/client/${ORDER}`,
          amount: 10,
          products: [{ id: 1, name: 'Стол', price: 10, quantity: 1 }],
          client: null,
          livemode: false,
          created_at: '2026-11-22T14:05:00Z',
          updated_at: '2026-11-22T14:05:00Z',
        });
      }
      return json({}, 404);
    });
    renderRoute(<ShopLayout />, {
      path: '/shops',
      url: `/shops/order-qr/${ORDER}`,
      children: [{ path: 'order-qr/:orderId', element: <OrderQrPage /> }],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Заказ №57' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Нет доступа к этому магазину' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'На главную' })).toHaveAttribute('href', `/shops/${SHOP}`);
    expect(screen.getByRole('link', { name: 'Подробнее о заказе' })).toHaveAttribute(
      'href',
      `/shops/${SHOP}/orders/${ORDER}`,
    );
  });
});
