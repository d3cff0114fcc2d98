import { DEMO_SHOP } from '@b2bpay/domain';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, type MockCall, mockFetch, renderRoute } from '../../../test/render';
import OrdersPage from './orders-page';

const SHOP = DEMO_SHOP.id;
const TOKEN = DEMO_SHOP.secretKey;

function orders(count: number, from = 1) {
  return Array.from({ length: count }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(from + i).padStart(12, '0')}`,
    shop_id: SHOP,
    order_number: String(1000 + from + i),
    status: 'client_expected',
    link: '',
    amount: 100,
    products: [{ id: i + 1, name: 'Товар', price: 100, quantity: 1 }],
    client: null,
    created_at: '2026-11-22T10:00:00Z',
    updated_at: '2026-11-22T10:00:00Z',
  }));
}

function open(search: string, count = 3) {
  const calls = mockFetch(() => json({ items: orders(Math.min(count, 20)), count }));
  const view = renderRoute(<OrdersPage />, {
    path: '/shops/:shopId/all-orders',
    url: `/shops/${SHOP}/all-orders${search}`,
  });
  const address = () => `${view.router.state.location.pathname}${view.router.state.location.search}`;
  return { ...view, calls, address };
}

function query(call: MockCall | undefined) {
  return new URL(call?.url ?? '', 'http://x').searchParams;
}

describe('order list page', () => {
  it('waits for the token: without one it never asks for orders', async () => {
    const { calls } = open('');
    expect(await screen.findByText('Нет заказов для отображения.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('sends page, statuses, search as q and the dates, with the token', async () => {
    const { calls, address } = open(
      `?token=${TOKEN}&page=2&search=10&status=app_approved&status=payment_sent&startDate=2026-11-01&endDate=2026-11-15`,
      45,
    );
    expect(await screen.findByText('Заказ №1001')).toBeInTheDocument();
    expect(address()).not.toContain('token=');
    const params = query(calls.at(-1));
    expect(params.get('page')).toBe('2');
    expect(params.getAll('status')).toEqual(['app_approved', 'payment_sent']);
    expect(params.get('q')).toBe('10');
    expect(params.get('date_from')).toBe('2026-11-01');
    expect(params.get('date_to')).toBe('2026-11-15');
    expect(calls.at(-1)?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Подтвержденные заказы');
    expect(screen.getByText('Страница 2 из 3')).toBeInTheDocument();
    expect(screen.getByTestId('filter-badge')).toHaveTextContent('4 фильтра');
  });

  it('debounces the search by 500 ms and goes back to page 1', async () => {
    const { address } = open(`?token=${TOKEN}&page=2`, 45);
    await screen.findByText('Заказ №1001');
    // The debounce runs on a fake clock from here on, so the check does not depend on how fast the
    // machine is. Typing goes through fireEvent: Testing Library's async wrapper (user-event) waits
    // on a real setTimeout, which only Jest's fake timers, not Vitest's, let through.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const box = screen.getByRole('searchbox', { name: 'Поиск заказов' });
      fireEvent.change(box, { target: { value: '7' } });
      await act(() => vi.advanceTimersByTimeAsync(300));
      fireEvent.change(box, { target: { value: '77' } });
      await act(() => vi.advanceTimersByTimeAsync(499));
      expect(address()).toBe(`/shops/${SHOP}/all-orders?page=2`);
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(address()).toBe(`/shops/${SHOP}/all-orders?search=77`);
      expect(screen.getByTestId('filter-badge')).toHaveTextContent('1 фильтр');

      fireEvent.click(screen.getByRole('button', { name: 'Очистить поиск' }));
      expect(address()).toBe(`/shops/${SHOP}/all-orders`);
      expect(screen.getByRole('searchbox')).toHaveValue('');
    } finally {
      vi.useRealTimers();
    }
  });

  it('toggles statuses, counts filters and resets them all', async () => {
    const user = userEvent.setup();
    const { address } = open(`?token=${TOKEN}&page=2&search=5`, 45);
    await screen.findByText('Заказ №1001');
    const paid = screen.getByRole('button', { name: 'Оплачено' });
    await user.click(paid);
    expect(address()).toBe(`/shops/${SHOP}/all-orders?search=5&status=payment_sent`);
    expect(screen.getByRole('button', { name: 'Оплачено' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('filter-badge')).toHaveTextContent('2 фильтра');

    await user.click(screen.getByRole('button', { name: 'Сбросить фильтры' }));
    expect(address()).toBe(`/shops/${SHOP}/all-orders`);
    expect(screen.queryByTestId('filter-badge')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Все заказы');
  });

  it('pulls a page past the end back to the last page', async () => {
    const { address } = open(`?token=${TOKEN}&page=9`, 45);
    await waitFor(() => expect(address()).toBe(`/shops/${SHOP}/all-orders?page=3`));
    expect(await screen.findByText('Страница 3 из 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Следующая' })).toBeDisabled();
  });

  it('pages forward and hides paging when everything fits on one page', async () => {
    const user = userEvent.setup();
    const { address } = open(`?token=${TOKEN}`, 45);
    await screen.findByText('Страница 1 из 3');
    await user.click(screen.getByRole('button', { name: 'Следующая' }));
    expect(address()).toBe(`/shops/${SHOP}/all-orders?page=2`);

    mockFetch(() => json({ items: orders(3), count: 3 }));
    await act(async () => {
      await user.click(screen.getByRole('button', { name: 'Ожидаем данные клиента' }));
    });
    await waitFor(() => expect(screen.queryByText(/Страница \d+ из/)).not.toBeInTheDocument());
  });

  it('shows the load error with the server message', async () => {
    mockFetch(() =>
      json({ detail: 'Неверный ключ доступа', error: { code: 'UNAUTHORIZED', message: 'x' } }, 401),
    );
    renderRoute(<OrdersPage />, {
      path: '/shops/:shopId/all-orders',
      url: `/shops/${SHOP}/all-orders?token=bad`,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ошибка загрузки заказов: Неверный ключ доступа',
    );
  });

  it('says a network failure in Russian and loads again on «Повторить»', async () => {
    let fail = true;
    const calls = mockFetch(() => {
      if (fail) throw new TypeError('Failed to fetch');
      return json({ items: orders(2), count: 2 });
    });
    const user = userEvent.setup();
    renderRoute(<OrdersPage />, {
      path: '/shops/:shopId/all-orders',
      url: `/shops/${SHOP}/all-orders?token=${TOKEN}`,
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Ошибка загрузки заказов: нет связи с сервером. Проверьте подключение к интернету.',
    );
    expect(alert).not.toHaveTextContent('Network request failed');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findAllByText(/^Заказ №/)).toHaveLength(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls.length).toBeGreaterThanOrEqual(2);
  });
});
