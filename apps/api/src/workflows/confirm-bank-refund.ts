import type { RefundConfirmation } from '@b2bpay/domain';
import { kopecksToRubles } from '@b2bpay/domain';
import type { Queryable } from '../db/database';
import type { AppDeps } from '../deps';
import { type BankRow, listOrderApplications } from '../modules/banks';
import { confirmRefundAtBank, findRefund } from '../modules/orders';
import { notFound } from '../shared/errors';
import { isUuid } from '../shared/uuid';

const REFUND_NOT_FOUND = 'Возврат не найден';

/**
 * The paying bank confirms a return (`refund.created`) with its document's reference. Only the bank
 * that paid the order sees the refund; a second confirmation answers with the first one's reference.
 */
export async function confirmBankRefund(
  deps: AppDeps,
  bank: BankRow,
  refundId: string,
  reference: string,
  tx: Queryable,
): Promise<RefundConfirmation> {
  if (!isUuid(refundId)) throw notFound(REFUND_NOT_FOUND);
  const refund = await findRefund(tx, refundId);
  if (!refund) throw notFound(REFUND_NOT_FOUND);
  const paying = (await listOrderApplications(tx, refund.order_id)).find(
    (a) => a.bank === bank.id && a.payment_reference !== null,
  );
  if (!paying) throw notFound(REFUND_NOT_FOUND);
  let confirmedAt = refund.bank_confirmed_at;
  let confirmedReference = refund.bank_reference;
  if (confirmedAt === null || confirmedReference === null) {
    confirmedAt = deps.clock.now();
    confirmedReference = reference.trim();
    await confirmRefundAtBank(tx, refund.id, confirmedReference, confirmedAt);
  }
  return {
    refund_id: refund.id,
    application_id: paying.id,
    amount: kopecksToRubles(refund.amount_kopecks),
    reference: confirmedReference,
    confirmed_at: confirmedAt.toISOString(),
  };
}
