import { DEMO_SHOP } from '@b2bpay/domain';
import { sixDigits, startHttpReceiver, startSmtpSink } from '@b2bpay/test-sinks';
import { Webhook } from 'standardwebhooks';
import { afterAll, expect, it } from 'vitest';
import { patchClient, STEP1 } from './support/buyer';
import { describeApi } from './support/describe-api';
import { demoAuth } from './support/test-app';

/**
 * Through the public endpoints alone, with real SMTP, an SMS HTTP receiver and
 * a webhook receiver, an order goes client_expected → bank_info_expected → app_approved → payment_sent.
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
    SANDBOX_DECISION_DELAY_MS: '2000',
    SANDBOX_PAYMENT_DELAY_MS: '3000',
  };
};

describeApi('the whole journey', { env }, (t) => {
  afterAll(async () => {
    await smtp.close();
    await sms.close();
    await hooks.close();
  });

  it('goes from the link to payment_sent with codes that arrived by SMTP and SMS', async () => {
    // Receivers check webhook-timestamp against their own clock: start the test clock at real time.
    t.clock.set(new Date());
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

    const smsBody = JSON.parse(sms.requests.at(-1)?.body ?? '{}');
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
    await t.worker.drain();
    t.clock.advance(2000);
    await t.worker.drain();
    const approvedMail = smtp.mails.at(-1);
    expect(approvedMail?.to).toBe('ivan.petrov@firm.ru');
    expect(approvedMail?.text).toContain(`№${order.order_number}`);
    t.clock.advance(3000);
    await t.worker.drain();
    await t.worker.drain();

    const view = (
      await t.app.inject({ method: 'GET', url: `/api/order/orders/${order.id}`, headers: demoAuth })
    ).json();
    expect(view.status).toBe('payment_sent');

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
