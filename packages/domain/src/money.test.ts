import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountToKopecks,
  formatAmount2,
  formatRubles,
  formatTypedRubles,
  formatWholeNumber,
  formatWholeRubles,
  hasAtMostTwoDecimals,
  isValidRublesAmount,
  itemsTotalKopecks,
  kopecksToDecimalComma,
  kopecksToRubles,
  lineTotalKopecks,
  parseTypedQuantity,
  parseTypedRubles,
  rublesToKopecks,
  sumKopecks,
} from './money';

const NBSP = '\u00a0';

describe('rublesToKopecks', () => {
  it.each([
    [0, 0],
    [0.01, 1],
    [0.1, 10],
    [0.29, 29],
    [1, 100],
    [1.1, 110],
    [1.15, 115],
    [4.35, 435],
    [350.1, 35010],
    [1050.6, 105060],
    [19.99, 1999],
    [1234567.89, 123456789],
    // Just below 2^46 roubles, where doubles stop resolving every kopeck.
    [70368744177663.99, 7036874417766399],
  ])('%d roubles → %d kopecks', (rubles, kopecks) => {
    expect(rublesToKopecks(rubles)).toBe(kopecks);
  });

  it('is exact where float multiplication is not', () => {
    expect(1.15 * 100).not.toBe(115);
    expect(4.35 * 100).not.toBe(435);
    expect(0.29 * 100).not.toBe(29);
    expect(rublesToKopecks(1.15)).toBe(115);
    expect(rublesToKopecks(4.35)).toBe(435);
    expect(rublesToKopecks(0.29)).toBe(29);
  });

  it('takes -0 as 0', () => {
    expect(rublesToKopecks(-0)).toBe(0);
    expect(Object.is(rublesToKopecks(-0), 0)).toBe(true);
    expect(rublesToKopecks('-0')).toBe(0);
    expect(rublesToKopecks('-0.00')).toBe(0);
  });

  it.each([
    ['0', 0],
    ['350.1', 35010],
    ['350.10', 35010],
    ['1050.60', 105060],
    ['007.05', 705],
    [' 12.5 ', 1250],
    ['90071992547409.91', 9007199254740991],
  ] as const)('accepts the decimal string %j → %d', (text, kopecks) => {
    expect(rublesToKopecks(text)).toBe(kopecks);
  });

  it.each([
    -0.01,
    -1,
    0.001,
    1.005,
    0.1 + 0.2,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    1e21,
    1e-7,
    90071992547409.92,
    1e20,
  ])('refuses the number %d with RangeError', (value) => {
    expect(() => rublesToKopecks(value)).toThrow(RangeError);
    expect(isValidRublesAmount(value)).toBe(false);
  });

  it.each([
    '',
    ' ',
    '-1',
    '-0.01',
    '+1',
    '1.005',
    '1.',
    '.5',
    '1,50',
    '1e3',
    '1e+21',
    '0x10',
    'abc',
    '1 000',
    'Infinity',
    'NaN',
    '90071992547409.92',
    '9007199254740991',
  ])('refuses the string %j with RangeError', (text) => {
    expect(() => rublesToKopecks(text)).toThrow(RangeError);
    expect(isValidRublesAmount(text)).toBe(false);
  });

  it('isValidRublesAmount agrees with rublesToKopecks on good values', () => {
    for (const value of [0, 0.01, 350.1, '350.10', '-0']) expect(isValidRublesAmount(value)).toBe(true);
  });

  it('round-trips every kopeck amount from 0 to 100000 through roubles', () => {
    const broken: number[] = [];
    for (let k = 0; k <= 100_000; k++) if (rublesToKopecks(kopecksToRubles(k)) !== k) broken.push(k);
    expect(broken).toEqual([]);
  });
});

describe('hasAtMostTwoDecimals', () => {
  it.each([0, -0, 1, 1.5, 1.25, -3.75, 350.1, 0.01, 1e21, 1e100, -1e21])('%d → true', (v) => {
    expect(hasAtMostTwoDecimals(v)).toBe(true);
  });

  it.each([0.001, 1.005, 0.1 + 0.2, 1e-7, -0.125, Number.NaN, Number.POSITIVE_INFINITY])(
    '%d → false',
    (v) => {
      expect(hasAtMostTwoDecimals(v)).toBe(false);
    },
  );
});

