import { DEMO_SHOP, PARTNER_BANKS } from '@b2bpay/domain';
import { ManualScheduler, type SandboxServer, startSandboxServer } from '@b2bpay/sandbox-bank';
import { sixDigits, startHttpReceiver, startSmtpSink } from '@b2bpay/test-sinks';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type BankCredentials, createBank } from '../src/modules/banks';
import { updateBankSettings } from '../src/modules/banks/bank-records.repository';
import { patchClient, STEP1 } from './support/buyer';
import { describeApi } from './support/describe-api';
import { demoAuth } from './support/test-app';

const DECISION_DELAY_MS = 2000;
const PAYMENT_DELAY_MS = 3000;

/**
 * Through the public endpoints alone, with real SMTP, an SMS HTTP receiver, a webhook receiver and
 * the sandbox banks as their own HTTP server (they hear from us in signed messages and answer over
 * the bank API, as any bank), an order goes client_expected → bank_info_expected → app_approved →
 * (the buyer signs an offer with the code from the SMS) → payment_sent. The sandbox's time is a
 * ManualScheduler moved with the test clock: no waiting on timers.
 */
// The sinks of each database's run, started before its app, whose settings name them.
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let sms: Awaited<ReturnType<typeof startHttpReceiver>>;
let hooks: Awaited<ReturnType<typeof startHttpReceiver>>;
const env = async () => {
  smtp = await startSmtpSink();
  sms = await startHttpReceiver();
  hooks = await startHttpReceiver();
  return {
    SMTP_URL: smtp.url,
    MAIL_FROM: 'B2BPay <no-reply@b2bpay.test>',
    SMS_PROVIDER: 'http',
    SMS_HTTP_URL: sms.url,
    WEBHOOK_ALLOW_PRIVATE: 'true',
    WEBHOOK_RETRY_SCHEDULE: '1s,2s,3s',
  };
};

