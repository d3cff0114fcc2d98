import type { Order } from '@b2bpay/domain';

/**
 * Where the buyer is with the banks' offers (DESIGN §13), read from the public order: choosing one,
 * signed and waiting for the bank's payment, paid, paid and returned in full by the shop, or every
 * offer lapsed unsigned. Null when the
 * order page has nothing about offers to show (before approval, or a server that sends no offers).
 */
export type OffersStage = 'choose' | 'signed' | 'paid' | 'refunded' | 'lapsed';

const SIGNED_STAGES: Partial<Record<string, OffersStage>> = {
  app_approved: 'signed',
  payment_sent: 'paid',
  refunded: 'refunded',
};

export function offersStage(order: Order): OffersStage | null {
  const { status } = order;
  if (order.accepted_offer) return SIGNED_STAGES[status] ?? null;
  if (status === 'app_approved' && order.offers) return order.offers.length > 0 ? 'choose' : 'lapsed';
  // An overdue order whose application went in (both contacts are confirmed only by the submission):
  // it was approved, since a bank's rejection is final and an order at the bank never goes overdue.
  const submitted = order.client?.sms_confirmed && order.client.email_confirmed;
  return status === 'client_info_overdue' && submitted ? 'lapsed' : null;
}

/** The offers part is downloaded only for these (offers-panel.tsx, lazily). */
export const needsOffersPanel = (stage: OffersStage | null) => stage !== null && stage !== 'lapsed';
