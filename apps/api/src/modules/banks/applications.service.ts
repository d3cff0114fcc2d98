import { randomUUID } from 'node:crypto';
import {
  type BankApplication,
  type BankDecisionInput,
  type BankOfferInput,
  kopecksToRubles,
  rublesToKopecks,
  type WithdrawReason,
} from '@b2bpay/domain';
import type { Queryable } from '../../db/database';
import { AppError, validationError } from '../../shared/errors';
import { enqueue } from '../jobs';
import * as apps from './applications.repository';
import { expireApplicationJob, lapseOffersJob, submitToBanksJob } from './bank-jobs';
import { queueBankMessage } from './bank-messages';
import { listBanksForOrder } from './bank-records.repository';
import * as offers from './offers.repository';

export type { ApplicationRow } from './applications.repository';
export type { OfferRow, SignatureRow } from './offers.repository';

/**
 * Called in the step-2 transaction: an application for every enabled bank of the order's mode, each
 * with the moment its answer is due (the bank's decision_sla) and a job that expires it then; the
 * messages go out from a job. Returns how many banks got it (none: nobody can decide, the caller
 * rejects the order).
 */
export async function openApplications(
  tx: Queryable,
  order: { id: string; livemode: boolean },
  now: Date,
  options: { production: boolean },
): Promise<number> {
  const orderId = order.id;
  const banks = await listBanksForOrder(tx, order.livemode, !options.production);
  const opened = await apps.insertApplications(
    tx,
    orderId,
    banks.map((b) => ({ id: b.id, slaSeconds: b.decision_sla_seconds, applicationId: randomUUID() })),
    now,
  );
  for (const a of opened) {
    if (a.respond_by) await enqueue(tx, expireApplicationJob, { application_id: a.id }, a.respond_by);
  }
  if (opened.length > 0) await enqueue(tx, submitToBanksJob, { order_id: orderId }, now);
  return opened.length;
}

export interface OrderSummary {
  id: string;
  number: string;
  amountKopecks: number;
}

/** An application as its bank reads it (GET and the answer of every POST). */
export function toBankApplicationView(
  a: apps.ApplicationRow,
  order: OrderSummary,
  list: readonly offers.OfferRow[],
): BankApplication {
  const accepted = list.find((o) => o.id === a.accepted_offer_id);
  return {
    id: a.id,
    status: a.status,
    order: { id: order.id, number: order.number, amount: kopecksToRubles(order.amountKopecks) },
    respond_by: (a.respond_by ?? a.submitted_at).toISOString(),
    decided_at: a.decided_at?.toISOString() ?? null,
    offers: list.map((o) => ({
      id: o.bank_offer_id,
      kind: o.kind,
      term_days: o.term_days,
      term_months: o.term_months,
      fee: kopecksToRubles(o.fee_kopecks),
      monthly_payment: o.monthly_payment_kopecks === null ? null : kopecksToRubles(o.monthly_payment_kopecks),
      valid_until: o.valid_until.toISOString(),
    })),
    accepted_offer_id: accepted?.bank_offer_id ?? null,
    payment:
      a.payment_reference && a.payment_paid_at
        ? {
            amount: kopecksToRubles(a.payment_kopecks ?? 0),
            reference: a.payment_reference,
            paid_at: a.payment_paid_at.toISOString(),
          }
        : null,
    created_at: a.submitted_at.toISOString(),
  };
}

const closed = () =>
  new AppError(
    'APPLICATION_CLOSED',
    'Заявка закрыта (истёк срок ответа или она отозвана): решение не принимается',
  );

