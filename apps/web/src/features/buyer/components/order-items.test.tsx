import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrderItems } from './order-items';

describe("the buyer's item lines", () => {
  it('group a quantity by thousands the ru-RU way: «1 000 шт.», «12 345 шт.»', () => {
    render(
      <OrderItems
        items={[
          { key: '1', name: 'Скрепки', quantity: 1000, price: 0.1, total: 100 },
          { key: '2', name: 'Кнопки', quantity: 12_345, price: 1, total: 12_345 },
          { key: '3', name: 'Бумага', quantity: 3, price: 350.1, total: 1050.3 },
        ]}
      />,
    );
    const lines = screen.getAllByText(/шт\. ×/).map((line) => line.textContent);
    expect(lines).toEqual([
      '1\u00a0000 шт. × 0,10\u00a0₽',
      '12\u00a0345 шт. × 1,00\u00a0₽',
      '3 шт. × 350,10\u00a0₽',
    ]);
  });
});
