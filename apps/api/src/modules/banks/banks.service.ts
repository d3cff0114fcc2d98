import type { Queryable } from '../../db/database';
import type { AppDeps } from '../../deps';
import { enqueue } from '../jobs';
import type { BankContext, PartnerBankAdapter } from './bank-adapter';
import { submitToBanksJob } from './bank-jobs';
import * as repo from './banks.repository';
import { createSandboxBanks } from './sandbox-banks';

/** The partner banks an application goes to (the sandbox's, with the configured delays). */
export function partnerBanks(deps: AppDeps): PartnerBankAdapter[] {
  return createSandboxBanks({
    decisionMs: deps.config.SANDBOX_DECISION_DELAY_MS,
    paymentMs: deps.config.SANDBOX_PAYMENT_DELAY_MS,
  });
}

/** What a bank adapter works with: the caller's transaction, the time, and the job queue in it. */
export const bankContext = (tx: Queryable, now: Date): BankContext => ({
  tx,
  now,
  schedule: async (job, payload, at) => {
    await enqueue(tx, job, payload, at);
  },
});

/** Called in the step-2 transaction: the application exists for every bank, sending happens in a job. */
export async function queueBankApplications(tx: Queryable, orderId: string, now: Date) {
  await repo.insertApplications(tx, orderId, now);
  await enqueue(tx, submitToBanksJob, { order_id: orderId }, now);
}

/** The shop's fee on a payout: the service is free for the shop (the landing's promise, DESIGN §11). */
export const SHOP_FEE_KOPECKS = 0;

/** The shop cancelled the order: each bank still holding the application is told to withdraw it. */
export async function withdrawApplications(tx: Queryable, deps: AppDeps, orderId: string, now: Date) {
  const holding = await repo.withdrawApplications(tx, orderId, now);
  for (const bank of partnerBanks(deps)) {
    if (holding.includes(bank.id)) await bank.withdraw(orderId, bankContext(tx, now));
  }
}

/** A return of a paid order goes to the bank that paid it; its reference is returned. */
export async function refundAtBank(
  tx: Queryable,
  deps: AppDeps,
  refund: { orderId: string; refundId: string; amountKopecks: number; bank: string },
  now: Date,
): Promise<string | null> {
  const bank = partnerBanks(deps).find((b) => b.id === refund.bank);
  if (!bank) return null;
  const answer = await bank.refund(refund, bankContext(tx, now));
  return answer.reference;
}
