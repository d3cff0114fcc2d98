import { type HttpReceiver, startHttpReceiver } from '@b2bpay/test-sinks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BankCredentials } from '../src/modules/banks';
import { signWebhook } from '../src/modules/webhooks/signing';
import { approve, seedBanks, signOffer } from './support/banks';
import { patchClient, prepareSubmission } from './support/buyer';
import { describeApi } from './support/describe-api';
import { createOrder } from './support/test-app';

/**
 * A bank that answers 500 for a while (docs/reliability.md, "A partner bank is down"): our messages
 * to it wait on the retry schedule and every one arrives once it is back — signed, with the same
 * webhook-id and body as the first try. Nothing is lost and nothing is sent twice once delivered.
 */
describeApi('a partner bank that answers 500 for a while', { timeout: 60_000 }, (t) => {
  let bank: HttpReceiver;
  let banks: Record<string, BankCredentials>;

  beforeAll(async () => {
    t.clock.set(new Date());
    bank = await startHttpReceiver('/bank');
    banks = await seedBanks(t, () => bank.url);
  });
  afterAll(() => bank.close());

  const messages = (orderId: string) =>
    t.db.query<{ bank: string; type: string; status: string; attempts: number; last_error: string | null }>(
      `SELECT m.bank, m.type, m.status, m.attempts, m.last_error FROM bank_messages m
         JOIN bank_applications a ON a.id = m.application_id WHERE a.order_id = $1 ORDER BY m.created_at, m.bank`,
      [orderId],
    );

  it('keeps every message and delivers it when the bank is back', async () => {
    bank.answerWith(500);
    const order = await createOrder(t);
    const { body } = await prepareSubmission(t, order.id, {
      phone: '+79265550199',
      email: 'outage@buyer.ru',
    });
    expect((await patchClient(t, order.id, body)).statusCode).toBe(200);
    await t.worker.drain(); // bank.submit builds the three messages
    await t.worker.drain(); // their first tries: 500
    let rows = await messages(order.id);
    expect(rows.map((r) => [r.type, r.status, r.attempts])).toEqual([
      ['application.created', 'pending', 1],
      ['application.created', 'pending', 1],
      ['application.created', 'pending', 1],
    ]);
    expect(rows[0]?.last_error).toContain('500');

    // The next tries on the schedule (1, 5, 15 minutes) still meet 500.
    for (const minutes of [1, 5, 15]) {
      t.clock.advance(minutes * 60_000);
      await t.worker.drain();
    }
    rows = await messages(order.id);
    expect(rows.every((r) => r.status === 'pending' && r.attempts === 4)).toBe(true);

    // Meanwhile the bank's own answers still reach us: its API is separate from its inbox.
    await approve(t, banks.sever as BankCredentials, order.id);
    await signOffer(t, order.id);

    bank.answerWith(200);
    const before = bank.requests.length;
    t.clock.advance(60 * 60_000);
    await t.worker.drain();
    await t.worker.drain();
    rows = await messages(order.id);
    expect(rows.every((r) => r.status === 'delivered')).toBe(true);
    expect(rows.map((r) => r.type).sort()).toEqual([
      'application.created',
      'application.created',
      'application.created',
      'application.withdrawn',
      'application.withdrawn',
      'offer.accepted',
    ]);
    const delivered = bank.requests.slice(before);
    expect(delivered).toHaveLength(6);
    // Each is signed with its bank's secret and carries the same id as its failed tries.
    for (const request of delivered) {
      const type = JSON.parse(request.body).type as string;
      const id = String(request.headers['webhook-id']);
      const application = JSON.parse(request.body).data.application_id as string;
      const owner = await t.db.query<{ bank: string }>('SELECT bank FROM bank_applications WHERE id = $1', [
        application,
      ]);
      const secret = banks[owner[0]?.bank ?? '']?.signing_secret ?? '';
      // Checked by hand: the test clock is hours ahead of the real one a library would compare with.
      const timestamp = Number(request.headers['webhook-timestamp']);
      const signatures = String(request.headers['webhook-signature']).split(' ');
      expect(signatures, type).toContain(signWebhook(secret, id, timestamp, request.body));
      // The applications went through four failed tries and the fifth landed, all under one id.
      const tries = bank.requests.filter((r) => r.headers['webhook-id'] === id);
      expect(tries.length, type).toBe(type === 'application.created' ? 5 : 1);
      expect(new Set(tries.map((r) => r.body)).size).toBe(1);
    }
    // Delivered once: nothing goes out again.
    const after = bank.requests.length;
    t.clock.advance(24 * 3_600_000);
    await t.worker.drain();
    expect(bank.requests.length).toBe(after);
  });
});
