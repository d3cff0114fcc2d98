import { Webhook } from 'standardwebhooks';
import type { WebhookEvent } from './types.js';

/**
 * A webhook that is not B2BPay's as sent: answer 400. The SDK's own class (standardwebhooks' is
 * wrapped), so that its declarations need no Node types in a browser project.
 */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
}

/** The `webhook.test` event `sendTestWebhook` sends: no order, sequence 0. */
export interface WebhookTestEvent {
  event: 'webhook.test';
  event_id: string;
  shop_id: string;
  timestamp: string;
}

export type WebhookPayload = WebhookEvent | WebhookTestEvent;

/** Headers as Node's `req.headers`, a fetch `Headers` object, or a plain record. */
export type WebhookHeaders =
  | Headers
  | Record<string, string | string[] | undefined>
  | { get(name: string): string | null };

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'a parsed object' : `a ${typeof value}`;
}

const NAMES = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;

function pick(headers: WebhookHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  const getter = typeof (headers as Headers).get === 'function' ? (headers as Headers) : undefined;
  const lower = getter
    ? undefined
    : Object.fromEntries(
        Object.entries(headers as Record<string, string | string[] | undefined>).map(([k, v]) => [
          k.toLowerCase(),
          v,
        ]),
      );
  for (const name of NAMES) {
    const value = getter ? getter.get(name) : lower?.[name];
    const text = Array.isArray(value) ? value.join(' ') : value;
    if (typeof text === 'string') out[name] = text;
  }
  return out;
}

/**
 * Checks a webhook's Standard Webhooks signature (`webhook-signature: v1,<b64> [v1,<b64>…]` — two
 * during a secret rotation, either may match) and that its timestamp is within 5 minutes, then
 * returns the parsed event. `body` is the request body exactly as received (verify before parsing:
 * re-serialised JSON no longer matches); `secret` is the shop's `whsec_…`. Throws
 * WebhookVerificationError when anything is off — answer 400 then, and 2xx once the event is stored.
 */
export function verifyWebhook(
  body: string | Uint8Array,
  headers: WebhookHeaders,
  secret: string,
): WebhookPayload {
  if (typeof body !== 'string' && !(body instanceof Uint8Array)) {
    // The usual mistake: a framework's parsed JSON (req.body after express.json()) instead of the raw
    // body. Parsed and serialised again, it would not match the signature even if it could be read.
    throw new WebhookVerificationError(
      `verifyWebhook needs the request body exactly as received (a string or bytes), not ${describe(body)}: ` +
        'read the raw body (express.raw({ type: "application/json" }), request.text()) and parse what it returns',
    );
  }
  const text = typeof body === 'string' ? body : new TextDecoder().decode(body);
  try {
    return new Webhook(secret).verify(text, pick(headers)) as WebhookPayload;
  } catch (error) {
    throw new WebhookVerificationError(error instanceof Error ? error.message : String(error), {
      cause: error,
    });
  }
}
