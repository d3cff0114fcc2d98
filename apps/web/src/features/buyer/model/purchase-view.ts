import {
  type AcceptedOffer,
  amountToKopecks,
  formatRubles,
  kopecksToRubles,
  type Order,
  offerTitle,
} from '@b2bpay/domain';

/**
 * What a buyer whose order the bank has paid needs to read (DESIGN §11, §13): what was bought, from
 * which bank and on what terms, what is owed to the bank now (the signed offer's total less what the
 * shop has returned) and the returns. Amounts are kopecks through the domain's money helpers.
 */
export interface PurchaseView {
  /** 'Бумага офисная А4, Ручки и ещё 3' */
  goods: string;
  /** The order's amount. */
  amount: string;
  bank: string;
  /** «Рассрочка на 6 месяцев», «Отсрочка на 30 дней». */
  terms: string;
  /** Instalments only. */
  monthly: string | null;
  /** The offer's total less the returns, never below zero. */
  owed: string;
  /** What the shop returned so far, or null before any return. */
  refunded: string | null;
  /** The whole order amount was returned. */
  wholeRefund: boolean;
}

const rubles = (kopecks: number) => formatRubles(kopecksToRubles(kopecks));

/** The goods in a line: the first two names, and how many more. */
export function goodsText(order: Pick<Order, 'products'>): string {
  const names = order.products.map((p) => p.name.trim() || 'Товар без имени');
  const rest = names.length - 2;
  const shown = names.slice(0, 2).join(', ');
  return rest > 0 ? `${shown} и ещё ${rest}` : shown;
}

/** The purchase of an order paid by the bank through the offer the buyer signed. */
export function toPurchaseView(order: Order, offer: AcceptedOffer): PurchaseView {
  const amount = amountToKopecks(order.amount);
  const refunded = amountToKopecks(order.refunded_amount ?? 0);
  return {
    goods: goodsText(order),
    amount: rubles(amount),
    bank: offer.bank_name,
    terms: offerTitle(offer),
    monthly:
      offer.kind === 'instalments' && offer.monthly_payment !== null
        ? rubles(amountToKopecks(offer.monthly_payment))
        : null,
    owed: rubles(Math.max(0, amountToKopecks(offer.total) - refunded)),
    refunded: refunded > 0 ? rubles(refunded) : null,
    wholeRefund: refunded > 0 && refunded >= amount,
  };
}

/** The line about returns: none yet, part of the order, or all of it. */
export function refundText(view: PurchaseView): string {
  if (view.refunded === null)
    return 'Если магазин оформит возврат, сумма к оплате банку уменьшится на сумму возврата — это будет видно здесь.';
  const what = view.wholeRefund ? `всю сумму заказа, ${view.refunded}` : view.refunded;
  return `Магазин оформил возврат на ${what}: банк уменьшил долг на эту сумму и пересчитает платежи по условиям договора.`;
}
