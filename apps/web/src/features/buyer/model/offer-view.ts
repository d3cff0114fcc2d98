import {
  amountToKopecks,
  formatRubles,
  kopecksToRubles,
  type Offer,
  offerText,
  offerTitle,
  paymentSchedule,
} from '@b2bpay/domain';

/**
 * A bank's offer as the buyer's card shows it (DESIGN §13): amounts arrive in roubles and are turned
 * into kopecks once, so the schedule is the domain's kopeck arithmetic and never a float sum.
 */

// The business calendar is Moscow's (BUSINESS_UTC_OFFSET, +03:00 all year): an offer's last day and
// the payment dates are Moscow days, whatever the buyer's device thinks the time zone is. Written
// out rather than with Intl.DateTimeFormat, whose first use costs a phone tens of milliseconds.
const MOSCOW_OFFSET_MS = 3 * 3_600_000;

/** '2026-12-27T10:05:00.000Z' → the Moscow moment as 'YYYY-MM-DDTHH:mm'. */
const moscowIso = (instant: string | Date) =>
  new Date(new Date(instant).getTime() + MOSCOW_OFFSET_MS).toISOString().slice(0, 16);

/** A calendar day 'YYYY-MM-DD' as the buyer reads it: 'dd.mm.yyyy'. */
export const dayText = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

/** The Moscow date of a moment: 'dd.mm.yyyy'. */
export const moscowDate = (instant: string | Date) => dayText(moscowIso(instant));

/** The Moscow date and time of a moment: 'dd.mm.yyyy hh:mm'. */
export const moscowDateTime = (instant: string | Date) => {
  const iso = moscowIso(instant);
  return `${dayText(iso)} ${iso.slice(11, 16)}`;
};

/**
 * Where a schedule starts: the Moscow day of `instant` as that day's UTC midnight, the calendar day
 * paymentSchedule counts months and days from (it reads the UTC date of its start).
 */
export const scheduleStart = (instant: string | Date) =>
  new Date(`${moscowIso(instant).slice(0, 10)}T00:00:00Z`);

export interface ScheduleRow {
  date: string;
  amount: string;
}

export interface OfferView {
  id: string;
  bankName: string;
  title: string;
  instalments: boolean;
  fee: string;
  total: string;
  /** Instalments only. */
  monthly: string | null;
  /** The payments, counted from the schedule's start; a deferral has one. */
  schedule: ScheduleRow[];
  validUntil: string;
}

const rubles = (kopecks: number) => formatRubles(kopecksToRubles(kopecks));

/** The payments of an offer signed on `start`'s Moscow day, in kopecks (they add up to the total). */
export function offerSchedule(offer: Offer, start: string | Date) {
  return paymentSchedule(
    {
      ...offer,
      total_kopecks: amountToKopecks(offer.total),
      monthly_payment_kopecks: offer.monthly_payment === null ? null : amountToKopecks(offer.monthly_payment),
    },
    scheduleStart(start),
  );
}

/** The card's texts; `start` is today for an offer still to choose, its signing for a signed one. */
export function toOfferView(offer: Offer, start: string | Date): OfferView {
  return {
    id: offer.id,
    bankName: offer.bank_name,
    title: offerTitle(offer),
    instalments: offer.kind === 'instalments',
    fee: rubles(amountToKopecks(offer.fee)),
    total: rubles(amountToKopecks(offer.total)),
    monthly:
      offer.kind === 'instalments' && offer.monthly_payment !== null
        ? rubles(amountToKopecks(offer.monthly_payment))
        : null,
    schedule: offerSchedule(offer, start).map((payment) => ({
      date: dayText(payment.date),
      amount: rubles(payment.kopecks),
    })),
    validUntil: moscowDate(offer.valid_until),
  };
}

export interface OfferOrder {
  shopName: string;
  orderNumber: string;
  /** The order's amount, roubles as the order has it. */
  amount: number;
}

/** The offer's full text before signing: the domain's words, which the signature record keeps too. */
export function offerFullText(offer: Offer, order: OfferOrder): string {
  return offerText({
    ...offer,
    bankName: offer.bank_name,
    shopName: order.shopName,
    orderNumber: order.orderNumber,
    amountKopecks: amountToKopecks(order.amount),
    feeKopecks: amountToKopecks(offer.fee),
    monthlyPaymentKopecks: offer.monthly_payment === null ? null : amountToKopecks(offer.monthly_payment),
    validUntil: offer.valid_until,
  });
}
