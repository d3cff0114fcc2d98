import { createHmac, randomBytes, randomUUID } from 'node:crypto';

/**
 * Signs a message the way protocol.md says B2BPay does, written out with node:crypto rather than with
 * the standardwebhooks package the sandbox uses, so that a test checks the two agree.
 */
export function newSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

export function signature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

export interface Delivery {
  headers: Record<string, string>;
  rawBody: string;
}

/** A delivery of `message` signed with each of `secrets` (B2BPay's own rotation signs twice). */
export function signedDelivery(
  secrets: string | string[],
  message: object | string,
  { id = randomUUID(), at }: { id?: string; at: Date },
): Delivery {
  const rawBody = typeof message === 'string' ? message : JSON.stringify(message);
  const timestamp = Math.floor(at.getTime() / 1000);
  const list = (Array.isArray(secrets) ? secrets : [secrets]).map((secret) =>
    signature(secret, id, timestamp, rawBody),
  );
  return {
    rawBody,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'B2BPay-Banks/1.0',
      'webhook-id': id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': list.join(' '),
    },
  };
}
