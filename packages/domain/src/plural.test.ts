import { describe, expect, it } from 'vitest';
import { filterWord, pluralRu } from './plural';

const FILTER = ['фильтр', 'фильтра', 'фильтров'] as const;

describe('pluralRu', () => {
  it.each([
    [0, 'фильтров'],
    [1, 'фильтр'],
    [2, 'фильтра'],
    [3, 'фильтра'],
    [4, 'фильтра'],
    [5, 'фильтров'],
    [10, 'фильтров'],
    [11, 'фильтров'],
    [12, 'фильтров'],
    [13, 'фильтров'],
    [14, 'фильтров'],
    [15, 'фильтров'],
    [20, 'фильтров'],
    [21, 'фильтр'],
    [22, 'фильтра'],
    [24, 'фильтра'],
    [25, 'фильтров'],
    [100, 'фильтров'],
    [101, 'фильтр'],
    [102, 'фильтра'],
    [111, 'фильтров'],
    [112, 'фильтров'],
    [114, 'фильтров'],
    [121, 'фильтр'],
    [1001, 'фильтр'],
    [1011, 'фильтров'],
    [-1, 'фильтр'],
    [-2, 'фильтра'],
    [-11, 'фильтров'],
    [1.5, 'фильтра'],
  ])('%d %s', (n, word) => {
    expect(pluralRu(n, FILTER)).toBe(word);
  });

  it('agrees with Intl.PluralRules for the integers 0..1000', () => {
    const rules = new Intl.PluralRules('ru-RU');
    const byCategory: Record<string, string> = { one: FILTER[0], few: FILTER[1], many: FILTER[2] };
    for (let n = 0; n <= 1000; n++) expect(pluralRu(n, FILTER), String(n)).toBe(byCategory[rules.select(n)]);
  });

  it('works with any word', () => {
    const forms = ['заказ', 'заказа', 'заказов'] as const;
    expect([1, 3, 7, 21, 44, 111].map((n) => `${n} ${pluralRu(n, forms)}`)).toEqual([
      '1 заказ',
      '3 заказа',
      '7 заказов',
      '21 заказ',
      '44 заказа',
      '111 заказов',
    ]);
  });
});

describe('filterWord', () => {
  it.each([
    [1, 'фильтр'],
    [0, 'фильтра'],
    [2, 'фильтра'],
    [5, 'фильтра'],
    [11, 'фильтра'],
    [21, 'фильтра'],
  ])('%d → %s (the spec rule, not the grammatical one)', (n, word) => {
    expect(filterWord(n)).toBe(word);
  });
});
