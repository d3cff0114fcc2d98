import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { getShopMode, MODE_STORAGE_KEY, setShopMode } from '../../../../shared/api/shop-mode';
import { ModeBadge, TestOrderBadge } from './mode-badge';
import { ModeSwitch } from './mode-switch';
import { TestModeBand } from './test-mode-band';
import { livemodeOfKey } from './use-shop-livemode';

afterEach(() => setShopMode('live'));

describe('the «Тестовый режим» switch', () => {
  it('is a real switch named by its label, off in live mode, with a 44 px target', () => {
    render(<ModeSwitch />);
    const toggle = screen.getByRole('switch', { name: 'Тестовый режим' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(toggle.tagName).toBe('BUTTON');
    expect(toggle).toHaveAttribute('type', 'button');
    expect(toggle.className).toMatch(/\bmin-h-11\b/);
    expect(toggle.className).toMatch(/\bmin-w-11\b/);
  });

  it('a click, Space or Enter switches it and keeps the choice in this browser', async () => {
    render(<ModeSwitch />);
    const toggle = screen.getByRole('switch', { name: 'Тестовый режим' });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(getShopMode()).toBe('test');
    expect(localStorage.getItem(MODE_STORAGE_KEY)).toBe('test');
    await userEvent.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(localStorage.getItem(MODE_STORAGE_KEY)).toBe('live');
    await userEvent.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await userEvent.tab();
    expect(toggle).not.toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(toggle).toHaveFocus();
  });

  it('follows a switch made in another tab of the same browser', () => {
    render(<ModeSwitch />);
    const toggle = screen.getByRole('switch', { name: 'Тестовый режим' });
    act(() => {
      localStorage.setItem(MODE_STORAGE_KEY, 'test');
      window.dispatchEvent(new StorageEvent('storage', { key: MODE_STORAGE_KEY, newValue: 'test' }));
    });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(getShopMode()).toBe('test');
  });
});

describe('the mode headers', () => {
  it('the band says what test mode means, in amber', () => {
    render(<TestModeBand />);
    const band = screen.getByTestId('test-mode-band');
    expect(band).toHaveTextContent(
      'Тестовый режим — заказы не настоящие, решения принимают банки-песочницы, деньги не движутся.',
    );
    expect(band.className).toMatch(/\bbg-amber-50\b/);
    expect(band.className).toMatch(/\btext-amber-900\b/);
  });

  it('the key badge names the mode in words', () => {
    const { rerender } = render(<ModeBadge livemode={false} />);
    expect(screen.getByTestId('mode-badge')).toHaveTextContent('Тестовый режим');
    rerender(<ModeBadge livemode />);
    expect(screen.getByTestId('mode-badge')).toHaveTextContent('Боевой режим');
  });

  it('a test order is marked «Тест»', () => {
    render(<TestOrderBadge />);
    expect(screen.getByTestId('test-order-badge')).toHaveTextContent('Тест');
  });
});

describe('livemodeOfKey', () => {
  it('reads the mode from the key’s prefix where it names one', () => {
    expect(livemodeOfKey('sk_live_abc')).toBe(true);
    expect(livemodeOfKey('sk_test_abc')).toBe(false);
    expect(livemodeOfKey('sk_demo_4f7b2c9e1a8d6035b2e9c7f1a4d8b6e2')).toBe(false);
    expect(livemodeOfKey('sk_abc')).toBeUndefined();
  });
});
