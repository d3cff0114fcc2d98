import { describe, expect, it } from 'vitest';
import { webhookHeaders } from '../../../apps/api/src/modules/webhooks/signing';
import { verifyWebhook, WebhookVerificationError } from '../src/index';

/** verifyWebhook against the headers the API's own signing code writes (modules/webhooks/signing.ts). */

const secret = 'whsec_ZGVtby13ZWJob29rLXNlY3JldC1iMmJwYXktMDAx';
const oldSecret = 'whsec_b2xkLXNlY3JldC1vZi10aGUtc2hvcC0wMDAwMDAx';
const eventId = '0b7e4f2a-6c1d-4e8f-9a3b-5d2c1e0f4a7b';
const body = JSON.stringify({ event: 'order.status.changed', event_id: eventId, amount: 1050.3 });

describe('verifyWebhook', () => {
  it('returns the event of a body the API signed, from Node, fetch or plain headers', () => {
    const headers = webhookHeaders(secret, eventId, new Date(), body);
    expect(verifyWebhook(body, headers, secret)).toEqual(JSON.parse(body));
    expect(verifyWebhook(new TextEncoder().encode(body), new Headers(headers), secret)).toMatchObject({
      event_id: eventId,
    });
    const upper = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toUpperCase(), v]));
    expect(verifyWebhook(body, upper, secret)).toMatchObject({ amount: 1050.3 });
  });

  it('accepts either signature during a secret rotation: the old secret still verifies', () => {
    const headers = webhookHeaders(secret, eventId, new Date(), body, oldSecret);
    expect(headers['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(verifyWebhook(body, headers, oldSecret)).toMatchObject({ event_id: eventId });
    expect(verifyWebhook(body, headers, secret)).toMatchObject({ event_id: eventId });
  });

  it('throws on a changed body, another secret, a missing header or a timestamp over 5 minutes off', () => {
    const now = new Date();
    const headers = webhookHeaders(secret, eventId, now, body);
    const fails =
      (b: string, h: Record<string, string>, s = secret) =>
      () =>
        verifyWebhook(b, h, s);
    expect(fails(body.replace('1050.3', '1.3'), headers)).toThrow(WebhookVerificationError);
    expect(fails(body, headers, oldSecret)).toThrow(WebhookVerificationError);
    const { 'webhook-id': _id, ...noId } = headers;
    expect(fails(body, noId)).toThrow(/Missing required headers/);
    const old = webhookHeaders(secret, eventId, new Date(now.getTime() - 6 * 60_000), body);
    expect(fails(body, old)).toThrow(/too old/);
    const early = webhookHeaders(secret, eventId, new Date(now.getTime() + 6 * 60_000), body);
    expect(fails(body, early)).toThrow(/too new/);
  });

  it('refuses a parsed body with its own error that says to pass the raw body', () => {
    const headers = webhookHeaders(secret, eventId, new Date(), body);
    const parsed = JSON.parse(body) as unknown as string;
    expect(() => verifyWebhook(parsed, headers, secret)).toThrow(WebhookVerificationError);
    expect(() => verifyWebhook(parsed, headers, secret)).toThrow(/exactly as received.*not a parsed object/);
    expect(() => verifyWebhook(null as unknown as string, headers, secret)).toThrow(/not null/);
  });
});
