import { kopecksToRubles } from '@b2bpay/domain';

/** A bank's fees as a share of the order amount, in basis points (1 bp = 0.01 %). */
export interface FeeRates {
  deferralBp: number;
  instalmentsBp: number;
}

/** Sever's rates; volga's too, should it ever approve, and any bank not listed here. */
const SEVER_RATES: FeeRates = { deferralBp: 190, instalmentsBp: 650 };

export const BANK_FEE_RATES: Readonly<Record<string, FeeRates>> = {
  sever: SEVER_RATES,
  volga: SEVER_RATES,
  ural: { deferralBp: 240, instalmentsBp: 720 },
};

export const feeRatesOf = (bankId: string): FeeRates => BANK_FEE_RATES[bankId] ?? SEVER_RATES;

export const DEFERRAL_DAYS = 30;
export const INSTALMENT_MONTHS = 6;
export const OFFER_VALID_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * amount × bp / 10 000, rounded half up, in integers only: BigInt keeps amount × bp exact even for
 * amounts whose product passes Number.MAX_SAFE_INTEGER.
 */
export function feeKopecks(amountKopecks: number, basisPoints: number): number {
  assertKopecks(amountKopecks);
  assertKopecks(basisPoints);
  return Number((BigInt(amountKopecks) * BigInt(basisPoints) + 5_000n) / 10_000n);
}

/** (amount + fee) / months, rounded up to a whole kopeck so the payments never fall short. */
export function monthlyPaymentKopecks(totalKopecks: number, months: number): number {
  assertKopecks(totalKopecks);
  const divisor = BigInt(months);
  return Number((BigInt(totalKopecks) + divisor - 1n) / divisor);
}

function assertKopecks(value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`Not a kopeck amount: ${value}`);
}

/** An offer as the decision call carries it: roubles on the wire, fields of the other kind left out. */
export type WireOffer =
  | { id: string; kind: 'deferral'; term_days: number; fee: number; valid_until: string }
  | {
      id: string;
      kind: 'instalments';
      term_months: number;
      fee: number;
      monthly_payment: number;
      valid_until: string;
    };

export interface OfferInput {
  bankId: string;
  applicationId: string;
  amountKopecks: number;
  now: Date;
  rates?: FeeRates;
}

/**
 * An approval's two offers: a 30-day deferral and 6 monthly instalments, both valid 7 days. The ids are
 * the bank's own, stable for one application: `<bank>-<first 8 of the application id>-d30` / `-i6`.
 */
export function sandboxOffers({ bankId, applicationId, amountKopecks, now, rates }: OfferInput): WireOffer[] {
  const { deferralBp, instalmentsBp } = rates ?? feeRatesOf(bankId);
  const idStem = `${bankId}-${applicationId.slice(0, 8)}`;
  const validUntil = new Date(now.getTime() + OFFER_VALID_DAYS * DAY_MS).toISOString();
  const deferralFee = feeKopecks(amountKopecks, deferralBp);
  const instalmentsFee = feeKopecks(amountKopecks, instalmentsBp);
  return [
    {
      id: `${idStem}-d${DEFERRAL_DAYS}`,
      kind: 'deferral',
      term_days: DEFERRAL_DAYS,
      fee: kopecksToRubles(deferralFee),
      valid_until: validUntil,
    },
    {
      id: `${idStem}-i${INSTALMENT_MONTHS}`,
      kind: 'instalments',
      term_months: INSTALMENT_MONTHS,
      fee: kopecksToRubles(instalmentsFee),
      monthly_payment: kopecksToRubles(
        monthlyPaymentKopecks(amountKopecks + instalmentsFee, INSTALMENT_MONTHS),
      ),
      valid_until: validUntil,
    },
  ];
}
