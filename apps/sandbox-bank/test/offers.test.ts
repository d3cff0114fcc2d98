import { describe, expect, it } from 'vitest';
import { feeKopecks, monthlyPaymentKopecks, sandboxOffers } from '../src/offers';

describe('feeKopecks: amount × bp / 10 000, half up, integers only', () => {
  it('rounds a half up and anything below it down', () => {
    // 50 000 × 190 = 9 500 000 → 950 exactly.
    expect(feeKopecks(50_000, 190)).toBe(950);
    // 25 × 200 = 5 000 → 0.5 kopeck → 1.
    expect(feeKopecks(25, 200)).toBe(1);
    // 24 × 200 = 4 800 → 0.48 → 0; 26 × 200 = 5 200 → 0.52 → 1.
    expect(feeKopecks(24, 200)).toBe(0);
    expect(feeKopecks(26, 200)).toBe(1);
    // 12 345 678 × 190 = 2 345 678 820 → 234 567.882 → 234 568.
    expect(feeKopecks(12_345_678, 190)).toBe(234_568);
  });

  it('stays exact where amount × bp passes Number.MAX_SAFE_INTEGER', () => {
    // 2 756 474 862 856 146 × 650 = 1 791 708 660 856 494 900 → …649.49 → …649; in floats the product
    // rounds on the way and both Math.round(a × bp / 1e4) and Math.floor((a × bp + 5 000) / 1e4) say …650.
    expect(feeKopecks(2_756_474_862_856_146, 650)).toBe(179_170_866_085_649);
    expect(feeKopecks(0, 650)).toBe(0);
  });

  it('refuses fractions and negatives', () => {
    expect(() => feeKopecks(10.5, 190)).toThrow(RangeError);
    expect(() => feeKopecks(-1, 190)).toThrow(RangeError);
  });
});

describe('monthlyPaymentKopecks', () => {
  it('rounds up to a whole kopeck so six payments cover the total', () => {
    expect(monthlyPaymentKopecks(600, 6)).toBe(100);
    expect(monthlyPaymentKopecks(601, 6)).toBe(101);
    expect(monthlyPaymentKopecks(13_148_147, 6)).toBe(2_191_358);
    expect(monthlyPaymentKopecks(13_148_147, 6) * 6).toBeGreaterThanOrEqual(13_148_147);
  });
});

describe('sandboxOffers', () => {
  const now = new Date('2025-03-01T09:00:05.000Z');
  const applicationId = '3f2a9c1e-0b7d-4c55-9a1e-2d4f6b8c0e12';

  it("gives sever's deferral and instalments in roubles, valid 7 days, with stable ids", () => {
    expect(sandboxOffers({ bankId: 'sever', applicationId, amountKopecks: 12_345_678, now })).toEqual([
      {
        id: 'sever-3f2a9c1e-d30',
        kind: 'deferral',
        term_days: 30,
        fee: 2345.68,
        valid_until: '2025-03-08T09:00:05.000Z',
      },
      {
        id: 'sever-3f2a9c1e-i6',
        kind: 'instalments',
        term_months: 6,
        // 12 345 678 × 650 / 10 000 = 802 469.07 → 802 469 kopecks.
        fee: 8024.69,
        // (12 345 678 + 802 469) / 6 = 2 191 357.83… → 2 191 358 kopecks.
        monthly_payment: 21913.58,
        valid_until: '2025-03-08T09:00:05.000Z',
      },
    ]);
  });

  it("uses ural's higher rates, and sever's for volga and for a bank it does not know", () => {
    const [deferral, instalments] = sandboxOffers({
      bankId: 'ural',
      applicationId,
      amountKopecks: 12_345_678,
      now,
    });
    expect(deferral?.fee).toBe(2962.96); // 296 296.272 → 296 296
    expect(instalments).toMatchObject({ fee: 8888.89, monthly_payment: 22057.62 }); // 888 888.816 → 888 889
    const sever = sandboxOffers({ bankId: 'sever', applicationId, amountKopecks: 100_000, now });
    for (const bankId of ['volga', 'other']) {
      const offers = sandboxOffers({ bankId, applicationId, amountKopecks: 100_000, now });
      expect(offers.map((offer) => offer.fee)).toEqual(sever.map((offer) => offer.fee));
      expect(offers[0]?.id).toBe(`${bankId}-3f2a9c1e-d30`);
    }
  });

  it('takes rates given explicitly over the bank table', () => {
    const offers = sandboxOffers({
      bankId: 'sever',
      applicationId,
      amountKopecks: 10_000,
      now,
      rates: { deferralBp: 100, instalmentsBp: 1_000 },
    });
    expect(offers.map((offer) => offer.fee)).toEqual([1, 10]);
  });
});
