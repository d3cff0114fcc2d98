import { z } from 'zod';
import { jobType } from '../jobs';

/** Hands an order's application to each partner bank. */
export const submitToBanksJob = jobType({
  kind: 'bank.submit',
  lane: 'bank',
  payload: z.object({ order_id: z.string() }),
});

/** A bank's decision on an application, as the sandbox schedules it. */
export const bankDecisionJob = jobType({
  kind: 'bank.decide',
  lane: 'bank',
  // Anything but 'approved' has always been read as a refusal: stored jobs keep that reading.
  payload: z.object({ order_id: z.string(), bank: z.string(), decision: z.string() }),
});

/** A bank's payment of an approved order, as the sandbox schedules it. */
export const bankPaymentJob = jobType({
  kind: 'bank.pay',
  lane: 'bank',
  // Jobs queued before payment references existed carry none.
  payload: z.object({ order_id: z.string(), bank: z.string(), reference: z.string().optional() }),
});