describeApi('the whole journey', { env }, (t) => {
  let sandbox: SandboxServer;
  let scheduler: ManualScheduler;
  const sandboxLog: string[] = [];

  beforeAll(async () => {
    // Receivers check webhook-timestamp against their own clock: start the test clock at real time.
    t.clock.set(new Date());
    const apiUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    // Registered as any bank is; the endpoint is known once the sandbox listens, then re-pointed.
    const banks: BankCredentials[] = [];
    for (const b of PARTNER_BANKS) {
      banks.push(
        await createBank(
          t.db,
          { id: b.id, name: b.name, endpointUrl: 'http://127.0.0.1:9/not-yet', sandbox: true },
          t.clock.now(),
        ),
      );
    }
    scheduler = new ManualScheduler(t.clock.now());
    sandbox = await startSandboxServer({
      port: 0,
      apiBaseUrl: apiUrl,
      banks: banks.map((b) => ({ id: b.bank.id, apiKey: b.api_key, signingSecret: b.signing_secret })),
      decisionDelayMs: DECISION_DELAY_MS,
      paymentDelayMs: PAYMENT_DELAY_MS,
      scheduler,
      // It checks our signatures' timestamps and dates its payment by the same clock as the API.
      now: () => t.clock.now(),
      log: (message) => sandboxLog.push(message),
    });
    for (const b of PARTNER_BANKS) {
      await updateBankSettings(
        t.db,
        b.id,
        { endpoint_url: `${sandbox.url}/sandbox-bank/${b.id}` },
        t.clock.now(),
      );
    }
  });
  afterAll(async () => {
    await sandbox?.close();
    await smtp.close();
    await sms.close();
    await hooks.close();
  });

  /** Time passes for both sides: the API's clock and jobs, and the sandbox banks' scheduled answers. */
  async function elapse(ms: number) {
    t.clock.advance(ms);
    await scheduler.advance(ms);
    await t.worker.drain();
  }
  const lastSms = () => JSON.parse(sms.requests.at(-1)?.body ?? '{}') as { to: string; text: string };

  it('goes from the link to payment_sent with codes that arrived by SMTP and SMS and an offer signed by SMS', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/order/orders',
      headers: demoAuth,
      payload: {
        products: [{ name: 'Стеллаж складской', price: 18900, quantity: 2 }],
        webhook_url: hooks.url,
      },
    });
    const order = created.json();
    const step1 = await patchClient(t, order.id, STEP1);
    const clientId = step1.json().id;
    await patchClient(t, order.id, { client_id: clientId, phone_number: '+7 916 700-00-01' });
    await patchClient(t, order.id, { client_id: clientId, email: 'ivan.petrov@firm.ru' });
    await t.worker.drain();

    const smsBody = lastSms();
    expect(smsBody.to).toBe('+79167000001');
    const codeMail = smtp.mails.at(-1);
    expect(codeMail?.to).toBe('ivan.petrov@firm.ru');
    expect(codeMail?.from).toContain('no-reply@b2bpay.test');

    const submitted = await patchClient(t, order.id, {
      client_id: clientId,
      ...STEP1,
      phone_number: '+7 916 700-00-01',
      email: 'ivan.petrov@firm.ru',
      sms_code_input: sixDigits(smsBody.text),
      email_code_input: sixDigits(codeMail?.text ?? ''),
      personal_data_consent: true,
      bank_transfer_consent: true,
      order_version: 1,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    // The applications go out to the three banks, which take them (signature checked).
    await t.worker.drain();
    const delivered = await t.db.query<{ bank: string; status: string }>(
      "SELECT bank, status FROM bank_messages WHERE type = 'application.created' ORDER BY bank",
    );
    expect(delivered).toEqual([
      { bank: 'sever', status: 'delivered' },
      { bank: 'ural', status: 'delivered' },
      { bank: 'volga', status: 'delivered' },
    ]);

    await elapse(DECISION_DELAY_MS - 1);
    expect((await t.app.inject({ method: 'GET', url: `/api/order/orders/${order.id}` })).json().status).toBe(
      'bank_info_expected',
    );
    // sever approves with two offers, volga refuses; ural would answer after twice the delay.
    await elapse(1);
    const approvedMail = smtp.mails.at(-1);
    expect(approvedMail?.to).toBe('ivan.petrov@firm.ru');
    expect(approvedMail?.text).toContain(`№${order.order_number}`);
    expect(approvedMail?.text).toContain(`/client/${order.id}`);

    // The buyer opens the link, picks the instalments and signs with the code that came by SMS.
    const page = (await t.app.inject({ method: 'GET', url: `/api/order/orders/${order.id}` })).json();
    expect(page.status).toBe('app_approved');
    expect(page.offers.map((o: { bank: string; kind: string }) => [o.bank, o.kind])).toEqual([
      ['sever', 'deferral'],
      ['sever', 'instalments'],
    ]);
    const offer = page.offers[1];
    const codeSent = await t.app.inject({
      method: 'POST',
      url: `/api/order/orders/${order.id}/offers/${offer.id}/code`,
      payload: { client_id: clientId },
    });
    expect(codeSent.statusCode, codeSent.body).toBe(200);
    await t.worker.drain();
    const signSms = lastSms();
    expect(signSms.to).toBe('+79167000001');
    expect(signSms.text).toContain('подпись предложения');
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/order/orders/${order.id}/offers/${offer.id}/accept`,
      payload: { client_id: clientId, sms_code_input: sixDigits(signSms.text) },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().accepted_offer).toMatchObject({
      id: offer.id,
      bank: 'sever',
      kind: 'instalments',
    });
    // offer.accepted goes to sever; ural, still deciding, is told the application is withdrawn.
    await t.worker.drain();

    await elapse(PAYMENT_DELAY_MS);
    await t.worker.drain();
    const view = (
      await t.app.inject({ method: 'GET', url: `/api/order/orders/${order.id}`, headers: demoAuth })
    ).json();
    expect(view.status, sandboxLog.join('\n')).toBe('payment_sent');
    expect(view.payout).toMatchObject({ bank: 'sever', amount: 37_800, fee: 0 });
    expect(view.payout.reference).toMatch(/^SEVER-\d{6}$/);
    expect(view.accepted_offer).toMatchObject({ id: offer.id, bank: 'sever' });
    expect(
      Object.fromEntries(
        view.bank_decisions.map((d: { bank: string; status: string }) => [d.bank, d.status]),
      ),
    ).toEqual({ sever: 'approved', volga: 'rejected', ural: 'withdrawn' });
    // ural's answer was cancelled with the withdrawal: nothing is left scheduled at the banks.
    expect(scheduler.pending).toBe(0);

    const verifier = new Webhook(DEMO_SHOP.webhookSecret);
    const received = hooks.requests.map((r) => {
      const headers = {
        'webhook-id': String(r.headers['webhook-id']),
        'webhook-timestamp': String(r.headers['webhook-timestamp']),
        'webhook-signature': String(r.headers['webhook-signature']),
      };
      return verifier.verify(r.body, headers) as {
        event: string;
        status: string;
        sequence: number;
        order_id: string;
      };
    });
    const mine = received.filter((e) => e.order_id === order.id).sort((a, b) => a.sequence - b.sequence);
    expect(mine.map((e) => [e.event, e.status])).toEqual([
      ['order.client.updated', 'client_expected'],
      ['order.client.updated', 'client_expected'],
      ['order.status.changed', 'bank_info_expected'],
      ['order.status.changed', 'app_approved'],
      ['order.status.changed', 'payment_sent'],
      ['order.payment.completed', 'payment_sent'],
    ]);
    expect(mine.map((e) => e.sequence)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
