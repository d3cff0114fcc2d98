// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { approvedOrder, INSTALMENTS, makeOffer, signed } from '../testing/fixtures';
import { goodsText, refundText, toPurchaseView } from './purchase-view';

const NBSP = '\u00a0';
const rub = (text: string) => `${text.replaceAll(' ', NBSP)}${NBSP}₽`;

describe('what a paid order’s buyer reads', () => {
  it('names the goods, the bank and its terms, and owes the offer’s total', () => {
    const view = toPurchaseView(approvedOrder({ status: 'payment_sent' }), signed(INSTALMENTS));
    expect(view).toEqual({
      goods: 'Бумага офисная А4',
      amount: rub('4 505,00'),
      bank: 'Волга Банк',
      terms: 'Рассрочка на 6 месяцев',
      monthly: rub('795,89'),
      owed: rub('4 775,30'),
      refunded: null,
      wholeRefund: false,
    });
    expect(refundText(view)).toMatch(/^Если магазин оформит возврат/);
  });

  it('owes the total less the returns, in kopecks (0.1 + 0.2 does not drift), never below zero', () => {
    const offer = signed(makeOffer({ total: 100.3, fee: 0.3 }));
    const order = approvedOrder({ status: 'payment_sent', amount: 100, refunded_amount: 0.1 });
    expect(toPurchaseView({ ...order, refunded_amount: 0.3 }, offer).owed).toBe(rub('100,00'));
    expect(toPurchaseView(order, offer).owed).toBe(rub('100,20'));
    const whole = toPurchaseView({ ...order, status: 'refunded', refunded_amount: 100 }, offer);
    expect(whole).toMatchObject({
      owed: rub('0,30'),
      refunded: rub('100,00'),
      wholeRefund: true,
      monthly: null,
    });
    expect(refundText(whole)).toBe(
      `Магазин оформил возврат на всю сумму заказа, ${rub('100,00')}: банк уменьшил долг на эту сумму и пересчитает платежи по условиям договора.`,
    );
    expect(toPurchaseView({ ...order, refunded_amount: 500 }, offer).owed).toBe(rub('0,00'));
  });

  it('names the first two goods and counts the rest', () => {
    const products = ['Бумага', 'Ручки', ' ', 'Скрепки'].map((name, id) => ({
      id,
      name,
      price: 1,
      quantity: 1,
    }));
    expect(goodsText({ products: products.slice(0, 1) })).toBe('Бумага');
    expect(goodsText({ products: products.slice(0, 2) })).toBe('Бумага, Ручки');
    expect(goodsText({ products })).toBe('Бумага, Ручки и ещё 2');
  });
});
