import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/**
 * The process's own metrics (prom-client): CPU, memory, handles, GC, event-loop lag, and what the
 * background work observes as it runs (webhook deliveries, one-time-code sends). One registry per
 * process, since a process has one event loop and one worker however many apps a test builds; the
 * per-app metrics (requests, queue, pool) live in plugins/metrics.ts.
 */
export const processRegistry = new Registry();
collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 20 });

const webhookDeliveries = new Counter({
  name: 'b2bpay_webhook_attempts_total',
  help: 'Webhook delivery attempts by outcome (delivered, retry, failed).',
  labelNames: ['outcome'] as const,
  registers: [processRegistry],
});

const webhookAttemptSeconds = new Histogram({
  name: 'b2bpay_webhook_attempt_duration_seconds',
  help: 'Time one webhook POST took, by outcome.',
  labelNames: ['outcome'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [processRegistry],
});

const webhookDeliveredAfterSeconds = new Histogram({
  name: 'b2bpay_webhook_delivery_latency_seconds',
  help: 'Time from the event to its successful delivery (retries included).',
  buckets: [0.1, 0.25, 0.5, 1, 2, 5, 15, 60, 300, 1200],
  registers: [processRegistry],
});

const codeSendSeconds = new Histogram({
  name: 'b2bpay_code_send_latency_seconds',
  help: 'Time from a one-time code request to its hand-over to the SMS gateway or mail server.',
  labelNames: ['channel'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 120],
  registers: [processRegistry],
});

const shopCodeCapRefusals = new Counter({
  name: 'b2bpay_code_shop_cap_refusals_total',
  help: 'One-time code requests refused because the shop reached its hourly or daily cap (SMS pumping).',
  labelNames: ['window'] as const,
  registers: [processRegistry],
});

const shopCodeCapAlerts = new Counter({
  name: 'b2bpay_code_shop_cap_alerts_total',
  help: 'Alert e-mails queued to shops that reached a code cap (at most one per shop an hour).',
  labelNames: ['window'] as const,
  registers: [processRegistry],
});

export type AttemptOutcome = 'delivered' | 'retry' | 'failed';

/** One webhook attempt ended; `sinceEventMs` is given for a delivered one. */
export function observeWebhookAttempt(outcome: AttemptOutcome, durationMs: number, sinceEventMs?: number) {
  webhookDeliveries.inc({ outcome });
  webhookAttemptSeconds.observe({ outcome }, durationMs / 1000);
  if (outcome === 'delivered' && sinceEventMs !== undefined) {
    webhookDeliveredAfterSeconds.observe(Math.max(0, sinceEventMs) / 1000);
  }
}

/** A one-time code left the process (accepted by the gateway or mail server). */
export function observeCodeSent(channel: 'sms' | 'email', sinceRequestMs: number) {
  codeSendSeconds.observe({ channel }, Math.max(0, sinceRequestMs) / 1000);
}

/** A code request was refused by its shop's cap; `alerted` when this refusal queued the shop's alert. */
export function observeShopCodeCap(window: 'hour' | 'day', alerted: boolean) {
  shopCodeCapRefusals.inc({ window });
  if (alerted) shopCodeCapAlerts.inc({ window });
}
