import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DateRangeField } from './date-range-field';

const TODAY = '2026-11-27';

// The calendar's module in the module cache: its dynamic import then resolves at once, whatever the
// machine's load (the test is about what is shown, not about how long a download takes).
beforeAll(async () => {
  await import('./date-range-picker');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('date range field (the calendar loaded after the page)', () => {
  it('while the page loads, the stand-in button opens the calendar when pressed, focus on today', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: false,
        media: query,
        addEventListener() {},
        removeEventListener() {},
      })),
    );
    // The page has not loaded yet: nothing loads the calendar until the button is pressed.
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    render(<DateRangeField startDate={null} endDate={null} onApply={() => {}} today={TODAY} />);
    const button = screen.getByRole('button', { name: 'Дата/Даты' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(button);
    await screen.findByRole('dialog', { name: 'Выбор дат' });
    expect(document.activeElement?.getAttribute('data-day')).toBe(TODAY);
    expect(screen.getByRole('button', { name: 'Дата/Даты' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('once the page has loaded, the calendar comes by itself, and the button keeps its text', async () => {
    render(<DateRangeField startDate="2026-11-02" endDate="2026-11-05" onApply={() => {}} today={TODAY} />);
    const button = screen.getByRole('button', { name: 'Дата/Даты: 02.11.2026 – 05.11.2026' });
    expect(button.hasAttribute('data-state')).toBe(false);
    // The real trigger (Radix's) carries its state once the calendar's code is in.
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: /^Дата\/Даты/ }).hasAttribute('data-state')).toBe(true),
    );
    expect(button.textContent).toBe('Дата/Даты: 02.11.2026 – 05.11.2026');
  });
});
