import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { DECISION_DELAY_MS, type Harness, PAYMENT_DELAY_MS, START, startHarness } from './support/harness';
import { applicationWithdrawn, offerAccepted, refundCreated } from './support/messages';

// The sandbox banks' answers (protocol.md, "Sandbox banks") as B2BPay's bank API receives them.

let harness: Harness;
afterEach(() => harness?.close());

const decisionPath = (applicationId: string) => `/api/bank/v1/applications/${applicationId}/decision`;
const at = (ms: number) => new Date(START.getTime() + ms).toISOString();

describe('decisions', () => {
  it('decline…: all three banks reject after the decision delay', async () => {
    harness = await startHarness();
    const ids = await harness.submit('decline.me@firm.ru', 1000);
    await harness.scheduler.advance(DECISION_DELAY_MS - 1);
    expect(harness.fake.calls).toEqual([]);
    await harness.scheduler.advance(1);
    const calls = harness.fake.calls;
    expect(calls.map((call) => [call.bankId, call.method, call.path, call.status])).toEqual([
      ['sever', 'POST', decisionPath(ids.sever), 200],
      ['volga', 'POST', decisionPath(ids.volga), 200],
      ['ural', 'POST', decisionPath(ids.ural), 200],
    ]);
    expect(calls.map((call) => call.body)).toEqual([
      { decision: 'rejected' },
      { decision: 'rejected' },
      { decision: 'rejected' },
    ]);
    for (const [index, bankId] of (['sever', 'volga', 'ural'] as const).entries()) {
      expect(calls[index]?.headers).toMatchObject({
        authorization: `Bearer ${harness.apiKeys[bankId]}`,
        'idempotency-key': `decision-${ids[bankId]}`,
        'content-type': 'application/json',
      });
    }
    await harness.scheduler.advance(24 * 60 * 60 * 1000);
    expect(harness.fake.calls).toHaveLength(3);
    await harness.bank.idle();
  });

  it('any other e-mail: sever approves with two offers and volga rejects after the delay, ural approves at twice it', async () => {
    harness = await startHarness();
    const ids = await harness.submit('buyer@firm.ru', 123456.78);
    await harness.scheduler.advance(DECISION_DELAY_MS);
    expect(harness.fake.calls.map((call) => call.bankId)).toEqual(['sever', 'volga']);
    const [sever, volga] = harness.fake.calls;
    expect(volga?.body).toEqual({ decision: 'rejected' });
    // 12 345 678 kopecks: 190 bp → 234 567.882 → 234 568; 650 bp → 802 469.07 → 802 469;
    // (12 345 678 + 802 469) / 6 → 2 191 358 a month.
    expect(sever?.body).toEqual({
      decision: 'approved',
      offers: [
        {
          id: `sever-${ids.sever.slice(0, 8)}-d30`,
          kind: 'deferral',
          term_days: 30,
          fee: 2345.68,
          valid_until: at(DECISION_DELAY_MS + 7 * 86_400_000),
        },
        {
          id: `sever-${ids.sever.slice(0, 8)}-i6`,
          kind: 'instalments',
          term_months: 6,
          fee: 8024.69,
          monthly_payment: 21913.58,
          valid_until: at(DECISION_DELAY_MS + 7 * 86_400_000),
        },
      ],
    });
    expect(harness.fake.applications.get(ids.sever)?.status).toBe('approved');

    await harness.scheduler.advance(DECISION_DELAY_MS - 1);
    expect(harness.fake.calls).toHaveLength(2);
    await harness.scheduler.advance(1);
    const ural = harness.fake.calls[2];
    expect(ural?.path).toBe(decisionPath(ids.ural));
    // 240 bp → 296 296.272 → 296 296; 720 bp → 888 888.816 → 888 889; 13 234 567 / 6 → 2 205 762.
    expect(ural?.body).toMatchObject({
      decision: 'approved',
      offers: [
        { kind: 'deferral', fee: 2962.96, valid_until: at(2 * DECISION_DELAY_MS + 7 * 86_400_000) },
        { kind: 'instalments', fee: 8888.89, monthly_payment: 22057.62 },
      ],
    });
    expect(harness.fake.applications.get(ids.ural)?.status).toBe('approved');
    await harness.bank.idle();
  });

  it('pending…: no bank answers, nothing is even scheduled', async () => {
    harness = await startHarness();
    await harness.submit('pending@firm.ru', 1000);
    expect(harness.scheduler.pending).toBe(0);
    await harness.scheduler.advance(24 * 60 * 60 * 1000);
    expect(harness.fake.calls).toEqual([]);
  });

  it('application.withdrawn cancels the decision still scheduled', async () => {
    harness = await startHarness();
    const ids = await harness.submit('buyer@firm.ru', 1000);
    await harness.scheduler.advance(1_000);
    for (const bankId of ['sever', 'volga', 'ural'] as const) {
      const answer = await harness.deliver(
        bankId,
        applicationWithdrawn(ids[bankId], harness.scheduler.now()),
      );
      expect(answer.status).toBe(200);
    }
    expect(harness.scheduler.pending).toBe(0);
    await harness.scheduler.advance(24 * 60 * 60 * 1000);
    expect(harness.fake.calls).toEqual([]);
    await harness.bank.idle();
  });

  it('withdrawal of one bank’s application leaves the others’ decisions alone', async () => {
    harness = await startHarness();
    const ids = await harness.submit('buyer@firm.ru', 1000);
    await harness.deliver('ural', applicationWithdrawn(ids.ural, harness.scheduler.now()));
    await harness.scheduler.advance(60_000);
    expect(harness.fake.calls.map((call) => call.bankId)).toEqual(['sever', 'volga']);
  });
});

