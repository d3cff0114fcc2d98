// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  addDays,
  axisTicks,
  formatPercent,
  funnelSteps,
  moscowToday,
  niceMax,
  PERIOD_TOO_LONG,
  parsePeriod,
  periodDays,
  periodText,
  presetPeriod,
  presetSearch,
  rangeSearch,
  statusRows,
  tickIndexes,
} from './stats-model';

const TODAY = '2026-03-10';
const parse = (search: string) => parsePeriod(new URLSearchParams(search), TODAY);

describe('statistics period', () => {
  it('defaults to the last 30 days, today included', () => {
    expect(parse('')).toEqual({
      period: { dateFrom: '2026-02-09', dateTo: TODAY, preset: 30 },
      error: null,
    });
    expect(periodDays('2026-02-09', TODAY)).toBe(30);
  });

  it('takes the 7 and 90 day presets, and ignores other day counts', () => {
    expect(parse('?days=7').period).toEqual({ dateFrom: '2026-03-04', dateTo: TODAY, preset: 7 });
    expect(parse('?days=90').period).toEqual(presetPeriod(90, TODAY));
    expect(periodDays(parse('?days=90').period.dateFrom, TODAY)).toBe(90);
    expect(parse('?days=12').period.preset).toBe(30);
  });

  it('takes a custom range, swapping reversed ends, and recognises a preset in it', () => {
    expect(parse('?from=2026-01-01&to=2026-01-31').period).toEqual({
      dateFrom: '2026-01-01',
      dateTo: '2026-01-31',
      preset: null,
    });
    expect(parse('?from=2026-01-31&to=2026-01-01').period.dateFrom).toBe('2026-01-01');
    expect(parse(`?from=2026-03-04&to=${TODAY}`).period.preset).toBe(7);
  });

  it('refuses a range longer than 366 days and ignores invalid dates', () => {
    expect(parse('?from=2025-01-01&to=2026-03-01').error).toBe(PERIOD_TOO_LONG);
    expect(parse('?from=2025-03-10&to=2026-03-10').error).toBeNull(); // 366 days
    expect(parse('?from=2026-02-30&to=2026-03-01').period.preset).toBe(30);
    expect(parse('?from=yesterday&to=2026-03-01').period.preset).toBe(30);
  });

  it('writes presets and ranges to the address', () => {
    expect(presetSearch(30)).toBe('');
    expect(presetSearch(7)).toBe('?days=7');
    expect(rangeSearch('2026-01-01', '2026-01-31')).toBe('?from=2026-01-01&to=2026-01-31');
  });

  it('counts Moscow days and crosses month and year ends', () => {
    expect(moscowToday(new Date('2026-03-09T21:30:00Z'))).toBe('2026-03-10');
    expect(moscowToday(new Date('2026-03-09T20:59:00Z'))).toBe('2026-03-09');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(periodText('2026-01-01', '2026-01-31')).toBe('01.01.2026 – 31.01.2026');
    expect(periodText('2026-01-01', '2026-01-01')).toBe('01.01.2026');
  });
});

describe('funnel percentages', () => {
  it('gives each step its share of created orders and of the step before', () => {
    const steps = funnelSteps({ created: 200, link_opened: 150, submitted: 60, approved: 45, paid: 30 });
    expect(steps.map((s) => [s.label, s.count, s.ofCreated, s.ofPrevious])).toEqual([
      ['Создано заказов', 200, 1, null],
      ['Покупатель открыл ссылку', 150, 0.75, 0.75],
      ['Заявка отправлена', 60, 0.3, 0.4],
      ['Банк одобрил', 45, 0.225, 0.75],
      ['Оплачено', 30, 0.15, 30 / 45],
    ]);
    expect(steps.map((s) => formatPercent(s.ofPrevious))).toEqual([
      '—',
      '75\u00a0%',
      '40\u00a0%',
      '75\u00a0%',
      '66,7\u00a0%',
    ]);
  });

  it('has no percentages without a base', () => {
    const steps = funnelSteps({ created: 0, link_opened: 0, submitted: 0, approved: 0, paid: 0 });
    expect(steps.every((s) => s.ofCreated === null)).toBe(true);
    expect(formatPercent(steps[2]?.ofPrevious ?? null)).toBe('—');
    // An application sent without the link being opened first (through the API) still has a share of created.
    const direct = funnelSteps({ created: 4, link_opened: 0, submitted: 1, approved: 0, paid: 0 });
    expect(direct[2]).toMatchObject({ ofCreated: 0.25, ofPrevious: null });
  });

  it('formats shares the Russian way', () => {
    expect(formatPercent(0.5)).toBe('50\u00a0%');
    expect(formatPercent(0.6667)).toBe('66,7\u00a0%');
    expect(formatPercent(1)).toBe('100\u00a0%');
    expect(formatPercent(null)).toBe('—');
  });
});

describe('orders by status', () => {
  it('lists every status in lifecycle order with zeros, then unknown ones', () => {
    const rows = statusRows({
      orders: 4,
      by_status: [
        { status: 'app_approved', orders: 1, amount: 100 },
        { status: 'client_expected', orders: 2, amount: 50.5 },
        { status: 'legacy', orders: 1, amount: 1 },
      ],
    });
    expect(rows.map((r) => [r.status, r.orders, r.share])).toEqual([
      ['client_expected', 2, 0.5],
      ['bank_info_expected', 0, 0],
      ['app_approved', 1, 0.25],
      ['app_rejected', 0, 0],
      ['payment_sent', 0, 0],
      ['client_info_overdue', 0, 0],
      ['cancelled', 0, 0],
      ['refunded', 0, 0],
      ['legacy', 1, 0.25],
    ]);
    expect(rows[0]?.text).toBe('Ожидаем данные клиента');
    expect(rows.at(-1)?.text).toBe('legacy');
  });
});

describe('chart scale', () => {
  it('rounds the axis top up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect([0, 1, 3, 7, 10, 11, 24, 26, 180, 1_050.6, 99_000].map(niceMax)).toEqual([
      1, 1, 5, 10, 10, 20, 25, 50, 200, 2_000, 100_000,
    ]);
  });

  it('puts axis lines on whole numbers only: no «0,5» between 0 and 1', () => {
    expect(axisTicks(1)).toEqual([0, 1]);
    expect(axisTicks(5)).toEqual([0, 5]);
    expect(axisTicks(10)).toEqual([0, 5, 10]);
    expect(axisTicks(25)).toEqual([0, 25]);
    expect(axisTicks(1_000_000)).toEqual([0, 500_000, 1_000_000]);
  });

  it('spreads date labels evenly, first and last included', () => {
    expect(tickIndexes(30, 7)).toEqual([0, 5, 10, 15, 19, 24, 29]);
    expect(tickIndexes(3, 7)).toEqual([0, 1, 2]);
    expect(tickIndexes(0, 4)).toEqual([]);
  });
});
