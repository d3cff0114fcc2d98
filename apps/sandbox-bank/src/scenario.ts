import { PARTNER_BANKS, SANDBOX_DECLINE_PREFIX, SANDBOX_PENDING_PREFIX } from '@b2bpay/domain';

export type SandboxDecision = 'approved' | 'rejected';

/**
 * What a sandbox bank answers, chosen by the buyer's e-mail as a payment provider's test mode does
 * (packages/domain/src/sandbox.ts holds the prefixes the docs describe):
 * - local part starting with `decline` → every bank rejects after the decision delay;
 * - local part starting with `pending` → no bank answers (null);
 * - otherwise the first bank approves, the second rejects, the third approves after twice the delay.
 */
export function sandboxScenario(
  email: string,
  bankIndex: number,
): { decision: SandboxDecision; delayFactor: number } | null {
  const local = email.split('@')[0]?.toLowerCase() ?? '';
  if (local.startsWith(SANDBOX_PENDING_PREFIX)) return null;
  if (local.startsWith(SANDBOX_DECLINE_PREFIX)) return { decision: 'rejected', delayFactor: 1 };
  if (bankIndex === 0) return { decision: 'approved', delayFactor: 1 };
  if (bankIndex === 1) return { decision: 'rejected', delayFactor: 1 };
  return { decision: 'approved', delayFactor: 2 };
}

/**
 * A bank's part in the scenario: its place among the partner banks (sever 0, volga 1, ural 2); a bank id
 * the domain does not know takes its place in the sandbox's own list instead.
 */
export function scenarioIndex(bankId: string, configuredIds: readonly string[]): number {
  const partner = PARTNER_BANKS.findIndex((bank) => bank.id === bankId);
  return partner >= 0 ? partner : configuredIds.indexOf(bankId);
}

/**
 * A payment order's number as a sandbox bank writes it: the bank's code and six digits taken from the
 * id, so the same order (or refund) always gets the same reference: `SEVER-418203`, `SEVER-R004211`.
 */
export function sandboxReference(bankId: string, id: string, prefix = ''): string {
  // Ids are uuids; anything else (no hex digits up front) gets 000000 rather than 'NaN'.
  const digits = (Number.parseInt(id.replace(/-/g, '').slice(0, 8), 16) || 0) % 1_000_000;
  return `${bankId.toUpperCase()}-${prefix}${String(digits).padStart(6, '0')}`;
}
