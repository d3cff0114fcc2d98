import { describe, expect, it } from 'vitest';
import { countNumbersContaining } from './number-search';

const brute = (n: number, s: string) => {
  let c = 0;
  for (let i = 1; i <= n; i++) if (String(i).includes(s)) c++;
  return c;
};

describe('countNumbersContaining', () => {
  it('matches counting one by one', () => {
    for (const n of [1, 9, 10, 11, 99, 100, 101, 110, 999, 1000, 1234, 2026, 4999, 10_000, 12_345]) {
      for (const s of [
        '0',
        '1',
        '7',
        '9',
        '00',
        '01',
        '10',
        '11',
        '12',
        '21',
        '99',
        '000',
        '101',
        '121',
        '1234',
      ]) {
        expect(countNumbersContaining(n, s), `${n} ${s}`).toBe(brute(n, s));
      }
    }
  });

  it('is fast and exact on a million', () => {
    expect(countNumbersContaining(1_000_000, '7')).toBe(brute(1_000_000, '7'));
    expect(countNumbersContaining(1_000_000, '42')).toBe(brute(1_000_000, '42'));
  });

  it('finds nothing for non-digits or an empty range', () => {
    expect(countNumbersContaining(1000, 'a')).toBe(0);
    expect(countNumbersContaining(1000, '')).toBe(0);
    expect(countNumbersContaining(0, '1')).toBe(0);
  });
});
