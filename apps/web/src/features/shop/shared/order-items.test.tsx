import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrderItems } from './order-items';

describe('OrderItems', () => {
  it('groups a large quantity the Russian way: «1 000 шт.», not «1000 шт.»', () => {
    render(<OrderItems products={[{ id: 1, name: 'Скрепки', price: 0.1, quantity: 1000 }]} />);
    expect(screen.getByText(/шт\. ×/).textContent).toBe('1\u00a0000 шт. × 0,10\u00a0₽');
  });
});
