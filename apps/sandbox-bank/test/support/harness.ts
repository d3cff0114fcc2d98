import { randomUUID } from 'node:crypto';
import { createSandboxBank, type SandboxBank, type SandboxBankOptions } from '../../src/sandbox-bank';
import { ManualScheduler } from '../../src/scheduler';
import { type FakeB2BPay, startFakeB2BPay } from './fake-b2bpay';
import { applicationCreated } from './messages';
import { newSecret, signedDelivery } from './sign';

export const BANK_IDS = ['sever', 'volga', 'ural'] as const;
export type BankId = (typeof BANK_IDS)[number];
export const START = new Date('2025-03-01T09:00:00.000Z');
export const DECISION_DELAY_MS = 5_000;
export const PAYMENT_DELAY_MS = 10_000;

export interface Harness {
  scheduler: ManualScheduler;
  fake: FakeB2BPay;
  bank: SandboxBank;
  secrets: Record<BankId, string>;
  apiKeys: Record<BankId, string>;
  logs: string[];
  /** Signs `message` with the bank's secret (or `secrets`) at the scheduler's time and hands it over. */
  deliver(
    bankId: string,
    message: object | string,
    options?: { id?: string; secrets?: string | string[]; at?: Date },
  ): ReturnType<SandboxBank['handle']>;
  /** One application per bank for one order, registered at the fake and announced to every bank. */
  submit(email: string, amount: number, orderId?: string): Promise<Record<BankId, string>>;
  close(): Promise<void>;
}

/**
 * The three sandbox banks on a ManualScheduler (its clock is theirs) against a fake B2BPay bank API;
 * `options` overrides the bank's options (e.g. a previous secret, a fetch that fails).
 */
export async function startHarness(options: Partial<SandboxBankOptions> = {}): Promise<Harness> {
  const scheduler = new ManualScheduler(START);
  const secrets = { sever: newSecret(), volga: newSecret(), ural: newSecret() };
  const apiKeys = { sever: `bk_${randomUUID()}`, volga: `bk_${randomUUID()}`, ural: `bk_${randomUUID()}` };
  const fake = await startFakeB2BPay(Object.fromEntries(BANK_IDS.map((id) => [apiKeys[id], id])));
  const logs: string[] = [];
  const bank = createSandboxBank({
    apiBaseUrl: `${fake.url}/`,
    banks: BANK_IDS.map((id) => ({ id, apiKey: apiKeys[id], signingSecret: secrets[id] })),
    decisionDelayMs: DECISION_DELAY_MS,
    paymentDelayMs: PAYMENT_DELAY_MS,
    scheduler,
    now: scheduler.now,
    log: (msg) => logs.push(msg),
    ...options,
  });
  const deliver: Harness['deliver'] = (bankId, message, { id, secrets: signWith, at } = {}) => {
    const known = (BANK_IDS as readonly string[]).includes(bankId) ? secrets[bankId as BankId] : newSecret();
    const delivery = signedDelivery(signWith ?? known, message, { id, at: at ?? scheduler.now() });
    return bank.handle(bankId, delivery.headers, Buffer.from(delivery.rawBody));
  };
  return {
    scheduler,
    fake,
    bank,
    secrets,
    apiKeys,
    logs,
    deliver,
    async submit(email, amount, orderId = randomUUID()) {
      const ids = { sever: randomUUID(), volga: randomUUID(), ural: randomUUID() };
      for (const bankId of BANK_IDS) {
        fake.addApplication(bankId, { id: ids[bankId], orderId, amount });
        const message = applicationCreated({
          applicationId: ids[bankId],
          orderId,
          amount,
          email,
          at: scheduler.now(),
        });
        const answer = await deliver(bankId, message);
        if (answer.status !== 200) throw new Error(`delivery to ${bankId}: ${answer.status}`);
      }
      return ids;
    },
    async close() {
      bank.close();
      await fake.close();
    },
  };
}
