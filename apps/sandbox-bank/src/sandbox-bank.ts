import { kopecksToRubles, rublesToKopecks } from '@b2bpay/domain';
import { type ApiCall, answerKind, BankApiClient } from './api-client';
import { type BankMessage, parseMessage } from './messages';
import { sandboxOffers } from './offers';
import { sandboxReference, sandboxScenario, scenarioIndex } from './scenario';
import { type Scheduler, timeoutScheduler } from './scheduler';
import { type HeaderBag, SignatureVerifier } from './signature';
import { type Log, type TryOutcome, WorkQueue } from './work-queue';

/** One sandbox bank as B2BPay registered it: the key it calls B2BPay with, the secret B2BPay signs with. */
export interface SandboxBankCredentials {
  id: string;
  /** `bk_…`, sent as `Authorization: Bearer` on every call to B2BPay. */
  apiKey: string;
  /** `whsec_…`, what B2BPay signs its messages to this bank with. */
  signingSecret: string;
  /** The secret before a rotation, still accepted while B2BPay may sign with it. */
  previousSigningSecret?: string;
}

export interface SandboxBankOptions {
  /** B2BPay's base URL, e.g. http://127.0.0.1:3000; the bank API is under /api/bank/v1. */
  apiBaseUrl: string;
  banks: readonly SandboxBankCredentials[];
  decisionDelayMs: number;
  paymentDelayMs: number;
  scheduler?: Scheduler;
  fetch?: typeof fetch;
  now?: () => Date;
  log?: Log;
}

export interface SandboxBankAnswer {
  status: number;
  body: object;
}

export interface SandboxBank {
  /** The ids of the banks it plays, in their configured order. */
  readonly bankIds: readonly string[];
  /**
   * One message from B2BPay to bank `bankId`, with the exact bytes it was signed over: 404 for a bank
   * it does not play, 401 for a bad signature (nothing done), 400 for a body it cannot read, else
   * 200 `{received: true}` with the bank's answer scheduled.
   */
  handle(bankId: string, headers: HeaderBag, rawBody: string | Uint8Array): Promise<SandboxBankAnswer>;
  /** Resolves once nothing is scheduled or running (for tests). */
  idle(): Promise<void>;
  /** Cancels everything scheduled; later messages are answered 503. */
  close(): void;
}

interface PlayedBank {
  id: string;
  scenarioIndex: number;
  client: BankApiClient;
  verifier: SignatureVerifier;
}

/** How many webhook ids per process are remembered to drop repeated deliveries. */
const REMEMBERED_DELIVERIES = 10_000;

const defaultLog: Log = (msg, extra) => console.log(`[sandbox-bank] ${msg}`, extra ?? '');

/**
 * The three sandbox banks as an outside system: they learn of applications from B2BPay's signed
 * messages and answer through its bank API over HTTP only (packages/domain's sandbox rules decide what
 * they answer). The only state is what is scheduled; whatever a later step needs to know (the order
 * amount for a payment) is read back from B2BPay when the step runs.
 */
