import type { AppDeps } from '../../deps';
import { defineJob, type JobOutcome } from '../jobs';
import { sendWebhook, webhookHeaders } from '../webhooks';
import { deliverBankMessageJob } from './bank-jobs';
import * as messages from './bank-messages.repository';
import { findBank } from './bank-records.repository';
import { signingSecrets } from './bank-records.service';

/**
 * The `bank.message` job: one Standard-Webhooks-signed POST of a stored message to its bank. A 2xx
 * delivers it; anything else is recorded and retried on the shops' webhook schedule
 * (WEBHOOK_RETRY_SCHEDULE: minutes, then hours, up to 3 days). Bank addresses are set by our own staff
 * (the CLI), not by shops, so no SSRF guard applies: a sandbox bank on loopback is fine.
 */
export const deliverBankMessage = defineJob(deliverBankMessageJob, async ({ payload }, deps) => {
  const message = await messages.findMessage(deps.db, payload.message_id);
  if (message?.status !== 'pending') return undefined;
  const bank = await findBank(deps.db, message.bank);
  if (!bank) return { failed: `Банк ${message.bank} не найден` };
  const now = deps.clock.now();
  const { secret, previous } = signingSecrets(bank, now);
  const result = await sendWebhook({
    url: bank.endpoint_url,
    headers: {
      ...webhookHeaders(secret, message.id, now, message.body, previous),
      'user-agent': 'B2BPay-Banks/1.0',
    },
    body: message.body,
    timeoutMs: deps.config.WEBHOOK_TIMEOUT_MS,
    allowPrivate: true,
  });
  return deps.db.transaction(async (tx): Promise<JobOutcome> => {
    const at = deps.clock.now();
    const base = { statusCode: result.statusCode, durationMs: result.durationMs, now: at };
    if (result.ok) {
      await messages.recordAttempt(tx, message.id, { ...base, status: 'delivered', error: null });
      return undefined;
    }
    const error = result.error ?? 'Доставка не удалась';
    const delay = retryDelay(deps, message.attempts + 1);
    await messages.recordAttempt(tx, message.id, {
      ...base,
      status: delay === null ? 'failed' : 'pending',
      error,
    });
    return delay === null ? { failed: error } : { retryAt: new Date(at.getTime() + delay), error };
  });
});

/** The wait before the next try after the n-th failed one, or null when the schedule is spent. */
function retryDelay(deps: AppDeps, failedAttempts: number): number | null {
  return deps.config.WEBHOOK_RETRY_SCHEDULE[failedAttempts - 1] ?? null;
}
