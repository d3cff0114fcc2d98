import type { Order } from '@b2bpay/domain';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { toOrderView } from '../shared/order-view';
import { OrderCard } from './order-card';

function order(createdAt: string, livemode = false): Order {
  return {
    id: '3f1c9a2e-0000-4000-8000-000000000001',
    shop_id: '5f0c2a1e-8b7d-4c3a-9e21-6d4f0b8a7c15',
    order_number: '1042',
    status: 'bank_info_expected',
    version: 1,
    link: '',
    amount: 10,
    products: [{ id: 1, name: 'Ручка', price: 5, quantity: 2 }],
    client: null,
    created_at: createdAt,
    updated_at: createdAt,
    livemode,
  };
}

function show(createdAt: string, livemode = false) {
  const view = toOrderView(order(createdAt, livemode));
  const router = createMemoryRouter([{ path: '*', element: <OrderCard order={view} shopId="s1" /> }]);
  render(<RouterProvider router={router} />);
}

describe('order card date display (spec §5)', () => {
  it('shows day.month.year hours:minutes', () => {
    // No offset: read as local time, so the expectation holds in any time zone.
    show('2026-11-22T14:05:00');
    expect(screen.getByText('22.11.2026 14:05')).toBeInTheDocument();
    expect(screen.getByText('Заказ №1042')).toBeInTheDocument();
    expect(screen.getByText('Банк проверяет информацию')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Заказ №1042/ })).toHaveAttribute(
      'href',
      '/shops/order-qr/3f1c9a2e-0000-4000-8000-000000000001',
    );
    expect(screen.getByRole('link', { name: 'Подробнее о заказе №1042' })).toHaveAttribute(
      'href',
      '/shops/s1/orders/3f1c9a2e-0000-4000-8000-000000000001',
    );
  });

  it("shows '--.--.---- --:--' for an empty date", () => {
    show('');
    expect(screen.getByText('--.--.---- --:--')).toBeInTheDocument();
  });

  it("shows 'Неверная дата' for an unparsable date", () => {
    show('вчера');
    expect(screen.getByText('Неверная дата')).toBeInTheDocument();
  });
});

describe('order card: who buys what', () => {
  it("shows the buyer's company and the goods, the third and later summed up", () => {
    const base = order('2026-11-22T14:05:00');
    const view = toOrderView({
      ...base,
      products: [
        { id: 1, name: 'Кресло офисное', price: 5, quantity: 2 },
        { id: 2, name: 'Стол', price: 5, quantity: 1 },
        { id: 3, name: 'Лампа', price: 5, quantity: 1 },
        { id: 4, name: 'Полка', price: 5, quantity: 1 },
      ],
      client: { organization_name: 'ООО «Ромашка»' } as Order['client'],
    });
    const router = createMemoryRouter([{ path: '*', element: <OrderCard order={view} shopId="s1" /> }]);
    render(<RouterProvider router={router} />);
    expect(screen.getByTestId('order-company')).toHaveTextContent('ООО «Ромашка»');
    expect(screen.getByTestId('order-goods')).toHaveTextContent('Кресло офисное × 2, Стол и ещё 2');
  });

  it('names no company before the buyer gives one', () => {
    show('2026-11-22T14:05:00');
    expect(screen.queryByTestId('order-company')).toBeNull();
    expect(screen.getByTestId('order-goods')).toHaveTextContent('Ручка × 2');
  });
});

describe('order card mode (DESIGN §16)', () => {
  it('a test order says «Тест», a live one does not', () => {
    show('2026-11-22T14:05:00', false);
    expect(screen.getByText('Тест')).toBeInTheDocument();
    cleanup();
    show('2026-11-22T14:05:00', true);
    expect(screen.queryByText('Тест')).not.toBeInTheDocument();
  });
});