describe('kopecksToRubles', () => {
  it.each([
    [0, 0],
    [1, 0.01],
    [10, 0.1],
    [99, 0.99],
    [100, 1],
    [105060, 1050.6],
    [35010, 350.1],
    [115, 1.15],
    [-105060, -1050.6],
    [-1, -0.01],
    [7036874417766399, 70368744177663.99],
  ])('%d kopecks → %d roubles', (kopecks, rubles) => {
    expect(kopecksToRubles(kopecks)).toBe(rubles);
  });

  it.each([0.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])('refuses %d', (v) => {
    expect(() => kopecksToRubles(v)).toThrow(RangeError);
  });
});

describe('lineTotalKopecks and sumKopecks', () => {
  it('computes the spec example exactly: 350.1×3 + 0.1×3 = 1050.6', () => {
    const products = [
      { price: 350.1, quantity: 3 },
      { price: 0.1, quantity: 3 },
    ];
    // The naive float sum is off, which is why kopecks exist at all.
    expect(products.reduce((s, p) => s + p.price * p.quantity, 0)).not.toBe(1050.6);
    const total = sumKopecks(products.map((p) => lineTotalKopecks(rublesToKopecks(p.price), p.quantity)));
    expect(total).toBe(105060);
    expect(kopecksToRubles(total)).toBe(1050.6);
  });

  it('multiplies price by quantity', () => {
    expect(lineTotalKopecks(1999, 1)).toBe(1999);
    expect(lineTotalKopecks(1999, 7)).toBe(13993);
    expect(lineTotalKopecks(0, 1000)).toBe(0);
    expect(lineTotalKopecks(1999, 0)).toBe(0);
  });

  it.each([
    [1.5, 2],
    [100, 1.5],
    [-100, 2],
    [100, -2],
    [Number.NaN, 1],
    [Number.MAX_SAFE_INTEGER, 2],
  ])('lineTotalKopecks(%d, %d) throws RangeError', (price, quantity) => {
    expect(() => lineTotalKopecks(price, quantity)).toThrow(RangeError);
  });

  it('sums kopecks', () => {
    expect(sumKopecks([])).toBe(0);
    expect(sumKopecks([105030, 30])).toBe(105060);
    expect(sumKopecks([1, 2, 3, 4])).toBe(10);
  });

  it('refuses fractional parts and overflow in sums', () => {
    expect(() => sumKopecks([1, 0.5])).toThrow(RangeError);
    expect(() => sumKopecks([Number.MAX_SAFE_INTEGER, 1])).toThrow(RangeError);
    expect(() => sumKopecks([Number.NaN])).toThrow(RangeError);
  });
});

describe('formatRubles', () => {
  it('matches Intl ru-RU RUB output', () => {
    const intl = new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB' });
    for (const v of [0, 0.1, 1, 1050.6, 1234567.89, 999.999]) expect(formatRubles(v)).toBe(intl.format(v));
  });

  it('matches Intl ru-RU RUB output for any amount, sign, rounding tie and -0 (written out, not Intl)', () => {
    const intl = new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB' });
    const amount2 = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    for (const v of [-5, -0, -0.001, 0.005, 0.125, 1.005, 2.675, 1e-7, 999999.995, 1e15, 12345]) {
      expect(formatRubles(v), String(v)).toBe(intl.format(v));
      expect(formatAmount2(v), String(v)).toBe(amount2.format(v));
    }
    fc.assert(
      fc.property(fc.double({ min: -1e13, max: 1e13, noNaN: true }), (v) => {
        expect(formatRubles(v)).toBe(intl.format(v));
        expect(formatAmount2(v)).toBe(amount2.format(v));
      }),
      { numRuns: 5000 },
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (kopecks) => {
        expect(formatRubles(kopecks / 100)).toBe(intl.format(kopecks / 100));
      }),
      { numRuns: 5000 },
    );
  });

  it('formats 1050.6 as 1 050,60 ₽ with non-breaking spaces', () => {
    expect(formatRubles(1050.6)).toBe(`1${NBSP}050,60${NBSP}₽`);
    expect(formatRubles(0)).toBe(`0,00${NBSP}₽`);
    expect(formatRubles(1234567.89)).toBe(`1${NBSP}234${NBSP}567,89${NBSP}₽`);
  });
});