describe('after the decision', () => {
  it('offer.accepted: after the payment delay, reads the application and pays its exact amount', async () => {
    harness = await startHarness();
    const ids = await harness.submit('buyer@firm.ru', 123456.78, 'b5e1c0de-1111-4222-8333-444455556666');
    // Past ural's decision too, so that only the payment's calls follow.
    await harness.scheduler.advance(2 * DECISION_DELAY_MS);
    const application = harness.fake.applications.get(ids.sever);
    const offerId = application?.offers[1]?.id ?? '';
    if (application) application.accepted_offer_id = offerId;
    const acceptedAfter = harness.fake.calls.length;
    await harness.deliver('sever', offerAccepted(ids.sever, offerId, harness.scheduler.now()));

    await harness.scheduler.advance(PAYMENT_DELAY_MS - 1);
    expect(harness.fake.calls).toHaveLength(acceptedAfter);
    await harness.scheduler.advance(1);
    const [read, payment] = harness.fake.calls.slice(acceptedAfter);
    expect([read?.method, read?.path, read?.status]).toEqual([
      'GET',
      `/api/bank/v1/applications/${ids.sever}`,
      200,
    ]);
    expect(read?.headers.authorization).toBe(`Bearer ${harness.apiKeys.sever}`);
    expect(payment?.path).toBe(`/api/bank/v1/applications/${ids.sever}/payment`);
    expect(payment?.headers['idempotency-key']).toBe(`payment-${ids.sever}`);
    // 0xb5e1c0de = 3 051 471 070 → SEVER-471070, from the order id as the API's sandbox did.
    expect(payment?.body).toEqual({
      amount: 123456.78,
      reference: 'SEVER-471070',
      paid_at: at(2 * DECISION_DELAY_MS + PAYMENT_DELAY_MS),
    });
    expect(payment?.status).toBe(200);
    expect(application?.payment?.reference).toBe('SEVER-471070');
    await harness.bank.idle();
  });

  it('offer.accepted for an application already paid sends no second payment', async () => {
    harness = await startHarness();
    const applicationId = randomUUID();
    const application = harness.fake.addApplication('sever', {
      id: applicationId,
      orderId: randomUUID(),
      amount: 10,
    });
    application.status = 'approved';
    application.accepted_offer_id = 'sever-x-d30';
    application.payment = { amount: 10, reference: 'SEVER-000001', paid_at: START.toISOString() };
    await harness.deliver('sever', offerAccepted(applicationId, 'sever-x-d30', START));
    await harness.scheduler.advance(PAYMENT_DELAY_MS);
    expect(harness.fake.calls.map((call) => call.method)).toEqual(['GET']);
  });

  it('refund.created: confirms at once with the refund reference', async () => {
    harness = await startHarness();
    const applicationId = randomUUID();
    harness.fake.addApplication('ural', { id: applicationId, orderId: randomUUID(), amount: 500 });
    const refundId = '0000ab12-0000-4000-8000-000000000000';
    harness.fake.refunds.set(refundId, { applicationId, amount: 200.5, reference: null });
    await harness.deliver('ural', refundCreated(applicationId, refundId, 200.5, START));
    await harness.scheduler.advance(0);
    expect(harness.fake.calls).toHaveLength(1);
    const [confirmation] = harness.fake.calls;
    expect(confirmation?.path).toBe(`/api/bank/v1/refunds/${refundId}/confirmation`);
    expect(confirmation?.headers['idempotency-key']).toBe(`refund-confirmation-${refundId}`);
    expect(confirmation?.body).toEqual({ reference: 'URAL-R043794' });
    expect(confirmation?.answer).toMatchObject({
      refund_id: refundId,
      amount: 200.5,
      reference: 'URAL-R043794',
    });
    expect(harness.fake.refunds.get(refundId)?.reference).toBe('URAL-R043794');
  });
});

