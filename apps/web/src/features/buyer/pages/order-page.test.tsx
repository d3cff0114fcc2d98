import type { OrderStatus } from '@b2bpay/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { spyOnGoals } from '../../../test/goals';
import { json, mockFetch, renderRoute } from '../../../test/render';
import { apiError, type BuyerApiHandlers, buyerApi, makeOrder, ORDER_ID } from '../testing/fixtures';
import OrderPage, { parseClientId } from './order-page';

const reachGoal = spyOnGoals();

function open(handlers: BuyerApiHandlers = {}, query = '') {
  const calls = mockFetch(buyerApi(handlers));
  const view = renderRoute(<OrderPage />, { path: '/client/:orderId', url: `/client/${ORDER_ID}${query}` });
  return { calls, ...view };
}

const products = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    name: `Товар ${i + 1}`,
    price: 100,
    quantity: i === 0 ? 1 : 2,
  }));

describe('buyer order page', () => {
  it("shows 'Загрузка данных заказа...' while loading", () => {
    open();
    expect(screen.getByRole('status')).toHaveTextContent('Загрузка данных заказа...');
  });

  it('shows the number, the shop, the items (quantity only when not 1) and the total', async () => {
    open({
      order: makeOrder({
        amount: 1050.6,
        products: [
          { id: 1, name: 'Стол', price: 1000, quantity: 1 },
          { id: 2, name: 'Скрепки', price: 25.3, quantity: 2 },
        ],
      }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Заказ №1042' })).toBeInTheDocument();
    expect(await screen.findByText('Демо-магазин «Офис и склад»')).toBeInTheDocument();
    const [table, clips] = screen.getAllByTestId('order-item');
    expect(table).toHaveTextContent(/^Стол1\s000,00\s₽$/);
    expect(clips).toHaveTextContent(/Скрепки2 шт\. × 25,30\s₽50,60\s₽/);
    expect(screen.getByTestId('order-total')).toHaveTextContent(/^1\s050,60\s₽$/);
    expect(screen.getByRole('link', { name: /политикой обработки персональных данных/ })).toHaveAttribute(
      'href',
      '/confidentiality.pdf',
    );
  });

  it("starts the application: START_APPLICATION, then step 1 with the order's details", async () => {
    open();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Заполнить заявку' }));
    expect(reachGoal).toHaveBeenCalledWith('START_APPLICATION');
    const location = screen.getByTestId('location');
    expect(location).toHaveTextContent(`/client/${ORDER_ID}/apply`);
    expect(JSON.parse(location.dataset.state ?? 'null')).toMatchObject({ orderNumber: '1042', total: 4505 });
  });

  it("alerts 'Детали заказа не найдены или еще загружаются.' for an order without items", async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    open({ order: makeOrder({ products: [] }) });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Заполнить заявку' }));
    expect(alert).toHaveBeenCalledWith('Детали заказа не найдены или еще загружаются.');
    expect(reachGoal).not.toHaveBeenCalled();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    expect(screen.getByText('Нет товаров в заказе.')).toBeInTheDocument();
    alert.mockRestore();
  });

  it('keeps the short layout for 5 items', async () => {
    open({ order: makeOrder({ products: products(5) }) });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByTestId('order-total').closest('[data-layout]')).toHaveAttribute(
      'data-layout',
      'short',
    );
    expect(screen.getAllByTestId('order-item')).toHaveLength(5);
  });

  it('shows the first 5 of a long list, the rest on demand', async () => {
    open({ order: makeOrder({ products: products(8) }) });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByTestId('order-total').closest('[data-layout]')).toHaveAttribute('data-layout', 'long');
    expect(screen.getAllByTestId('order-item')).toHaveLength(5);
    const user = userEvent.setup();
    const toggle = screen.getByRole('button', { name: 'Показать все товары (8)' });
    await user.click(toggle);
    expect(screen.getAllByTestId('order-item')).toHaveLength(8);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });

  it('shows the status text instead of the button once the order no longer awaits the buyer', async () => {
    open({ order: makeOrder({ status: 'bank_info_expected' }) });
    const status = await screen.findByRole('region', { name: 'Статус заказа' });
    expect(within(status).getByText('Банк проверяет информацию')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Заполнить заявку' })).not.toBeInTheDocument();
  });

  it('says a cancelled order was cancelled and offers nothing to fill in', async () => {
    open({ order: makeOrder({ status: 'cancelled' }) });
    const status = await screen.findByRole('region', { name: 'Статус заказа' });
    expect(within(status).getByText('Заказ отменён')).toBeInTheDocument();
    expect(within(status).getByText(/Магазин отменил этот заказ/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Заполнить заявку' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Заполнить заявку' })).not.toBeInTheDocument();
  });

  it('refreshes a status that is still moving every 5 s, and stops once it is final', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const statuses = ['bank_info_expected', 'app_approved', 'payment_sent'];
    let served = 0;
    const calls = mockFetch((call) => {
      if (call.url.startsWith('/api/order/orders/')) {
        const status = statuses[Math.min(served, statuses.length - 1)];
        served += 1;
        return json(makeOrder({ status: status as OrderStatus }));
      }
      return buyerApi()(call);
    });
    renderRoute(<OrderPage />, { path: '/client/:orderId', url: `/client/${ORDER_ID}` });
    expect(await screen.findByText('Банк проверяет информацию')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(await screen.findByText('Банк одобрил заявку')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(await screen.findByText('Оплачено')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(calls.filter((c) => c.url.startsWith('/api/order/orders/'))).toHaveLength(3);
  });

  it('passes ?client_id= to the order lookup', async () => {
    const { calls } = open({}, '?client_id=77');
    await screen.findByRole('heading', { level: 1 });
    expect(calls[0]?.url).toBe(`/api/order/orders/${ORDER_ID}?client_id=77`);
    expect(parseClientId('abc')).toBeNull();
    expect(parseClientId('0')).toBeNull();
    expect(parseClientId(null)).toBeNull();
  });

  it("says 'Заказ с ID … не найден.' without a back button for an unknown order", async () => {
    open({ order: () => apiError(404, 'Заказ не найден') });
    expect(await screen.findByText(`Заказ с ID ${ORDER_ID} не найден.`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Назад/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Назад/ })).not.toBeInTheDocument();
  });

  it("shows the server's message, or 'Ошибка при загрузке данных заказа.', when loading fails", async () => {
    open({ order: () => apiError(500, 'Сервис временно недоступен') });
    expect(await screen.findByText('Сервис временно недоступен')).toBeInTheDocument();
  });

  it("uses 'Ошибка при загрузке данных заказа.' when the network fails", async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderRoute(<OrderPage />, { path: '/client/:orderId', url: `/client/${ORDER_ID}` });
    expect(await screen.findByText('Ошибка при загрузке данных заказа.')).toBeInTheDocument();
  });

  it("names an unknown shop 'Неизвестный магазин' and a failed lookup 'Ошибка загрузки магазина'", async () => {
    const first = open({ shop: () => apiError(404, 'Магазин не найден') });
    await waitFor(() => expect(screen.getByTestId('shop-name')).toHaveTextContent('Неизвестный магазин'));
    first.unmount();
    open({ shop: () => apiError(500, 'Сбой') });
    await waitFor(() =>
      expect(screen.getByTestId('shop-name')).toHaveTextContent('Ошибка загрузки магазина'),
    );
  });

  it('names a shop without a name "Неизвестный магазин"', async () => {
    open({ shop: () => json({ id: 's', name: '  ', email: 'x@example.ru' }) });
    await waitFor(() => expect(screen.getByTestId('shop-name')).toHaveTextContent('Неизвестный магазин'));
  });

  it.each([
    ['bank_info_expected', /Решение придёт на электронную почту из заявки/],
    ['app_approved', /Банк одобрил заявку\. Осталось дождаться/],
    // Paid is not «nothing to do»: the buyer now owes the bank.
    [
      'payment_sent',
      /^Банк оплатил заказ магазину\. Дальше вы платите банку по условиям договора с ним — график платежей в договоре\.$/,
    ],
    ['app_rejected', /отклонили заявку/],
    ['client_info_overdue', /Срок заполнения заявки истёк/],
  ])('words the status %s for the buyer', async (status, text) => {
    open({ order: makeOrder({ status: status as OrderStatus }) });
    const note = await screen.findByTestId('status-text');
    expect(note).toHaveTextContent(text);
    if (status !== 'bank_info_expected')
      expect(note).not.toHaveTextContent(/Если решение банка ещё не пришло/);
  });
});
