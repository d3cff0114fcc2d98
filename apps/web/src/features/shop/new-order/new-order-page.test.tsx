import { DEMO_SHOP } from '@b2bpay/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { keyAccess, ShopAccessContext, sessionAccess } from '../../../shared/auth/shop-access';
import { json, mockFetch, renderRoute } from '../../../test/render';
import NewOrderPage from './new-order-page';

const ORDER = {
  id: '0b5d2a36-6a3c-4d63-9a55-3b1f0c2f7e11',
  shop_id: DEMO_SHOP.id,
  order_number: '1001',
  status: 'client_expected',
  link: 'http://localhost/client/0b5d2a36-6a3c-4d63-9a55-3b1f0c2f7e11',
  amount: 2999.8,
  products: [{ id: 1, name: 'Стул', price: 1499.9, quantity: 2 }],
  client: null,
  created_at: '2026-11-22T14:05:00Z',
  updated_at: '2026-11-22T14:05:00Z',
};

function open() {
  return renderRoute(<NewOrderPage />, {
    path: '/shops/:shopId/generate-qr',
    url: `/shops/${DEMO_SHOP.id}/generate-qr?token=${DEMO_SHOP.secretKey}`,
  });
}

describe('new order screen', () => {
  it('shows every row error on submit and clears one field error on edit', async () => {
    const calls = mockFetch(() => json(ORDER));
    const user = userEvent.setup();
    open();
    await user.clear(screen.getByLabelText('Количество'));
    await user.click(screen.getByRole('button', { name: 'Сгенерировать QR' }));

    expect(screen.getByText('Введите название товара')).toBeInTheDocument();
    expect(screen.getByText('Введите цену')).toBeInTheDocument();
    expect(screen.getByText('Введите количество')).toBeInTheDocument();
    expect(screen.getByLabelText('Наименование')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Наименование')).toHaveAccessibleDescription('Введите название товара');
    expect(calls).toHaveLength(0);

    await user.type(screen.getByLabelText('Наименование'), 'С');
    expect(screen.queryByText('Введите название товара')).not.toBeInTheDocument();
    expect(screen.getByText('Введите цену')).toBeInTheDocument();
  });

  it('refuses a quantity over the limit at its row, in ru-RU figures, without calling the API', async () => {
    const calls = mockFetch(() => json(ORDER));
    const user = userEvent.setup();
    open();
    await user.type(screen.getByLabelText('Наименование'), 'Бумага');
    await user.type(screen.getByLabelText('Цена'), '10');
    await user.clear(screen.getByLabelText('Количество'));
    await user.type(screen.getByLabelText('Количество'), '99999999');
    await user.click(screen.getByRole('button', { name: 'Сгенерировать QR' }));
    expect(screen.getByLabelText('Количество')).toHaveAccessibleDescription(
      'Не больше 1\u00a0000\u00a0000 шт.',
    );
    expect(calls).toHaveLength(0);
  });

  it('adds rows with quantity 1, shows delete only with two rows and totals with 2 decimals', async () => {
    mockFetch(() => json(ORDER));
    const user = userEvent.setup();
    open();
    expect(screen.queryByRole('button', { name: /Удалить товар/ })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Цена'), '0.1');
    await user.clear(screen.getByLabelText('Количество'));
    await user.type(screen.getByLabelText('Количество'), '3');
    await user.click(screen.getByRole('button', { name: 'Добавить товар' }));

    const quantities = screen.getAllByLabelText('Количество');
    expect(quantities).toHaveLength(2);
    expect(quantities[1]).toHaveValue('1');
    await user.type(screen.getAllByLabelText('Цена')[1] as HTMLElement, '1050.6');
    expect(screen.getByTestId('order-total')).toHaveTextContent(/^1\s050,90\s₽$/);

    await user.click(screen.getByRole('button', { name: 'Удалить товар 2' }));
    expect(screen.getAllByLabelText('Количество')).toHaveLength(1);
    expect(screen.getByTestId('order-total')).toHaveTextContent(/^0,30\s₽$/);
    expect(screen.queryByRole('button', { name: /Удалить товар/ })).not.toBeInTheDocument();
  });

  it('takes a price typed the Russian way, shows it ru-RU and refuses other text', async () => {
    const calls = mockFetch(() => json(ORDER));
    const user = userEvent.setup();
    open();
    const price = screen.getByLabelText('Цена');
    await user.type(price, '350,10');
    expect(screen.getByTestId('order-total')).toHaveTextContent(/^350,10\s₽$/);
    await user.clear(price);
    await user.type(price, '1 234,5');
    await user.tab();
    expect(price).toHaveValue('1\u00a0234,50');
    expect(screen.getByTestId('order-total')).toHaveTextContent(/^1\s234,50\s₽$/);

    await user.clear(price);
    await user.type(price, '350,1,0');
    await user.type(screen.getByLabelText('Наименование'), 'Стул');
    await user.click(screen.getByRole('button', { name: 'Сгенерировать QR' }));
    expect(screen.getByText('Введите цену')).toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent(/^0,00\s₽$/);
    expect(calls).toHaveLength(0);
  });

  it('sends shop_id and products with the token, then opens the QR screen with the shop id', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const calls = mockFetch(async () => {
      await gate;
      return json(ORDER);
    });
    const user = userEvent.setup();
    open();
    await user.type(screen.getByLabelText('Наименование'), '  Стул ');
    await user.clear(screen.getByLabelText('Количество'));
    await user.type(screen.getByLabelText('Количество'), '2');
    await user.type(screen.getByLabelText('Цена'), '1499.90');
    await user.click(screen.getByRole('button', { name: 'Сгенерировать QR' }));

    const busy = await screen.findByRole('button', { name: 'Создание заказа...' });
    expect(busy).toBeDisabled();
    release();

    const location = await screen.findByTestId('location');
    expect(location).toHaveTextContent(`/shops/order-qr/${ORDER.id}`);
    expect(JSON.parse(location.dataset.state ?? 'null')).toEqual({ shopId: DEMO_SHOP.id, created: true });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      url: '/api/order/orders',
      method: 'POST',
      body: { shop_id: DEMO_SHOP.id, products: [{ name: 'Стул', price: 1499.9, quantity: 2 }] },
    });
    expect(calls[0]?.headers.authorization).toBe(`Bearer ${DEMO_SHOP.secretKey}`);
  });

  it('shows the server message when creation fails with one', async () => {
    mockFetch(() =>
      json(
        {
          detail: 'Цена может иметь не больше двух знаков после запятой',
          error: { code: 'VALIDATION_ERROR', message: 'x', field: 'products.0.price' },
        },
        400,
      ),
    );
    const user = userEvent.setup();
    open();
    await user.type(screen.getByLabelText('Наименование'), 'Стул');
    await user.type(screen.getByLabelText('Цена'), '10');
    await user.click(screen.getByRole('button', { name: 'Сгенерировать QR' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Цена может иметь не больше двух знаков после запятой');
  });

  it('falls back to the fixed text when there is no server message', async () => {
    mockFetch(() => new Response('teapot', { status: 418 }));
    const user = userEvent.setup();
    open();
    await user.type(screen.getByLabelText('Наименование'), 'Стул');
    await user.type(screen.getByLabelText('Цена'), '10');
    await user.click(screen.getByRole('button', { name: 'Сгенерировать QR' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Не удалось создать заказ. Попробуйте еще раз.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Сгенерировать QR' })).toBeEnabled());
  });

  it('does not call the API without a token', async () => {
    const calls = mockFetch(() => json(ORDER));
    const user = userEvent.setup();
    renderRoute(<NewOrderPage />, {
      path: '/shops/:shopId/generate-qr',
      url: `/shops/${DEMO_SHOP.id}/generate-qr`,
    });
    await user.type(screen.getByLabelText('Наименование'), 'Стул');
    await user.type(screen.getByLabelText('Цена'), '10');
    await user.click(screen.getByRole('button', { name: 'Сгенерировать QR' }));
    // The spec's 'Authentication required to add orders.' in Russian, saying where the key comes from.
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Чтобы создать заказ, нужен ключ доступа магазина. Откройте кабинет по ссылке для входа из письма о подключении магазина.',
    );
    expect(calls).toHaveLength(0);
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(1);
  });

  it('keeps a submit made while the session is still being asked for, and sends it once it is known', async () => {
    const calls = mockFetch(() => json(ORDER));
    let confirmSession = () => {};
    // The shop area renders its page while it asks who is logged in (access not known yet).
    function AskingSession() {
      const [access, setAccess] = useState(() => keyAccess(null, false));
      confirmSession = () =>
        setAccess(sessionAccess('manager', { id: 'u', email: 'u@example.ru', name: 'U' }));
      return (
        <ShopAccessContext.Provider value={access}>
          <NewOrderPage />
        </ShopAccessContext.Provider>
      );
    }
    const user = userEvent.setup();
    renderRoute(<AskingSession />, {
      path: '/shops/:shopId/generate-qr',
      url: `/shops/${DEMO_SHOP.id}/generate-qr`,
    });
    await user.type(screen.getByLabelText('Наименование'), 'Стул');
    await user.type(screen.getByLabelText('Цена'), '10');
    await user.click(screen.getByRole('button', { name: 'Сгенерировать QR' }));

    // Neither refused for want of a key nor sent without the session: held, and shown as under way.
    expect(await screen.findByRole('button', { name: 'Создание заказа...' })).toBeDisabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);

    act(() => confirmSession());
    expect(await screen.findByTestId('location')).toHaveTextContent(`/shops/order-qr/${ORDER.id}`);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      url: '/api/order/orders',
      body: { shop_id: DEMO_SHOP.id, products: [{ name: 'Стул', price: 10, quantity: 1 }] },
    });
  });
});
