// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  finishRange,
  isSelectable,
  keyTarget,
  monthGrid,
  rangeKind,
  rangeLabel,
  selectDay,
  spokenDay,
  visibleMonthsFor,
} from './calendar';

describe('range calendar', () => {
  it('lays a month out in weeks from Monday', () => {
    // 1 November 2026 is a Sunday.
    const weeks = monthGrid({ year: 2026, month: 10 });
    expect(weeks[0]).toEqual([null, null, null, null, null, null, '2026-11-01']);
    expect(weeks.at(-1)?.filter(Boolean).at(-1)).toBe('2026-11-30');
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    expect(monthGrid({ year: 2024, month: 1 }).flat().filter(Boolean)).toHaveLength(29);
  });

  it('moves across years', () => {
    expect(addMonths({ year: 2026, month: 11 }, 1)).toEqual({ year: 2027, month: 0 });
    expect(addMonths({ year: 2026, month: 0 }, -1)).toEqual({ year: 2025, month: 11 });
  });

  it('picks a start, then an end, swapping a reversed pick, then starts over', () => {
    let range = selectDay({ start: null, end: null }, '2026-11-10');
    expect(range).toEqual({ start: '2026-11-10', end: null });
    range = selectDay(range, '2026-11-03');
    expect(range).toEqual({ start: '2026-11-03', end: '2026-11-10' });
    expect(selectDay(range, '2026-11-20')).toEqual({ start: '2026-11-20', end: null });
  });

  it('marks range days as start, middle or end', () => {
    const range = { start: '2026-11-03', end: '2026-11-05' };
    expect(rangeKind(range, '2026-11-03')).toBe('start');
    expect(rangeKind(range, '2026-11-04')).toBe('middle');
    expect(rangeKind(range, '2026-11-05')).toBe('end');
    expect(rangeKind(range, '2026-11-06')).toBeNull();
    expect(rangeKind({ start: '2026-11-03', end: null }, '2026-11-03')).toBe('single');
  });

  it('applies a lone start as a one-day range', () => {
    expect(finishRange({ start: '2026-11-03', end: null })).toEqual({
      startDate: '2026-11-03',
      endDate: '2026-11-03',
    });
    expect(finishRange({ start: null, end: null })).toEqual({ startDate: null, endDate: null });
  });

  it('names days in Russian', () => {
    expect(spokenDay('2026-11-01')).toBe('воскресенье, 1 ноября 2026');
    expect(rangeLabel('2026-11-01', '2026-11-15')).toBe('01.11.2026 – 15.11.2026');
    expect(rangeLabel('2026-11-01', '2026-11-01')).toBe('01.11.2026');
  });
});

describe('calendar bounds and keys', () => {
  const today = '2026-11-23';

  it('shows the previous and the current month', () => {
    expect(visibleMonthsFor(today)).toEqual({ year: 2026, month: 9 });
    expect(visibleMonthsFor('2026-01-15')).toEqual({ year: 2025, month: 11 });
  });

  it('lets no future day be picked', () => {
    expect(isSelectable('2026-11-23', today)).toBe(true);
    expect(isSelectable('2026-11-24', today)).toBe(false);
  });

  it('moves with the arrow keys by a day and a week, Home/End in the week, PageUp/Down by month, never past today', () => {
    expect(keyTarget('2026-11-10', 'ArrowLeft', today)).toBe('2026-11-09');
    expect(keyTarget('2026-11-10', 'ArrowRight', today)).toBe('2026-11-11');
    expect(keyTarget('2026-11-10', 'ArrowUp', today)).toBe('2026-11-03');
    expect(keyTarget('2026-11-10', 'ArrowDown', today)).toBe('2026-11-17');
    expect(keyTarget('2026-11-11', 'Home', today)).toBe('2026-11-09');
    expect(keyTarget('2026-11-11', 'End', today)).toBe('2026-11-15');
    expect(keyTarget('2026-10-31', 'PageUp', today)).toBe('2026-09-30');
    expect(keyTarget('2026-11-20', 'ArrowDown', today)).toBe(today);
    expect(keyTarget('2026-11-10', 'Enter', today)).toBeNull();
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});
