import { createHmac } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';

/**
 * Standard Webhooks signature: `v1,` + base64 HMAC-SHA256 of `id.timestamp.body`, keyed with the
 * base64-decoded part of the shop's `whsec_…` secret. Receivers verify it with any Standard Webhooks
 * library (e.g. the `standardwebhooks` npm package).
 */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(
    secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret,
    'base64',
  );
  const mac = createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/**
 * The headers of one attempt: the id stays the event's across retries, the timestamp is the attempt's.
 * During a secret rotation with an overlap, `previousSecret` signs too: `v1,<new> v1,<old>`, a
 * space-separated list as Standard Webhooks defines it, so a receiver verifies with either secret.
 */
export function webhookHeaders(
  secret: string,
  eventId: string,
  at: Date,
  body: string,
  previousSecret: string | null = null,
): Record<string, string> {
  const timestamp = Math.floor(at.getTime() / 1000);
  const signatures = [signWebhook(secret, eventId, timestamp, body)];
  if (previousSecret) signatures.push(signWebhook(previousSecret, eventId, timestamp, body));
  return {
    'content-type': 'application/json',
    'user-agent': 'B2BPay-Webhooks/1.0',
    'webhook-id': eventId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatures.join(' '),
  };
}

/** What the shop area may show of a webhook secret. */
export const webhookSecretHint = (secret: string) => `${SECRET_PREFIX}…${secret.slice(-4)}`;
