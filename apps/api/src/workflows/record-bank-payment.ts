import type { AppDeps } from '../deps';
import { markPaid, SHOP_FEE_KOPECKS } from '../modules/banks';
import { findOrder, recordPayout, transition } from '../modules/orders';

/**
 * The approving bank paid the shop (job 'bank.pay', or a real bank's callback) with the payment
 * order `reference`: the order records the payout and moves to payment_sent, whose events carry it.
 */
export async function recordBankPayment(deps: AppDeps, orderId: string, bankId: string, reference: string) {
  await deps.db.transaction(async (tx) => {
    const found = await findOrder(tx, orderId, { forUpdate: true });
    if (found?.status !== 'app_approved') return;
    const now = deps.clock.now();
    await markPaid(tx, orderId, bankId, now);
    const payout = {
      bank: bankId,
      amountKopecks: found.amount_kopecks - SHOP_FEE_KOPECKS,
      feeKopecks: SHOP_FEE_KOPECKS,
      reference,
    };
    await recordPayout(tx, { orderId, ...payout, now });
    const order = {
      ...found,
      payout_bank: payout.bank,
      payout_kopecks: payout.amountKopecks,
      payout_fee_kopecks: payout.feeKopecks,
      payout_reference: payout.reference,
      paid_at: now,
    };
    await transition(tx, {
      order,
      to: 'payment_sent',
      actor: `bank:${bankId}`,
      reason: 'Банк перечислил оплату',
      now,
    });
  });
}
