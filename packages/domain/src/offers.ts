import { formatDate } from './dates';
import { formatRubles, kopecksToRubles } from './money';
import { pluralRu } from './plural';

/**
 * A bank's offer to the buyer (DESIGN §13): a deferral of the whole sum or monthly instalments, with
 * the buyer's fee. The shop is paid the order's amount either way; the fee is the buyer's.
 */
export const OFFER_KINDS = ['deferral', 'instalments'] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];

export interface OfferTerms {
  kind: OfferKind;
  term_days: number | null;
  term_months: number | null;
}

/** «Отсрочка на 30 дней», «Рассрочка на 6 месяцев». */
export function offerTitle(o: OfferTerms): string {
  if (o.kind === 'deferral') {
    const days = o.term_days ?? 0;
    return `Отсрочка на ${days} ${pluralRu(days, ['день', 'дня', 'дней'])}`;
  }
  const months = o.term_months ?? 0;
  return `Рассрочка на ${months} ${pluralRu(months, ['месяц', 'месяца', 'месяцев'])}`;
}

export interface SchedulePayment {
  /** Calendar day of the payment, YYYY-MM-DD. */
  date: string;
  kopecks: number;
}

const DAY_MS = 86_400_000;

function addMonthsIso(start: Date, months: number): string {
  const y = start.getUTCFullYear();
  const m = start.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const day = Math.min(start.getUTCDate(), lastDay);
  return new Date(Date.UTC(y, m, day)).toISOString().slice(0, 10);
}

/**
 * When the buyer pays and how much, counted from `start` (the day of signing): a deferral is one
 * payment of the total after its days; instalments are the monthly payment each month, the last one
 * whatever is left, so the payments add up to the total to the kopeck.
 */
export function paymentSchedule(
  o: OfferTerms & { total_kopecks: number; monthly_payment_kopecks: number | null },
  start: Date,
): SchedulePayment[] {
  if (o.kind === 'deferral') {
    const date = new Date(start.getTime() + (o.term_days ?? 0) * DAY_MS).toISOString().slice(0, 10);
    return [{ date, kopecks: o.total_kopecks }];
  }
  const months = Math.max(1, o.term_months ?? 1);
  const monthly = o.monthly_payment_kopecks ?? Math.ceil(o.total_kopecks / months);
  const payments: SchedulePayment[] = [];
  let left = o.total_kopecks;
  for (let i = 1; i <= months && left > 0; i++) {
    const kopecks = i === months ? left : Math.min(monthly, left);
    payments.push({ date: addMonthsIso(start, i), kopecks });
    left -= kopecks;
  }
  return payments;
}

export interface OfferTextInput extends OfferTerms {
  bankName: string;
  shopName: string;
  orderNumber: string;
  amountKopecks: number;
  feeKopecks: number;
  monthlyPaymentKopecks: number | null;
  validUntil: string;
}

const rub = (kopecks: number) => formatRubles(kopecksToRubles(kopecks));

/**
 * The offer's full text as the buyer sees it before signing and as the signature record keeps it:
 * who lends, for which order, on what terms, what the buyer pays in all.
 */
export function offerText(p: OfferTextInput): string {
  const total = p.amountKopecks + p.feeKopecks;
  const terms =
    p.kind === 'deferral'
      ? `${offerTitle(p)}: вся сумма ${rub(total)} оплачивается одним платежом в конце срока.`
      : `${offerTitle(p)}: ежемесячный платёж ${rub(p.monthlyPaymentKopecks ?? 0)}, всего ${rub(total)}.`;
  return [
    `${p.bankName} оплачивает магазину «${p.shopName}» заказ № ${p.orderNumber} на сумму ${rub(p.amountKopecks)}.`,
    terms,
    `Комиссия покупателя — ${rub(p.feeKopecks)}. Предложение действует до ${formatDate(p.validUntil, 'Europe/Moscow')}.`,
    'Подписывая предложение кодом из SMS, покупатель принимает эти условия (простая электронная подпись).',
  ].join(' ');
}