/** An instalment plan's monthly payment must add up to what the buyer owes, the last one smaller. */
function checkOffer(o: BankOfferInput, index: number, amountKopecks: number, now: Date) {
  const field = `offers[${index}]`;
  if (Date.parse(o.valid_until) <= now.getTime()) {
    throw validationError(`${field}.valid_until`, 'valid_until: срок предложения должен быть в будущем');
  }
  if (o.kind !== 'instalments' || o.monthly_payment === undefined || o.term_months === undefined) return;
  const total = amountKopecks + rublesToKopecks(o.fee);
  const monthly = rublesToKopecks(o.monthly_payment);
  if (monthly * o.term_months < total || monthly * (o.term_months - 1) >= total) {
    throw validationError(
      `${field}.monthly_payment`,
      'monthly_payment не сходится: платежи должны покрыть сумму заказа и комиссию, последний — не больше остальных',
    );
  }
}

/**
 * The bank's decision on its application, once. The same decision again changes nothing (200); another
 * one is 409 DECISION_CONFLICT, and an expired or withdrawn application takes none. Returns whether it
 * was recorded now (the caller then moves the order).
 */
export async function decide(
  tx: Queryable,
  a: apps.ApplicationRow,
  input: BankDecisionInput,
  amountKopecks: number,
  now: Date,
): Promise<boolean> {
  if (a.status === 'expired' || a.status === 'withdrawn') throw closed();
  if (a.status !== 'pending') {
    if (a.status === input.decision) return false;
    throw new AppError(
      'DECISION_CONFLICT',
      `По заявке уже принято решение «${a.status}»: другое решение не принимается`,
    );
  }
  const list = input.offers ?? [];
  for (const [i, o] of list.entries()) checkOffer(o, i, amountKopecks, now);
  await apps.recordDecision(tx, a.id, { status: input.decision, reason: input.reason?.trim() || null }, now);
  for (const o of list) {
    await offers.insertOffer(
      tx,
      {
        id: randomUUID(),
        application_id: a.id,
        order_id: a.order_id,
        bank: a.bank,
        bank_offer_id: o.id,
        kind: o.kind,
        term_days: o.term_days ?? null,
        term_months: o.term_months ?? null,
        fee_kopecks: rublesToKopecks(o.fee),
        monthly_payment_kopecks: o.monthly_payment === undefined ? null : rublesToKopecks(o.monthly_payment),
        valid_until: new Date(o.valid_until),
      },
      now,
    );
  }
  if (list.length > 0) {
    // When the last of these offers lapses, the order is checked for any offer left.
    const last = Math.max(...list.map((o) => Date.parse(o.valid_until)));
    await enqueue(tx, lapseOffersJob, { order_id: a.order_id }, new Date(last));
  }
  return true;
}

/** Withdraws the order's open applications (but `except`) and tells each bank why. */
export async function withdrawOpenApplications(
  tx: Queryable,
  orderId: string,
  reason: WithdrawReason,
  now: Date,
  except: string | null = null,
) {
  const withdrawn = await apps.withdrawApplications(tx, orderId, now, except);
  for (const a of withdrawn) {
    await queueBankMessage(
      tx,
      {
        bank: a.bank,
        applicationId: a.id,
        type: 'application.withdrawn',
        data: { application_id: a.id, reason },
      },
      now,
    );
  }
  return withdrawn;
}

/** Every bank has refused or let its time run out: nobody will lend. */
export const allRefused = (list: readonly apps.ApplicationRow[]) =>
  list.length > 0 && list.every((a) => a.status === 'rejected' || a.status === 'expired');

export const findApplication = apps.findApplication;
export const listOrderApplications = apps.listOrderApplications;
export const listBankApplications = apps.listBankApplications;
export const findBankApplicationCursor = apps.findBankApplicationCursor;
export const expireApplication = apps.expireApplication;
export const setAcceptedOffer = apps.setAcceptedOffer;
export const recordPayment = apps.recordPayment;
export const agreedAmount = apps.agreedAmount;
export const transferConsent = apps.transferConsent;
export const listApplicationOffers = offers.listApplicationOffers;
export const listOrderOffers = offers.listOrderOffers;
export const findOffer = offers.findOffer;
export const insertSignature = offers.insertSignature;
export const findSignature = offers.findSignature;
