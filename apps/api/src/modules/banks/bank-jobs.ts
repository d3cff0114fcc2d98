import { z } from 'zod';
import { jobType } from '../jobs';

/** Builds each bank's application.created for an order just submitted. */
export const submitToBanksJob = jobType({
  kind: 'bank.submit',
  lane: 'bank',
  payload: z.object({ order_id: z.string() }),
});

/** One signed message to a bank (bank_messages row), retried on the bank lane. */
export const deliverBankMessageJob = jobType({
  kind: 'bank.message',
  lane: 'bank',
  payload: z.object({ message_id: z.uuid() }),
});

/** A bank's application past its respond_by without an answer. */
export const expireApplicationJob = jobType({
  kind: 'bank.expire',
  lane: 'bank',
  payload: z.object({ application_id: z.uuid() }),
});

/** An approved order's offers have all passed their valid_until: checked then. */
export const lapseOffersJob = jobType({
  kind: 'bank.offers_lapse',
  lane: 'bank',
  payload: z.object({ order_id: z.uuid() }),
});
