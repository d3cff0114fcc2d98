import { formatRubles, kopecksToRubles } from '@b2bpay/domain';
import type { Queryable } from '../../db/database';
import type { AppDeps } from '../../deps';
import { findClient } from '../clients';
import { defineJob, enqueue, type Job, type JobOutcome } from '../jobs';
import { approvedEmail, queueEmail, rejectedEmail } from '../notifications';
import { findOrder, type OrderRow, orderLink, recordPayout, transition } from '../orders';
import { findShopName } from '../shops';
import type { BankContext, PartnerBankAdapter } from './bank-adapter';
import { bankDecisionJob, bankPaymentJob, submitToBanksJob } from './bank-jobs';
import * as repo from './banks.repository';
import { createSandboxBanks, sandboxReference } from './sandbox-banks';

function banksFor(deps: AppDeps): PartnerBankAdapter[] {
  return createSandboxBanks({
    decisionMs: deps.config.SANDBOX_DECISION_DELAY_MS,
    paymentMs: deps.config.SANDBOX_PAYMENT_DELAY_MS,
  });
}

const context = (tx: Queryable, now: Date): BankContext => ({
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

type SubmitPayload = { order_id: string };

/** Job 'bank.submit': hands the application to each partner bank. */
async function submitToBanks(job: Job<SubmitPayload>, deps: AppDeps): Promise<JobOutcome> {
  const orderId = job.payload.order_id;
  await deps.db.transaction(async (tx) => {
    const order = await findOrder(tx, orderId);
    if (!order || order.client_id === null) return;
    const client = await findClient(tx, order.client_id);
    if (!client) return;
    const application = {
      orderId,
      orderNumber: String(order.order_number),
      // Exactly what the buyer agreed to in the consent (the order cannot change after step 2 anyway).
      amountKopecks: (await repo.agreedAmount(tx, orderId)) ?? order.amount_kopecks,
      inn: client.inn ?? '',
      organizationName: client.organization_name ?? '',
      email: client.email ?? '',
      phone: client.phone_number ?? '',
    };
    const now = deps.clock.now();
    for (const bank of banksFor(deps)) await bank.submit(application, context(tx, now));
  });
  return undefined;
}

async function decisionEmail(tx: Queryable, deps: AppDeps, order: OrderRow, approved: boolean, now: Date) {
  if (order.client_id === null) return;
  const client = await findClient(tx, order.client_id);
  if (!client?.email) return;
  const data = {
    orderNumber: String(order.order_number),
    shopName: await findShopName(tx, order.shop_id),
    amountText: formatRubles(kopecksToRubles(order.amount_kopecks)),
    link: orderLink(deps.config.PUBLIC_URL, order.id),
  };
  const mail = approved ? approvedEmail(data) : rejectedEmail(data);
  await queueEmail(
    tx,
    { kind: approved ? 'approved' : 'rejected', to: client.email, orderId: order.id, ...mail },
    now,
  );
}

/**
 * A bank's decision (job 'bank.decide', or a real bank's callback). The first approval approves the
 * order and asks that bank to pay; when every bank has rejected, the order is rejected.
 */
export async function recordBankDecision(
  deps: AppDeps,
  orderId: string,
  bankId: string,
  decision: 'approved' | 'rejected',
) {
  await deps.db.transaction(async (tx) => {
    const order = await findOrder(tx, orderId, { forUpdate: true });
    if (!order) return;
    const now = deps.clock.now();
    if (!(await repo.recordDecision(tx, orderId, bankId, decision, now))) return;
    if (order.status !== 'bank_info_expected') return;
    const actor = `bank:${bankId}`;
    if (decision === 'approved') {
      const approved = await transition(tx, {
        order,
        to: 'app_approved',
        actor,
        reason: 'Банк одобрил заявку',
        now,
      });
      await decisionEmail(tx, deps, approved, true, now);
      const bank = banksFor(deps).find((b) => b.id === bankId);
      await bank?.requestPayment(orderId, context(tx, now));
      return;
    }
    const decisions = await repo.listDecisions(tx, orderId);
    if (decisions.every((d) => d.status === 'rejected')) {
      const rejected = await transition(tx, {
        order,
        to: 'app_rejected',
        actor,
        reason: 'Все банки отклонили заявку',
        now,
      });
      await decisionEmail(tx, deps, rejected, false, now);
    }
  });
}

/** The shop's fee on a payout: the service is free for the shop (the landing's promise, DESIGN §11). */
export const SHOP_FEE_KOPECKS = 0;

/**
 * The approving bank paid the shop (job 'bank.pay', or a real bank's callback) with the payment
 * order `reference`: the order records the payout and moves to payment_sent, whose events carry it.
 */
export async function recordBankPayment(deps: AppDeps, orderId: string, bankId: string, reference: string) {
  await deps.db.transaction(async (tx) => {
    const found = await findOrder(tx, orderId, { forUpdate: true });
    if (found?.status !== 'app_approved') return;
    const now = deps.clock.now();
    await repo.markPaid(tx, orderId, bankId, now);
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

/** The banks module's jobs, for the worker's registry. */
export const bankJobs = [
  defineJob(submitToBanksJob, submitToBanks),
  defineJob(bankDecisionJob, async ({ payload }, deps) => {
    const decision = payload.decision === 'approved' ? 'approved' : 'rejected';
    await recordBankDecision(deps, payload.order_id, payload.bank, decision);
    return undefined;
  }),
  defineJob(bankPaymentJob, async ({ payload }, deps) => {
    // Jobs queued before payment references existed carry none: the sandbox's own is derived again.
    const reference = payload.reference || sandboxReference(payload.bank, payload.order_id);
    await recordBankPayment(deps, payload.order_id, payload.bank, reference);
    return undefined;
  }),
];

/** The shop cancelled the order: each bank still holding the application is told to withdraw it. */
export async function withdrawApplications(tx: Queryable, deps: AppDeps, orderId: string, now: Date) {
  const holding = await repo.withdrawApplications(tx, orderId, now);
  for (const bank of banksFor(deps)) {
    if (holding.includes(bank.id)) await bank.withdraw(orderId, context(tx, now));
  }
}

/** A return of a paid order goes to the bank that paid it; its reference is returned. */
export async function refundAtBank(
  tx: Queryable,
  deps: AppDeps,
  refund: { orderId: string; refundId: string; amountKopecks: number; bank: string },
  now: Date,
): Promise<string | null> {
  const bank = banksFor(deps).find((b) => b.id === refund.bank);
  if (!bank) return null;
  const answer = await bank.refund(refund, context(tx, now));
  return answer.reference;
}
