import { timingSafeEqual } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** Standard Webhooks' tolerance: a message signed more than 5 minutes away from now is refused. */
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

export type HeaderBag = Record<string, string | string[] | undefined>;

/** A header's value whatever the case of its name; the first of repeated ones. */
export function headerValue(headers: HeaderBag, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === wanted) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

/**
 * Checks B2BPay's `webhook-signature` against one bank's secrets (the current one and, during a rotation,
 * the previous one). The standardwebhooks package computes the HMAC, but its `verify` is not used: it
 * judges the timestamp by Date.now(), and the sandbox takes its clock from its options so that tests
 * can move it. The signature list may hold several `v1,…` entries (B2BPay's own rotation); any match will do.
 */
export class SignatureVerifier {
  private readonly signers: Webhook[];

  /** Throws on a secret that is not `whsec_` + base64, so a bad configuration fails at start. */
  constructor(secrets: readonly string[]) {
    this.signers = secrets.map((secret) => new Webhook(secret));
  }

  /** The webhook id of a message correctly signed within the tolerance, else null. */
  verify(headers: HeaderBag, rawBody: string, now: Date): string | null {
    const id = headerValue(headers, 'webhook-id');
    const timestampText = headerValue(headers, 'webhook-timestamp');
    const signatureList = headerValue(headers, 'webhook-signature');
    if (!id || !timestampText || !signatureList || !/^\d{1,15}$/.test(timestampText)) return null;
    const timestamp = Number(timestampText);
    if (Math.abs(Math.floor(now.getTime() / 1000) - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return null;
    const passed = signatureList
      .split(' ')
      .filter((entry) => entry.startsWith('v1,'))
      .map((entry) => Buffer.from(entry.slice(3)));
    const signedAt = new Date(timestamp * 1000);
    for (const signer of this.signers) {
      const expected = Buffer.from(signer.sign(id, signedAt, rawBody).slice(3));
      if (passed.some((candidate) => sameBytes(candidate, expected))) return id;
    }
    return null;
  }
}

function sameBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