describe('formatAmount2', () => {
  it.each([
    [1050.6, `1${NBSP}050,60`],
    [0, '0,00'],
    [0.1, '0,10'],
    [5, '5,00'],
    [999.999, `1${NBSP}000,00`],
    [1234567.891, `1${NBSP}234${NBSP}567,89`],
  ])('%d → %j', (v, text) => {
    expect(formatAmount2(v)).toBe(text);
  });

  it('never shows the currency sign', () => {
    expect(formatAmount2(1050.6)).not.toContain('₽');
  });
});

describe('formatWholeRubles', () => {
  it('puts a no-break space before the sign: «0 ₽», never «0₽»', () => {
    expect(formatWholeRubles(0)).toBe('0\u00a0₽');
    expect(formatWholeRubles(1_284_000)).toBe('1\u00a0284\u00a0000\u00a0₽');
  });
});

describe('formatWholeNumber', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1\u00a0000'],
    [1_000_000, '1\u00a0000\u00a0000'],
    [-12_345, '-12\u00a0345'],
  ])('%d → %j', (value, text) => {
    expect(formatWholeNumber(value)).toBe(text);
  });

  it('matches Intl ru-RU for any safe integer (written out, not Intl)', () => {
    const intl = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 0 });
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (value) => {
        expect(formatWholeNumber(value)).toBe(intl.format(value));
      }),
    );
  });
});

describe('parseTypedRubles (a price typed the Russian way)', () => {
  it.each([
    ['350,10', 35010],
    ['350.10', 35010],
    ['350,1', 35010],
    ['350', 35000],
    [' 0,99 ', 99],
    ['1 234,50', 123450],
    [`1${NBSP}234,50`, 123450],
    ['1\u202f234,50', 123450],
    ['12 345 678.9', 1234567890],
    ['1234,50', 123450],
  ])('%j → %d kopecks', (text, kopecks) => {
    expect(parseTypedRubles(text)).toBe(kopecks);
  });

  it.each(['', 'abc', '-1', '+5', '1,234,50', '1.2.3', '350,101', '12 34,5', '1  234', '1e3', ',5', '5,'])(
    'refuses %j',
    (text) => {
      expect(parseTypedRubles(text)).toBeNull();
    },
  );

  it('shows a typed price back in the ru-RU way', () => {
    expect(formatTypedRubles(123450)).toBe(`1${NBSP}234,50`);
    expect(parseTypedRubles(formatTypedRubles(123450))).toBe(123450);
  });
});

describe('parseTypedQuantity', () => {
  it('takes whole numbers only', () => {
    expect(parseTypedQuantity(' 3 ')).toBe(3);
    expect(parseTypedQuantity('1,5')).toBeNull();
    expect(parseTypedQuantity('2.0')).toBeNull();
    expect(parseTypedQuantity('-1')).toBeNull();
    expect(parseTypedQuantity('')).toBeNull();
  });
});

describe('amountToKopecks / itemsTotalKopecks (order views)', () => {
  it('turns wire roubles into exact kopecks', () => {
    expect(amountToKopecks(350.1)).toBe(35010);
    expect(amountToKopecks(0.29)).toBe(29);
    expect(amountToKopecks(Number.NaN)).toBe(0);
  });

  it('sums price × quantity without float drift', () => {
    expect(
      itemsTotalKopecks([
        { price: 0.1, quantity: 3 },
        { price: 1050.6, quantity: 1 },
      ]),
    ).toBe(105090);
    expect(itemsTotalKopecks([])).toBe(0);
  });
});

describe('kopecksToDecimalComma', () => {
  it.each([
    [105060, '1050,60'],
    [0, '0,00'],
    [5, '0,05'],
    [100_000_000_000, '1000000000,00'],
    [-350, '-3,50'],
  ])('%d → %s', (kopecks, text) => {
    expect(kopecksToDecimalComma(kopecks)).toBe(text);
  });

  it('refuses a fraction of a kopeck', () => {
    expect(() => kopecksToDecimalComma(1.5)).toThrow(RangeError);
  });
});
