// @vitest-environment node
import { amountToKopecks, sumKopecks } from '@b2bpay/domain';
import { describe, expect, it } from 'vitest';
import { INSTALMENTS, makeOffer } from '../testing/fixtures';
import {
  moscowDate,
  moscowDateTime,
  offerFullText,
  offerSchedule,
  scheduleStart,
  toOfferView,
} from './offer-view';

const NBSP = '\u00a0';
const TODAY = '2026-11-27T09:00:00.000Z';

describe('the buyer’s view of a bank offer', () => {
  it('shows a deferral: its title, fee, total, one payment at the end of the term, the last day', () => {
    expect(toOfferView(makeOffer(), TODAY)).toEqual({
      id: makeOffer().id,
      bankName: 'Банк «Северный Кредит»',
      title: 'Отсрочка на 30 дней',
      instalments: false,
      fee: `90,10${NBSP}₽`,
      total: `4${NBSP}595,10${NBSP}₽`,
      monthly: null,
      schedule: [{ date: '27.12.2026', amount: `4${NBSP}595,10${NBSP}₽` }],
      validUntil: '04.12.2026',
    });
  });

  it('shows instalments: the monthly payment and six dated payments, the last one what is left', () => {
    const view = toOfferView(INSTALMENTS, TODAY);
    expect(view.title).toBe('Рассрочка на 6 месяцев');
    expect(view.monthly).toBe(`795,89${NBSP}₽`);
    expect(view.schedule.map((row) => row.date)).toEqual([
      '27.12.2026',
      '27.01.2027',
      '27.02.2027',
      '27.03.2027',
      '27.04.2027',
      '27.05.2027',
    ]);
    expect(view.schedule.at(0)?.amount).toBe(`795,89${NBSP}₽`);
    expect(view.schedule.at(-1)?.amount).toBe(`795,85${NBSP}₽`);
  });

  it('adds the payments up to the total to the kopeck, whatever the rounding of the monthly payment', () => {
    for (const [total, monthly, months] of [
      [4775.3, 795.89, 6],
      [1000, 333.34, 3],
      [0.1, 0.04, 3],
      [100_000.01, 8333.34, 12],
    ] as const) {
      const offer = makeOffer({
        kind: 'instalments',
        term_days: null,
        term_months: months,
        total,
        monthly_payment: monthly,
      });
      const payments = offerSchedule(offer, TODAY);
      expect(sumKopecks(payments.map((p) => p.kopecks))).toBe(amountToKopecks(total));
      expect(payments.length).toBeLessThanOrEqual(months);
    }
  });

  it('counts the schedule from the Moscow day, whatever the hour in UTC', () => {
    // 22:30 UTC on 30 November is 01:30 on 1 December in Moscow.
    expect(scheduleStart('2026-11-30T22:30:00Z').toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(scheduleStart('2026-11-30T20:59:00Z').toISOString()).toBe('2026-11-30T00:00:00.000Z');
    expect(offerSchedule(makeOffer(), '2026-11-30T22:30:00Z')[0]?.date).toBe('2026-12-31');
  });

  it('writes Moscow dates and times as dd.mm.yyyy and dd.mm.yyyy hh:mm', () => {
    expect(moscowDate('2026-12-04T20:59:59Z')).toBe('04.12.2026');
    expect(moscowDate('2026-12-04T21:00:00Z')).toBe('05.12.2026');
    expect(moscowDateTime('2026-11-27T09:30:00Z')).toBe('27.11.2026 12:30');
    expect(moscowDateTime(new Date('2026-12-31T21:05:00Z'))).toBe('01.01.2027 00:05');
  });

  it('gives the offer’s full text with the shop, the order and its terms (the domain’s words)', () => {
    const text = offerFullText(INSTALMENTS, { shopName: 'Ромашка', orderNumber: '1042', amount: 4505 });
    expect(text).toContain(
      'Волга Банк оплачивает магазину «Ромашка» заказ № 1042 на сумму 4\u00a0505,00\u00a0₽.',
    );
    expect(text).toContain(
      'Рассрочка на 6 месяцев: ежемесячный платёж 795,89\u00a0₽, всего 4\u00a0775,30\u00a0₽.',
    );
    expect(text).toContain('Комиссия покупателя — 270,30\u00a0₽.');
  });
});
