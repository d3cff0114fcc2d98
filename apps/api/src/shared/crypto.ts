import { createHash, randomBytes, randomInt } from 'node:crypto';

export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A random token of `length` base62 characters from the CSPRNG (≈ 5.95 bits each). */
export function randomToken(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += BASE62[randomInt(62)];
  return out;
}

/** The key's prefix names its kind and its mode (DESIGN §16): sk_live_, sk_test_, pk_live_, pk_test_. */
const modePrefix = (livemode: boolean) => (livemode ? 'live' : 'test');
export const newSecretKey = (livemode = true) => `sk_${modePrefix(livemode)}_${randomToken(32)}`;
export const newPublishableKey = (livemode = true) => `pk_${modePrefix(livemode)}_${randomToken(32)}`;
/** Standard Webhooks secrets are `whsec_` + base64 of at least 24 random bytes. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/**
 * What the shop area may show of a key: its kind prefix and last four characters. A publishable key is
 * public by nature (it sits in the shop's own pages), so its hint is the whole key: the
 * settings page shows it in full and the button-demo page of the shop uses it.
 */
export const keyHint = (key: string) =>
  key.startsWith('pk_') ? key : `${key.slice(0, key.indexOf('_', 3) + 1)}…${key.slice(-4)}`;
