import {
  type BankApplication,
  type BankPaymentInput,
  formatRubles,
  kopecksToRubles,
  rublesToKopecks,
} from '@b2bpay/domain';
import type { Queryable } from '../db/database';
import type { AppDeps } from '../deps';
import { type BankRow, recordPayment, SHOP_FEE_KOPECKS } from '../modules/banks';
import { recordPayout, transition } from '../modules/orders';
import { AppError } from '../shared/errors';
import { applicationView } from './bank-application-view';
import { lockApplication } from './record-bank-decision';

/**
 * The bank paid the shop (DESIGN §13): only after the buyer signed one of this bank's offers (409
 * before), exactly the order's amount (400 otherwise). The order records the payout and moves to
 * payment_sent, whose events carry it. The same payment again (same reference) answers as it did.
 */
export async function recordBankPayment(
  deps: AppDeps,
  bank: BankRow,
  applicationId: string,
  input: BankPaymentInput,
  tx: Queryable,
): Promise<BankApplication> {
  const { order, application } = await lockApplication(tx, bank.id, applicationId);
  if (application.payment_reference !== null) {
    if (application.payment_reference === input.reference.trim())
      return applicationView(tx, order, applicationId);
    throw new AppError('ORDER_STATUS_CONFLICT', 'Заказ уже оплачен по другому платёжному поручению', {
      orderStatus: 'payment_sent',
    });
  }
  if (
    application.accepted_offer_id === null ||
    application.status !== 'approved' ||
    order.status !== 'app_approved'
  ) {
    throw new AppError(
      'OFFER_NOT_ACCEPTED',
      'Покупатель не подписал предложение этого банка: платёж принимается только после offer.accepted',
    );
  }
  const amountKopecks = rublesToKopecks(input.amount);
  if (amountKopecks !== order.amount_kopecks) {
    throw new AppError(
      'PAYMENT_AMOUNT_MISMATCH',
      `Сумма платежа должна быть равна сумме заказа: ${formatRubles(kopecksToRubles(order.amount_kopecks))}`,
      { field: 'amount' },
    );
  }
  const now = deps.clock.now();
  const reference = input.reference.trim();
  await recordPayment(
    tx,
    application.id,
    { kopecks: amountKopecks, reference, paidAt: new Date(input.paid_at) },
    now,
  );
  const payout = {
    bank: bank.id,
    amountKopecks: order.amount_kopecks - SHOP_FEE_KOPECKS,
    feeKopecks: SHOP_FEE_KOPECKS,
    reference,
  };
  await recordPayout(tx, { orderId: order.id, ...payout, now });
  await transition(tx, {
    order: {
      ...order,
      payout_bank: payout.bank,
      payout_kopecks: payout.amountKopecks,
      payout_fee_kopecks: payout.feeKopecks,
      payout_reference: payout.reference,
      paid_at: now,
    },
    to: 'payment_sent',
    actor: `bank:${bank.id}`,
    reason: 'Банк перечислил оплату',
    now,
  });
  return applicationView(tx, order, applicationId);
}
