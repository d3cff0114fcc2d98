import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { json, type MockCall, mockFetch } from '../../../test/render';
import { setStaffCsrfToken } from '../staff-credentials';
import { makeShopCard, ORDER_ID, renderAsStaff, SHOP_ID, STAFF_CSRF } from '../testing/staff-fixtures';
import ShopPage from './shop-page';
import ShopsPage from './shops-page';

afterEach(() => setStaffCsrfToken(null));

function shopServer() {
  let card = makeShopCard();
  return mockFetch((call: MockCall) => {
    if (call.url.endsWith('/suspend')) {
      const { reason } = call.body as { reason: string };
      card = {
        ...card,
        suspended: true,
        suspension: { reason, at: '2026-11-27T09:30:00Z', by: 'risk@b2bpay.ru' },
      };
      return json(card);
    }
    if (call.url.endsWith('/resume')) {
      card = { ...card, suspended: false, suspension: null };
      return json(card);
    }
    if (call.url === `/api/admin/v1/shops/${SHOP_ID}`) return json(card);
    return json({ items: [] });
  });
}

function openCard(role: 'risk' | 'support' = 'risk') {
  const calls = shopServer();
  renderAsStaff(role, <ShopPage />, { path: '/admin/shops/:shopId', url: `/admin/shops/${SHOP_ID}` });
  return calls;
}

describe('a shop’s card', () => {
  it('shows the 30-day figures, webhooks, members, keys and recent orders opening the order card', async () => {
    openCard();
    const figures = await screen.findByTestId('shop-figures');
    expect(figures).toHaveTextContent('Заказов12');
    expect(figures).toHaveTextContent('105 060,50 ₽');
    expect(figures).toHaveTextContent('75 %');
    expect(figures).toHaveTextContent('6 из 8 заявок');
    expect(screen.getByTestId('shop-webhooks')).toHaveTextContent('Доставляются');
    expect(screen.getByRole('list', { name: 'Участники' })).toHaveTextContent('owner@romashka.ruВладелец');
    expect(screen.getByRole('list', { name: 'Ключи API' })).toHaveTextContent(
      'Секретный ключ · боевойsk_live_…9f3cВыпущен 01.10.2026 13:00 · последнее использование 20.11.2026 12:30',
    );
    const order = within(screen.getByRole('list', { name: 'Последние заказы' })).getByRole('link', {
      name: 'Заказ №1042',
    });
    expect(order).toHaveAttribute('href', `/admin/orders/${ORDER_ID}`);
  });

  it('«Приостановить» asks the reason in a dialog and suspends with the red button; «Возобновить» undoes it', async () => {
    const calls = openCard();
    await userEvent.click(await screen.findByRole('button', { name: 'Приостановить' }));
    const dialog = screen.getByRole('dialog', { name: 'Приостановить «ООО «Ромашка»»?' });
    const confirm = within(dialog).getByRole('button', { name: 'Приостановить' });
    expect(confirm.className).toContain('bg-red-700');
    await userEvent.click(confirm);
    expect(within(dialog).getByText('Укажите причину приостановки')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await userEvent.type(within(dialog).getByLabelText('Причина'), 'Жалобы покупателей');
    await userEvent.click(confirm);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Возобновить' })).toBeInTheDocument());
    const suspend = calls.find((call) => call.method === 'POST');
    expect(suspend).toMatchObject({
      url: `/api/admin/v1/shops/${SHOP_ID}/suspend`,
      body: { reason: 'Жалобы покупателей' },
    });
    expect(suspend?.headers['x-csrf-token']).toBe(STAFF_CSRF);
    expect(
      screen.getByText(/Приостановлен 27\.11\.2026 12:30, risk@b2bpay\.ru\. Причина: Жалобы покупателей/),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Приостановлен').length).toBeGreaterThan(0);

    await userEvent.click(screen.getByRole('button', { name: 'Возобновить' }));
    expect(await screen.findByRole('button', { name: 'Приостановить' })).toBeInTheDocument();
    expect(calls.at(-1)?.url).toBe(`/api/admin/v1/shops/${SHOP_ID}/resume`);
  });

  it('cancelling the dialog sends nothing', async () => {
    const calls = openCard();
    await userEvent.click(await screen.findByRole('button', { name: 'Приостановить' }));
    await userEvent.type(screen.getByLabelText('Причина'), 'Передумал');
    await userEvent.click(screen.getByRole('button', { name: 'Отмена' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('support reads the card but cannot suspend', async () => {
    openCard('support');
    await screen.findByTestId('shop-figures');
    expect(screen.queryByRole('button', { name: 'Приостановить' })).not.toBeInTheDocument();
  });
});

describe('«Магазины»', () => {
  it('searches by name, INN or e-mail and marks a suspended shop', async () => {
    const calls = mockFetch((call) =>
      json({
        items: call.url.includes('q=') ? [{ ...makeShopCard(), suspended: true }] : [],
      }),
    );
    renderAsStaff('support', <ShopsPage />, { path: '/admin/shops', url: '/admin/shops' });
    expect(await screen.findByText('Магазинов пока нет.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Создать магазин' })).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Название, ИНН или e-mail'), '7707083893');
    await userEvent.click(screen.getByRole('button', { name: 'Найти' }));
    const row = await screen.findByTestId(`shop-${SHOP_ID}`);
    expect(row).toHaveTextContent('Приостановлен');
    expect(calls.at(-1)?.url).toBe('/api/admin/v1/shops?q=7707083893');
  });

  it('sales gets the creation form and no search', async () => {
    const calls = mockFetch(() => json({ items: [] }));
    renderAsStaff('sales', <ShopsPage />, { path: '/admin/shops', url: '/admin/shops' });
    expect(screen.getByRole('button', { name: 'Создать магазин' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Название, ИНН или e-mail')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