describe('when B2BPay fails', () => {
  it("retries each bank's decision answered 500 a second later, and all three land", async () => {
    harness = await startHarness();
    const ids = await harness.submit('decline@firm.ru', 1000);
    harness.fake.failNext(3);
    await harness.scheduler.advance(DECISION_DELAY_MS);
    // sever, volga and ural each got one 500; the three retry 1 s later and land.
    expect(harness.fake.calls.map((call) => call.status)).toEqual([500, 500, 500]);
    await harness.scheduler.advance(999);
    expect(harness.fake.calls).toHaveLength(3);
    await harness.scheduler.advance(1);
    expect(harness.fake.calls.map((call) => call.status)).toEqual([500, 500, 500, 200, 200, 200]);
    for (const bankId of ['sever', 'volga', 'ural'] as const) {
      expect(harness.fake.applications.get(ids[bankId])?.status).toBe('rejected');
    }
    await harness.bank.idle();
  });

  it('keeps one bank’s call going through three failures until it lands, nothing lost', async () => {
    harness = await startHarness();
    const ids = await harness.submit('buyer@firm.ru', 1000);
    await harness.deliver('volga', applicationWithdrawn(ids.volga, START));
    await harness.deliver('ural', applicationWithdrawn(ids.ural, START));
    harness.fake.failNext(3, 503);
    const triedAt: number[] = [];
    for (const wait of [DECISION_DELAY_MS, 1_000, 5_000, 30_000]) {
      await harness.scheduler.advance(wait);
      triedAt.push(harness.fake.calls.length);
    }
    expect(triedAt).toEqual([1, 2, 3, 4]);
    const calls = harness.fake.calls;
    expect(calls.map((call) => call.status)).toEqual([503, 503, 503, 200]);
    expect(new Set(calls.map((call) => call.headers['idempotency-key']))).toEqual(
      new Set([`decision-${ids.sever}`]),
    );
    expect(new Set(calls.map((call) => call.rawBody)).size).toBe(1);
    expect(harness.fake.applications.get(ids.sever)?.status).toBe('approved');
    await harness.bank.idle();
  });

  it('retries a 429 and a network error; drops a 400; takes a 409 as done', async () => {
    let refuseConnections = 1;
    const realFetch = globalThis.fetch;
    harness = await startHarness({
      fetch: (input, init) => {
        if (refuseConnections-- > 0) return Promise.reject(new TypeError('fetch failed'));
        return realFetch(input, init);
      },
    });
    const ids = await harness.submit('decline@firm.ru', 1000);
    harness.fake.failNext(1, 429);
    await harness.scheduler.advance(DECISION_DELAY_MS);
    // sever: network error; volga: 429; ural: landed.
    expect(harness.fake.calls.map((call) => [call.bankId, call.status])).toEqual([
      ['volga', 429],
      ['ural', 200],
    ]);
    await harness.scheduler.advance(1_000);
    expect(harness.fake.calls.slice(2).map((call) => [call.bankId, call.status])).toEqual([
      ['sever', 200],
      ['volga', 200],
    ]);

    // A 400 is not retried; a 409 (the decision already taken) is the end of it too.
    harness.fake.failNext(1, 400);
    const more = await harness.submit('decline@firm.ru', 1000);
    await harness.deliver('volga', applicationWithdrawn(more.volga, START));
    await harness.deliver('ural', applicationWithdrawn(more.ural, START));
    const application = harness.fake.applications.get(ids.sever);
    if (application) application.status = 'approved';
    await harness.scheduler.advance(DECISION_DELAY_MS);
    await harness.scheduler.advance(24 * 60 * 60 * 1000);
    expect(harness.fake.calls.slice(4).map((call) => call.status)).toEqual([400]);
    expect(harness.logs.some((line) => line.includes('refused by B2BPay, dropped'))).toBe(true);
    await harness.bank.idle();
  });

  it('a decision B2BPay answers 409 (another one already taken) is not retried', async () => {
    harness = await startHarness();
    const ids = await harness.submit('decline@firm.ru', 1000);
    const application = harness.fake.applications.get(ids.sever);
    if (application) application.status = 'approved';
    await harness.scheduler.advance(24 * 60 * 60 * 1000);
    const sever = harness.fake.calls.filter((call) => call.bankId === 'sever');
    expect(sever.map((call) => call.status)).toEqual([409]);
    expect(sever[0]?.answer).toMatchObject({ error: { code: 'DECISION_CONFLICT' } });
    expect(harness.logs).toContain(`sever decision ${ids.sever}: already settled at B2BPay`);
  });

  it('a payment whose read fails is retried, reading again before paying', async () => {
    harness = await startHarness();
    const applicationId = randomUUID();
    const application = harness.fake.addApplication('sever', {
      id: applicationId,
      orderId: randomUUID(),
      amount: 99.9,
    });
    application.status = 'approved';
    application.accepted_offer_id = 'sever-x-d30';
    await harness.deliver('sever', offerAccepted(applicationId, 'sever-x-d30', START));
    harness.fake.failNext(2);
    await harness.scheduler.advance(PAYMENT_DELAY_MS + 1_000 + 5_000);
    expect(harness.fake.calls.map((call) => [call.method, call.status])).toEqual([
      ['GET', 500],
      ['GET', 500],
      ['GET', 200],
      ['POST', 200],
    ]);
    expect(application.payment).toMatchObject({ amount: 99.9, paid_at: at(PAYMENT_DELAY_MS + 6_000) });
  });
});
