import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DateRangePicker } from './date-range-picker';

const TODAY = '2026-11-27';

/** A phone's screen (narrower than md) or a wide one, as matchMedia answers. */
function screenWidth(narrow: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: narrow && query.includes('max-width'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })),
  );
}

function openPicker(startDate: string | null = null, endDate: string | null = null) {
  render(<DateRangePicker startDate={startDate} endDate={endDate} onApply={() => {}} today={TODAY} />);
  return userEvent.click(screen.getByRole('button', { name: /^Дата\/Даты/ }));
}

const scrollIntoView = HTMLElement.prototype.scrollIntoView;
afterEach(() => {
  vi.unstubAllGlobals();
  HTMLElement.prototype.scrollIntoView = scrollIntoView;
});

describe('date range picker', () => {
  it('on a phone opens on the current month alone, with the focus on today', async () => {
    screenWidth(true);
    const scrolled = vi.fn();
    HTMLElement.prototype.scrollIntoView = scrolled;
    await openPicker();
    const dialog = await screen.findByRole('dialog', { name: 'Выбор дат' });
    expect(screen.getAllByRole('table').map((t) => t.getAttribute('aria-label'))).toEqual(['Ноябрь 2026']);
    expect(document.activeElement?.getAttribute('data-day')).toBe(TODAY);
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    // The button went up first, so the calendar has the room under it.
    expect(scrolled).toHaveBeenCalledWith({ block: 'start' });
  });

  it('on a phone the arrow keys move into October, shown alone', async () => {
    screenWidth(true);
    HTMLElement.prototype.scrollIntoView = vi.fn();
    await openPicker();
    await screen.findByRole('dialog', { name: 'Выбор дат' });
    await userEvent.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(document.activeElement?.getAttribute('data-day')).toBe('2026-10-30');
    expect(screen.getAllByRole('table').map((t) => t.getAttribute('aria-label'))).toEqual(['Октябрь 2026']);
  });

  it('on a wide screen shows the month before and the current one, focus on today', async () => {
    screenWidth(false);
    await openPicker();
    await screen.findByRole('dialog', { name: 'Выбор дат' });
    expect(screen.getAllByRole('table').map((t) => t.getAttribute('aria-label'))).toEqual([
      'Октябрь 2026',
      'Ноябрь 2026',
    ]);
    expect(document.activeElement?.getAttribute('data-day')).toBe(TODAY);
  });

  it('opens on the chosen end when a range is applied', async () => {
    screenWidth(true);
    HTMLElement.prototype.scrollIntoView = vi.fn();
    await openPicker('2026-09-01', '2026-09-10');
    await screen.findByRole('dialog', { name: 'Выбор дат' });
    expect(screen.getAllByRole('table').map((t) => t.getAttribute('aria-label'))).toEqual(['Сентябрь 2026']);
    expect(document.activeElement?.getAttribute('data-day')).toBe('2026-09-10');
  });
});
