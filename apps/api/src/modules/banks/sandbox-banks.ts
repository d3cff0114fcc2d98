import { PARTNER_BANKS, SANDBOX_DECLINE_PREFIX, SANDBOX_PENDING_PREFIX } from '@b2bpay/domain';
import type {
  BankApplication,
  BankContext,
  BankDecisionStatus,
  BankRefund,
  PartnerBankAdapter,
} from './bank-adapter';
import { bankDecisionJob, bankPaymentJob } from './bank-jobs';

/**
 * A payment order's number as a sandbox bank writes it: the bank's code and six digits taken from
 * the id, so the same order (or refund) always gets the same reference (DESIGN §11).
 */
export function sandboxReference(bankId: string, id: string, prefix = ''): string {
  const digits = Number.parseInt(id.replace(/-/g, '').slice(0, 8), 16) % 1_000_000;
  return `${bankId.toUpperCase()}-${prefix}${String(digits).padStart(6, '0')}`;
}

/**
 * Like a payment provider's test mode, the sandbox decides by the buyer's e-mail (DESIGN §4; the rules
 * are described from packages/domain/src/sandbox.ts on the docs page and in OpenAPI):
 * - local part starting with `decline` → every bank rejects;
 * - local part starting with `pending` → no bank answers;
 * - otherwise the first bank approves after the decision delay (the others answer too: the second
 *   rejects, the third approves a little later), and the approving bank pays after the payment delay.
 */
export function sandboxScenario(
  email: string,
  bankIndex: number,
): { decision: BankDecisionStatus; delayFactor: number } | null {
  const local = email.split('@')[0]?.toLowerCase() ?? '';
  if (local.startsWith(SANDBOX_PENDING_PREFIX)) return null;
  if (local.startsWith(SANDBOX_DECLINE_PREFIX)) return { decision: 'rejected', delayFactor: 1 };
  if (bankIndex === 0) return { decision: 'approved', delayFactor: 1 };
  if (bankIndex === 1) return { decision: 'rejected', delayFactor: 1 };
  return { decision: 'approved', delayFactor: 2 };
}

export function createSandboxBanks(delays: { decisionMs: number; paymentMs: number }): PartnerBankAdapter[] {
  return PARTNER_BANKS.map((bank, index) => ({
    id: bank.id,
    async submit(application: BankApplication, ctx: BankContext) {
      const scenario = sandboxScenario(application.email, index);
      if (!scenario) return;
      const at = new Date(ctx.now.getTime() + delays.decisionMs * scenario.delayFactor);
      await ctx.schedule(
        bankDecisionJob,
        { order_id: application.orderId, bank: bank.id, decision: scenario.decision },
        at,
      );
    },
    async requestPayment(orderId: string, ctx: BankContext) {
      await ctx.schedule(
        bankPaymentJob,
        { order_id: orderId, bank: bank.id, reference: sandboxReference(bank.id, orderId) },
        new Date(ctx.now.getTime() + delays.paymentMs),
      );
    },
    // The sandbox's decisions and payment are jobs it queued; their outcome is dropped for a
    // withdrawn application (see recordDecision in banks.repository.ts), so nothing is left to undo.
    async withdraw() {},
    async refund(refund: BankRefund) {
      return { reference: sandboxReference(bank.id, refund.refundId, 'R') };
    },
  }));
}