export function createSandboxBank(options: SandboxBankOptions): SandboxBank {
  checkOptions(options);
  const now = options.now ?? (() => new Date());
  const log = options.log ?? defaultLog;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const queue = new WorkQueue(options.scheduler ?? timeoutScheduler, log);
  const configuredIds = options.banks.map((bank) => bank.id);
  const banks = new Map<string, PlayedBank>(
    options.banks.map((bank) => [
      bank.id,
      {
        id: bank.id,
        scenarioIndex: scenarioIndex(bank.id, configuredIds),
        client: new BankApiClient(options.apiBaseUrl, bank.apiKey, fetchImpl),
        verifier: new SignatureVerifier(
          [bank.signingSecret, bank.previousSigningSecret].filter((secret): secret is string => !!secret),
        ),
      },
    ]),
  );
  const seenDeliveries = new Set<string>();
  let closed = false;

  /** One try of a call whose success ends the work; see answerKind for what each answer means. */
  async function send(bank: PlayedBank, call: ApiCall, label: string): Promise<TryOutcome> {
    let status: number;
    let body: unknown;
    try {
      ({ status, body } = await bank.client.call(call));
    } catch (error) {
      log(`${label}: B2BPay unreachable`, { error: String(error) });
      return 'retry';
    }
    const kind = answerKind(status);
    if (kind === 'ok') log(`${label}: done`, { status });
    else if (kind === 'conflict') log(`${label}: already settled at B2BPay`, { status, body });
    else if (kind === 'refused') log(`${label}: refused by B2BPay, dropped`, { status, body });
    else log(`${label}: B2BPay answered ${status}`, { body });
    return kind === 'retry' ? 'retry' : 'done';
  }

  function onCreated(bank: PlayedBank, data: Extract<BankMessage, { type: 'application.created' }>['data']) {
    const applicationId = data.application_id;
    const scenario = sandboxScenario(data.buyer.email, bank.scenarioIndex);
    if (!scenario) {
      log(`${bank.id} ${applicationId}: pending scenario, no answer`);
      return;
    }
    const amountKopecks = rublesToKopecks(data.order.amount);
    const label = `${bank.id} decision ${applicationId}`;
    // Built on the first try and kept: every retry must carry the same body under the same key.
    let body: object | undefined;
    queue.add(groupOf(bank, applicationId), label, options.decisionDelayMs * scenario.delayFactor, () => {
      body ??=
        scenario.decision === 'approved'
          ? {
              decision: 'approved',
              offers: sandboxOffers({ bankId: bank.id, applicationId, amountKopecks, now: now() }),
            }
          : { decision: 'rejected' };
      const path = `/applications/${encodeURIComponent(applicationId)}/decision`;
      return send(bank, { method: 'POST', path, body, idempotencyKey: `decision-${applicationId}` }, label);
    });
  }

  function onAccepted(bank: PlayedBank, applicationId: string) {
    const label = `${bank.id} payment ${applicationId}`;
    const path = `/applications/${encodeURIComponent(applicationId)}`;
    let paidAt: string | undefined;
    queue.add(groupOf(bank, applicationId), label, options.paymentDelayMs, async () => {
      let answer: { status: number; body: unknown };
      try {
        answer = await bank.client.call({ method: 'GET', path });
      } catch (error) {
        log(`${label}: B2BPay unreachable`, { error: String(error) });
        return 'retry';
      }
      const kind = answerKind(answer.status);
      if (kind === 'retry') return 'retry';
      const application = kind === 'ok' ? readApplication(answer.body) : null;
      if (!application) {
        log(`${label}: application not readable, dropped`, { status: answer.status, body: answer.body });
        return 'done';
      }
      if (application.paid) {
        log(`${label}: already paid`);
        return 'done';
      }
      paidAt ??= now().toISOString();
      const body = {
        amount: kopecksToRubles(application.amountKopecks),
        reference: sandboxReference(bank.id, application.orderId),
        paid_at: paidAt,
      };
      return send(
        bank,
        { method: 'POST', path: `${path}/payment`, body, idempotencyKey: `payment-${applicationId}` },
        label,
      );
    });
  }

  function onRefund(bank: PlayedBank, applicationId: string, refundId: string) {
    const label = `${bank.id} refund confirmation ${refundId}`;
    const body = { reference: sandboxReference(bank.id, refundId, 'R') };
    const path = `/refunds/${encodeURIComponent(refundId)}/confirmation`;
    queue.add(groupOf(bank, applicationId), label, 0, () =>
      send(bank, { method: 'POST', path, body, idempotencyKey: `refund-confirmation-${refundId}` }, label),
    );
  }

  function act(bank: PlayedBank, message: BankMessage): void {
    switch (message.type) {
      case 'application.created':
        onCreated(bank, message.data);
        break;
      case 'application.withdrawn': {
        const cancelled = queue.cancelGroup(groupOf(bank, message.data.application_id));
        log(`${bank.id} ${message.data.application_id}: withdrawn, ${cancelled} scheduled step(s) cancelled`);
        break;
      }
      case 'offer.accepted':
        onAccepted(bank, message.data.application_id);
        break;
      case 'refund.created':
        onRefund(bank, message.data.application_id, message.data.refund_id);
        break;
    }
  }

  /** True the first time a delivery id is seen for a bank; the oldest ids are forgotten past the limit. */
  function firstDelivery(bankId: string, webhookId: string): boolean {
    const key = `${bankId}\n${webhookId}`;
    if (seenDeliveries.has(key)) return false;
    seenDeliveries.add(key);
    if (seenDeliveries.size > REMEMBERED_DELIVERIES) {
      const oldest = seenDeliveries.values().next().value;
      if (oldest !== undefined) seenDeliveries.delete(oldest);
    }
    return true;
  }

  return {
    bankIds: configuredIds,
    async handle(bankId, headers, rawBody) {
      if (closed) return { status: 503, body: { error: 'closed' } };
      const bank = banks.get(bankId);
      if (!bank) return { status: 404, body: { error: 'unknown_bank' } };
      const text = typeof rawBody === 'string' ? rawBody : Buffer.from(rawBody).toString('utf8');
      const webhookId = bank.verifier.verify(headers, text, now());
      if (!webhookId) return { status: 401, body: { error: 'invalid_signature' } };
      const parsed = parseMessage(text);
      if (!parsed.ok) return { status: 400, body: { error: 'bad_message', detail: parsed.problem } };
      if (!firstDelivery(bank.id, webhookId)) {
        log(`${bank.id}: delivery ${webhookId} seen before, ignored`);
      } else if (parsed.message) {
        act(bank, parsed.message);
      } else {
        log(`${bank.id}: message of a type the sandbox does not act on`, { webhookId });
      }
      return { status: 200, body: { received: true } };
    },
    idle: () => queue.idle(),
    close() {
      closed = true;
      queue.close();
    },
  };
}

const groupOf = (bank: PlayedBank, applicationId: string) => `${bank.id}\n${applicationId}`;

/** What the payment step needs of a BankApplication, or null when the answer is not one. */
function readApplication(body: unknown): { orderId: string; amountKopecks: number; paid: boolean } | null {
  if (typeof body !== 'object' || body === null) return null;
  const { order, payment } = body as { order?: { id?: unknown; amount?: unknown }; payment?: unknown };
  if (typeof order?.id !== 'string' || typeof order.amount !== 'number') return null;
  try {
    return { orderId: order.id, amountKopecks: rublesToKopecks(order.amount), paid: !!payment };
  } catch {
    return null;
  }
}

function checkOptions(options: SandboxBankOptions): void {
  if (options.banks.length === 0) throw new Error('sandbox-bank: no banks configured');
  const ids = new Set(options.banks.map((bank) => bank.id));
  if (ids.size !== options.banks.length) throw new Error('sandbox-bank: bank ids must be unique');
  for (const delay of [options.decisionDelayMs, options.paymentDelayMs]) {
    if (!Number.isFinite(delay) || delay < 0) throw new Error(`sandbox-bank: bad delay ${delay}`);
  }
  if (!URL.canParse(options.apiBaseUrl))
    throw new Error(`sandbox-bank: bad apiBaseUrl ${options.apiBaseUrl}`);
}
