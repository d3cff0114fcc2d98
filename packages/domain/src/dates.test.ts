import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, isCalendarDay, toIsoDate } from './dates';

const MSK = 'Europe/Moscow';

describe('formatDateTime', () => {
  it.each([
    ['2026-11-22T11:05:00Z', '22.11.2026 14:05'],
    ['2026-11-22T11:05:00.000+00:00', '22.11.2026 14:05'],
    ['2026-11-22T14:05:00+03:00', '22.11.2026 14:05'],
    ['2026-11-21T21:00:00Z', '22.11.2026 00:00'],
    ['2026-11-21T20:59:59Z', '21.11.2026 23:59'],
    ['2026-12-31T21:00:00Z', '01.01.2027 00:00'],
    ['2024-02-29T09:30:00Z', '29.02.2024 12:30'],
    ['2026-01-05T03:07:00Z', '05.01.2026 06:07'],
  ])('%s → %s in Moscow', (iso, text) => {
    expect(formatDateTime(iso, MSK)).toBe(text);
  });

  it('accepts epoch milliseconds and Date objects', () => {
    const ms = Date.UTC(2026, 10, 22, 11, 5);
    expect(formatDateTime(ms, MSK)).toBe('22.11.2026 14:05');
    expect(formatDateTime(new Date(ms), MSK)).toBe('22.11.2026 14:05');
    expect(formatDateTime(0, MSK)).toBe('01.01.1970 03:00');
  });

  it('honours the time zone', () => {
    expect(formatDateTime('2026-11-22T11:05:00Z', 'UTC')).toBe('22.11.2026 11:05');
    expect(formatDateTime('2026-11-22T11:05:00Z', 'Asia/Vladivostok')).toBe('22.11.2026 21:05');
    expect(formatDateTime('2026-11-22T11:05:00Z', 'Europe/Kaliningrad')).toBe('22.11.2026 13:05');
  });

  it('never contains a comma and always has the dd.MM.yyyy HH:mm shape', () => {
    for (let h = 0; h < 24; h++) {
      const text = formatDateTime(Date.UTC(2026, 0, 1, h, 0), MSK);
      expect(text).not.toContain(',');
      expect(text).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
    }
  });

  it('writes midnight as 00, never 24', () => {
    expect(formatDateTime('2026-03-01T21:00:00Z', MSK)).toBe('02.03.2026 00:00');
  });

  it('works without an explicit time zone', () => {
    expect(formatDateTime('2026-11-22T11:05:00Z')).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
  });

  it.each([[null], [undefined], [''], ['   ']])('shows the empty placeholder for %j', (value) => {
    expect(formatDateTime(value, MSK)).toBe('--.--.---- --:--');
  });

  it.each([
    ['not a date'],
    ['2026-13-45'],
    ['2026-11-22T25:00:00Z'],
    [Number.NaN],
    [8.64e15 + 1],
    [new Date('x')],
  ])('says Неверная дата for %j', (value) => {
    expect(formatDateTime(value, MSK)).toBe('Неверная дата');
  });

  it('says Ошибка даты when formatting throws (unknown time zone)', () => {
    expect(formatDateTime('2026-11-22T11:05:00Z', 'Mars/Olympus_Mons')).toBe('Ошибка даты');
  });

  it('says Ошибка даты when constructing the date throws', () => {
    const hostile = {
      [Symbol.toPrimitive]() {
        throw new Error('no');
      },
    } as unknown as string;
    expect(formatDateTime(hostile, MSK)).toBe('Ошибка даты');
  });

  it('checks emptiness and validity before the time zone', () => {
    expect(formatDateTime(null, 'Mars/Olympus_Mons')).toBe('--.--.---- --:--');
    expect(formatDateTime('nope', 'Mars/Olympus_Mons')).toBe('Неверная дата');
  });
});

describe('formatDate', () => {
  it.each([
    ['2026-11-22T11:05:00Z', '22.11.2026'],
    ['2026-11-21T21:00:00Z', '22.11.2026'],
    ['2026-11-21T20:59:59Z', '21.11.2026'],
  ])('%s → %s in Moscow', (iso, text) => {
    expect(formatDate(iso, MSK)).toBe(text);
  });

  it('shares the empty, invalid and error texts', () => {
    expect(formatDate(null, MSK)).toBe('--.--.----');
    expect(formatDate(undefined)).toBe('--.--.----');
    expect(formatDate('garbage', MSK)).toBe('Неверная дата');
    expect(formatDate('2026-11-22', 'Nowhere/Land')).toBe('Ошибка даты');
  });
});

describe('toIsoDate', () => {
  it.each([
    [new Date(2026, 10, 22), '2026-11-22'],
    [new Date(2026, 10, 22, 23, 59, 59, 999), '2026-11-22'],
    [new Date(2026, 0, 1, 0, 0), '2026-01-01'],
    [new Date(2024, 1, 29, 12), '2024-02-29'],
    [new Date(2026, 11, 31, 12), '2026-12-31'],
  ])('%s → %s (local calendar day)', (d, iso) => {
    expect(toIsoDate(d)).toBe(iso);
  });

  it('pads years below 1000', () => {
    const d = new Date(2000, 4, 7);
    d.setFullYear(999);
    expect(toIsoDate(d)).toBe('0999-05-07');
  });

  it('refuses an invalid date', () => {
    expect(() => toIsoDate(new Date('x'))).toThrow(RangeError);
  });
});

describe('isCalendarDay', () => {
  it('accepts days that exist, leap days included', () => {
    for (const day of ['2026-11-22', '2024-02-29', '2000-02-29', '1970-01-01', '2026-12-31'])
      expect(isCalendarDay(day), day).toBe(true);
  });

  it('refuses days the date parser would roll over, and other shapes', () => {
    for (const day of [
      '2024-02-30',
      '2023-02-29',
      '1900-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-1-1',
      '22.11.2026',
      '',
    ])
      expect(isCalendarDay(day), day).toBe(false);
  });
});
