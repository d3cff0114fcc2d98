// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  applyOrdersChange,
  clampPage,
  EMPTY_ORDERS_QUERY,
  filterBadgeText,
  isIsoDate,
  ordersSearch,
  ordersTitle,
  parseOrdersQuery,
  toSearchParams,
  totalPages,
} from './orders-query';

const parse = (search: string) => parseOrdersQuery(new URLSearchParams(search));

describe('order list query state', () => {
  it('defaults to page 1 with no filters', () => {
    expect(parse('')).toEqual(EMPTY_ORDERS_QUERY);
  });

  it('reads page, search, repeated statuses and dates from the address', () => {
    expect(
      parse(
        '?page=3&search=10&status=app_approved&status=payment_sent&startDate=2026-11-01&endDate=2026-11-15',
      ),
    ).toEqual({
      page: 3,
      search: '10',
      statuses: ['app_approved', 'payment_sent'],
      startDate: '2026-11-01',
      endDate: '2026-11-15',
    });
  });

  it('ignores what it cannot use: bad pages, unknown or repeated statuses, impossible dates', () => {
    expect(parse('?page=0').page).toBe(1);
    expect(parse('?page=-4').page).toBe(1);
    expect(parse('?page=abc').page).toBe(1);
    expect(parse('?status=nope&status=app_rejected&status=app_rejected').statuses).toEqual(['app_rejected']);
    expect(parse('?startDate=2026-02-30&endDate=15.11.2026')).toMatchObject({
      startDate: null,
      endDate: null,
    });
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
  });

  it('reads a reversed range the way it was meant', () => {
    expect(parse('?startDate=2026-11-15&endDate=2026-11-01')).toMatchObject({
      startDate: '2026-11-01',
      endDate: '2026-11-15',
    });
  });

  it('writes the same state back, leaving out defaults', () => {
    const search =
      '?page=2&search=77&status=client_expected&status=app_rejected&startDate=2026-01-01&endDate=2026-01-31';
    expect(`?${toSearchParams(parse(search)).toString()}`).toBe(search);
    expect(ordersSearch({})).toBe('');
    expect(ordersSearch({ page: 1, search: '  ' })).toBe('');
    expect(ordersSearch({ statuses: ['app_approved', 'payment_sent'] })).toBe(
      '?status=app_approved&status=payment_sent',
    );
  });

  it('goes back to page 1 on any filter change', () => {
    const state = { ...EMPTY_ORDERS_QUERY, page: 4 };
    expect(applyOrdersChange(state, { type: 'search', value: '12' })).toMatchObject({
      page: 1,
      search: '12',
    });
    expect(applyOrdersChange(state, { type: 'toggleStatus', status: 'payment_sent' })).toMatchObject({
      page: 1,
      statuses: ['payment_sent'],
    });
    expect(
      applyOrdersChange(state, { type: 'dates', startDate: '2026-11-01', endDate: '2026-11-02' }),
    ).toMatchObject({ page: 1, startDate: '2026-11-01', endDate: '2026-11-02' });
    expect(applyOrdersChange(state, { type: 'page', page: 5 }).page).toBe(5);
  });

  it('toggles a status off again', () => {
    const on = applyOrdersChange(EMPTY_ORDERS_QUERY, { type: 'toggleStatus', status: 'app_approved' });
    expect(applyOrdersChange(on, { type: 'toggleStatus', status: 'app_approved' }).statuses).toEqual([]);
  });

  it('reset clears search, dates and statuses and sets page 1', () => {
    const busy = parse('?page=3&search=1&status=app_approved&startDate=2026-11-01&endDate=2026-11-02');
    expect(applyOrdersChange(busy, { type: 'reset' })).toEqual(EMPTY_ORDERS_QUERY);
  });

  it('counts active filters and words the badge', () => {
    expect(activeFilterCount(EMPTY_ORDERS_QUERY)).toBe(0);
    expect(activeFilterCount(parse('?search=5'))).toBe(1);
    expect(
      activeFilterCount(parse('?search=5&startDate=2026-11-01&endDate=2026-11-01&status=app_approved')),
    ).toBe(3);
    expect(filterBadgeText(1)).toBe('1 фильтр');
    expect(filterBadgeText(2)).toBe('2 фильтра');
    expect(filterBadgeText(5)).toBe('5 фильтра');
  });

  it('counts pages of 20 and clamps the page between 1 and the last', () => {
    expect(totalPages(0)).toBe(1);
    expect(totalPages(20)).toBe(1);
    expect(totalPages(21)).toBe(2);
    expect(clampPage(9, 3)).toBe(3);
    expect(clampPage(0, 3)).toBe(1);
    expect(clampPage(2, 3)).toBe(2);
  });

  it("titles the list 'Подтвержденные заказы' only for exactly the confirmed statuses", () => {
    expect(ordersTitle(parse('?status=payment_sent&status=app_approved'))).toBe('Подтвержденные заказы');
    expect(ordersTitle(parse('?status=app_approved'))).toBe('Все заказы');
    expect(ordersTitle(parse('?status=app_approved&status=payment_sent&status=app_rejected'))).toBe(
      'Все заказы',
    );
    expect(ordersTitle(parse(''))).toBe('Все заказы');
  });
});
