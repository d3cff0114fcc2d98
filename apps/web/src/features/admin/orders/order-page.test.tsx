import { type Client, EXAMPLE_CLIENT, type Order } from '@b2bpay/domain';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { json, mockFetch } from '../../../test/render';
import { setStaffCsrfToken } from '../staff-credentials';
import { ORDER_ID, renderAsStaff, SHOP_ID } from '../testing/staff-fixtures';
import { buyerView } from './buyer-view';
import StaffOrderPage from './order-page';

afterEach(() => setStaffCsrfToken(null));

const CLIENT: Client = { ...EXAMPLE_CLIENT };

/** The API masks the person's data for support: phone and e-mail with asterisks, names to a letter. */
const MASKED: Client = {
  ...CLIENT,
  phone_number: '+7 *** ***-**-67',
  email: 'z***@romashka.ru',
  surname: 'С***',
  name: 'О***',
  middlename: 'И***',
};

function order(client: Client | null): Order {
  return {
    id: ORDER_ID,
    shop_id: SHOP_ID,
    order_number: '1042',
    status: 'app_approved',
    version: 1,
    link: `http://localhost/client/${ORDER_ID}`,
    amount: 4505,
    products: [{ id: 1, name: 'Бумага офисная А4', price: 450.5, quantity: 10 }],
    client,
    created_at: '2026-11-22T14:05:00Z',
    updated_at: '2026-11-22T14:35:00Z',
    bank_decisions: [
      {
        bank: 'sever',
        bank_name: 'Банк «Северный Кредит»',
        status: 'approved',
        decided_at: '2026-11-22T14:30:00Z',
      },
    ],
  } as Order;
}

function openOrder(role: 'support' | 'risk', client: Client | null) {
  const calls = mockFetch(() => json(order(client)));
  renderAsStaff(role, <StaffOrderPage />, {
    path: '/admin/orders/:orderId',
    url: `/admin/orders/${ORDER_ID}`,
  });
  return calls;
}

describe('the order card in the back office', () => {
  it('for support shows the buyer’s phone, e-mail and name masked, and says why', async () => {
    const calls = openOrder('support', MASKED);
    const buyer = await screen.findByTestId('buyer');
    expect(calls[0]?.url).toBe(`/api/admin/v1/orders/${ORDER_ID}`);
    expect(buyer).toHaveTextContent('+7 *** ***-**-67');
    expect(buyer).toHaveTextContent('z***@romashka.ru');
    expect(buyer).toHaveTextContent('С*** О*** И***');
    expect(buyer).toHaveTextContent('ООО «Ромашка»');
    expect(screen.getByText(/роль «Поддержка» их не видит/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Заказ №1042');
    expect(screen.getByText('Бумага офисная А4')).toBeInTheDocument();
  });

  it('for support never shows them whole, even should the server send them whole', async () => {
    openOrder('support', CLIENT);
    const buyer = await screen.findByTestId('buyer');
    expect(buyer).not.toHaveTextContent('916');
    expect(buyer).not.toHaveTextContent('zakupki@');
    expect(buyer).not.toHaveTextContent('Смирнова');
    expect(buyer).toHaveTextContent('+7 *** ***-**-67');
    expect(buyer).toHaveTextContent('z***@romashka.ru');
  });

  it('for risk shows the buyer as the shop’s owner sees them', async () => {
    openOrder('risk', CLIENT);
    const buyer = await screen.findByTestId('buyer');
    expect(buyer).toHaveTextContent('+7 916 123-45-67');
    expect(buyer).toHaveTextContent('zakupki@romashka.ru');
    expect(buyer).toHaveTextContent('Смирнова Ольга Игоревна');
    expect(screen.queryByText(/роль «Поддержка» их не видит/)).not.toBeInTheDocument();
  });

  it('masks a whole value once and leaves an already masked one as it came', () => {
    expect(buyerView(MASKED, false)).toMatchObject({ phone: '+7 *** ***-**-67', person: 'С*** О*** И***' });
    expect(buyerView({ ...CLIENT, middlename: null }, false).person).toBe('С*** О***');
  });
});
