import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createSandboxBank } from '../src/sandbox-bank';
import { ManualScheduler } from '../src/scheduler';
import { DECISION_DELAY_MS, type Harness, START, startHarness } from './support/harness';
import { applicationCreated } from './support/messages';
import { newSecret, signedDelivery } from './support/sign';

// What the sandbox does with a delivery before acting on it: the bank, the signature, the body, repeats.

let harness: Harness;
afterEach(() => harness?.close());

function created(applicationId = randomUUID(), email = 'buyer@firm.ru') {
  return applicationCreated({ applicationId, orderId: randomUUID(), amount: 1000, email, at: START });
}

/** Lets the scheduler run past every decision and retry window, then lists the calls B2BPay got. */
async function callsAfterAWhile() {
  await harness.scheduler.advance(60 * 60 * 1000);
  return harness.fake.calls;
}

describe('refused deliveries do nothing', () => {
  it('answers 401 to a wrong, missing or tampered signature', async () => {
    harness = await startHarness();
    const wrongKey = await harness.deliver('sever', created(), { secrets: newSecret() });
    expect(wrongKey).toEqual({ status: 401, body: { error: 'invalid_signature' } });

    const signed = signedDelivery(harness.secrets.sever, created(), { at: START });
    for (const header of ['webhook-signature', 'webhook-id', 'webhook-timestamp']) {
      const { [header]: _left, ...headers } = signed.headers;
      expect((await harness.bank.handle('sever', headers, signed.rawBody)).status).toBe(401);
    }
    const tampered = signed.rawBody.replace('"amount":1000', '"amount":1');
    expect((await harness.bank.handle('sever', signed.headers, tampered)).status).toBe(401);
    // Signed with the right key but another bank's: each bank checks against its own secret.
    expect((await harness.deliver('volga', created(), { secrets: harness.secrets.sever })).status).toBe(401);

    expect(harness.scheduler.pending).toBe(0);
    expect(await callsAfterAWhile()).toEqual([]);
  });

  it('answers 401 to a timestamp more than 5 minutes off, either way', async () => {
    harness = await startHarness();
    const sixMinutes = 6 * 60 * 1000;
    const old = await harness.deliver('sever', created(), { at: new Date(START.getTime() - sixMinutes) });
    const future = await harness.deliver('sever', created(), { at: new Date(START.getTime() + sixMinutes) });
    expect([old.status, future.status]).toEqual([401, 401]);
    expect(await callsAfterAWhile()).toEqual([]);
    // Within the tolerance it is taken.
    const fourMinutesOld = new Date(harness.scheduler.now().getTime() - 4 * 60 * 1000);
    expect((await harness.deliver('sever', created(), { at: fourMinutesOld })).status).toBe(200);
  });

  it('answers 404 for a bank it does not play, 400 for a body it cannot read', async () => {
    harness = await startHarness();
    expect(await harness.deliver('tinkoff', created())).toEqual({
      status: 404,
      body: { error: 'unknown_bank' },
    });
    const notJson = await harness.deliver('sever', '{"type": "application.created",');
    expect(notJson).toMatchObject({ status: 400, body: { error: 'bad_message' } });
    const noEmail = created() as { data: { buyer: { email?: string } } };
    delete noEmail.data.buyer.email;
    expect((await harness.deliver('sever', noEmail)).status).toBe(400);
    const badAmount = {
      type: 'refund.created',
      data: { application_id: 'a', refund_id: 'r', amount: 1.005 },
    };
    expect((await harness.deliver('sever', badAmount)).status).toBe(400);
    expect((await harness.deliver('sever', { type: 'offer.accepted' })).status).toBe(400);
    expect(await callsAfterAWhile()).toEqual([]);
  });

  it('acknowledges a message type it does not act on, and does nothing', async () => {
    harness = await startHarness();
    const answer = await harness.deliver('sever', {
      type: 'application.updated',
      data: { application_id: 'x' },
    });
    expect(answer).toEqual({ status: 200, body: { received: true } });
    expect(await callsAfterAWhile()).toEqual([]);
  });
});

describe('accepted deliveries', () => {
  it("accepts the previous secret during a rotation, and B2BPay's own two-signature list", async () => {
    const previous = newSecret();
    harness = await startHarness();
    const rotated = createSandboxBank({
      apiBaseUrl: harness.fake.url,
      banks: [
        {
          id: 'sever',
          apiKey: harness.apiKeys.sever,
          signingSecret: newSecret(),
          previousSigningSecret: previous,
        },
      ],
      decisionDelayMs: DECISION_DELAY_MS,
      paymentDelayMs: 0,
      scheduler: harness.scheduler,
      now: harness.scheduler.now,
      log: () => {},
    });
    const applicationId = randomUUID();
    harness.fake.addApplication('sever', { id: applicationId, orderId: randomUUID(), amount: 1000 });
    const withOld = signedDelivery(previous, created(applicationId), { at: START });
    expect(await rotated.handle('sever', withOld.headers, withOld.rawBody)).toEqual({
      status: 200,
      body: { received: true },
    });
    const both = signedDelivery([newSecret(), previous], created(), { at: START });
    expect((await rotated.handle('sever', both.headers, both.rawBody)).status).toBe(200);
    await harness.scheduler.advance(DECISION_DELAY_MS);
    expect(harness.fake.calls.map((call) => call.path)).toContain(
      `/api/bank/v1/applications/${applicationId}/decision`,
    );
    rotated.close();
  });

  it('acts once on the same webhook-id delivered twice, even re-signed later as retries are', async () => {
    harness = await startHarness();
    const applicationId = randomUUID();
    harness.fake.addApplication('sever', { id: applicationId, orderId: randomUUID(), amount: 1000 });
    const id = `msg_${randomUUID()}`;
    expect((await harness.deliver('sever', created(applicationId), { id })).status).toBe(200);
    await harness.scheduler.advance(2_000);
    const again = await harness.deliver('sever', created(applicationId), { id });
    expect(again).toEqual({ status: 200, body: { received: true } });
    await harness.scheduler.advance(60_000);
    expect(harness.fake.calls).toHaveLength(1);
    expect(harness.fake.calls[0]?.path).toBe(`/api/bank/v1/applications/${applicationId}/decision`);
  });

  it('answers 503 once closed', async () => {
    harness = await startHarness();
    harness.bank.close();
    expect((await harness.deliver('sever', created())).status).toBe(503);
  });
});

describe('createSandboxBank options', () => {
  it('refuses a configuration it cannot work with', () => {
    const base = {
      apiBaseUrl: 'http://127.0.0.1:3000',
      banks: [{ id: 'sever', apiKey: 'bk_1', signingSecret: newSecret() }],
      decisionDelayMs: 0,
      paymentDelayMs: 0,
      scheduler: new ManualScheduler(),
    };
    expect(() => createSandboxBank({ ...base, banks: [] })).toThrow(/no banks/);
    expect(() => createSandboxBank({ ...base, banks: [...base.banks, ...base.banks] })).toThrow(/unique/);
    expect(() => createSandboxBank({ ...base, decisionDelayMs: -1 })).toThrow(/delay/);
    expect(() => createSandboxBank({ ...base, apiBaseUrl: 'nowhere' })).toThrow(/apiBaseUrl/);
    expect(() =>
      createSandboxBank({ ...base, banks: [{ id: 'sever', apiKey: 'bk_1', signingSecret: 'whsec_' }] }),
    ).toThrow();
  });
});
