import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { enqueue } from '../src/modules/jobs';
import type { NotificationRow } from '../src/modules/notifications';
import {
  amountText,
  approvedEmail,
  codeEmail,
  codeSms,
  NOTIFICATION_RETRY_SCHEDULE_MS,
  queueEmail,
  queueSms,
  sendNotificationJob,
} from '../src/modules/notifications';
import { describeApi } from './support/describe-api';
import { PRODUCTION_ENV } from './support/production-env';
import { createOrder, DB_KINDS, startTestApp, type TestApp } from './support/test-app';

// ---------------------------------------------------------------------------------------------------
// Local stand-ins for the outside world: a real SMTP server, an SMS HTTP receiver, a fake SMS.RU.

interface CaughtMail {
  envelopeFrom: string;
  envelopeTo: string[];
  parsed: ParsedMail;
  raw: string;
}

/** A real SMTP server (smtp-server) on 127.0.0.1 that keeps what it receives; can go down and come back. */
class MailCatcher {
  readonly mails: CaughtMail[] = [];
  port = 0;
  #server: SMTPServer | null = null;

  async start(port = this.port) {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks);
          simpleParser(raw)
            .then((parsed) => {
              this.mails.push({
                envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                envelopeTo: session.envelope.rcptTo.map((r) => r.address),
                parsed,
                raw: raw.toString('utf8'),
              });
              callback();
            })
            .catch((error: Error) => callback(error));
        });
      },
    });
    await new Promise<void>((resolve) => {
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.#server = server;
  }

  async stop() {
    const server = this.#server;
    this.#server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  }
}

interface Received {
  method: string;
  contentType: string;
  body: string;
}

/** A local HTTP endpoint that records every request and answers with `respond`. */
class HttpReceiver {
  readonly requests: Received[] = [];
  respond: (req: Received) => { status: number; body: string } = () => ({ status: 200, body: '{}' });
  #server: Server | null = null;
  port = 0;

  async start() {
    const server = createServer((req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const received = {
          method: req.method ?? '',
          contentType: req.headers['content-type'] ?? '',
          body: Buffer.concat(chunks).toString('utf8'),
        };
        this.requests.push(received);
        const answer = this.respond(received);
        res.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8' });
        res.end(answer.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    this.port = (server.address() as AddressInfo).port;
    this.#server = server;
  }

  async stop() {
    const server = this.#server;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  url(path = '/') {
    return `http://127.0.0.1:${this.port}${path}`;
  }
}

const SMSRU_API_ID = 'TEST-API-ID-0000-1111';

/** Answers like SMS.RU's /sms/send with json=1 (https://sms.ru/api/send). */
function smsRuAnswer(req: Received, numberStatus: 'OK' | 'ERROR' = 'OK') {
  const form = new URLSearchParams(req.body);
  if (form.get('api_id') !== SMSRU_API_ID) {
    return {
      status: 200,
      body: JSON.stringify({ status: 'ERROR', status_code: 200, status_text: 'Неправильный api_id' }),
    };
  }
  const to = form.get('to') ?? '';
  const perNumber =
    numberStatus === 'OK'
      ? { status: 'OK', status_code: 100, sms_id: '000000-10000001' }
      : {
          status: 'ERROR',
          status_code: 207,
          status_text: 'На этот номер (или один из номеров) нельзя отправлять сообщения',
        };
  return {
    status: 200,
    body: JSON.stringify({ status: 'OK', status_code: 100, sms: { [to]: perNumber }, balance: 4122.56 }),
  };
}

async function notification(t: TestApp, id: string) {
  const res = await t.app.inject({ method: 'GET', url: '/dev/outbox.json' });
  expect(res.statusCode).toBe(200);
  const found = (res.json() as { notifications: NotificationRow[] }).notifications.find((n) => n.id === id);
  if (!found) throw new Error(`notification ${id} not in /dev/outbox.json`);
  return found;
}

async function jobOf(t: TestApp, notificationId: string) {
  const rows = await t.db.query<{ state: string; last_error: string | null }>(
    "SELECT state, last_error FROM jobs WHERE kind = 'notification.send' AND payload->>'notification_id' = $1",
    [notificationId],
  );
  expect(rows).toHaveLength(1);
  return rows[0] as { state: string; last_error: string | null };
}

/** Collects the notification module's log lines (JSON on stdout) while a test runs. */
function captureLogs() {
  const lines: string[] = [];
  const original = process.stdout.write.bind(process.stdout);
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation(((chunk: string | Uint8Array) => {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    if (text.includes('"module":"notifications"')) lines.push(text);
    else original(chunk);
    return true;
  }) as typeof process.stdout.write);
  return { lines, restore: () => spy.mockRestore() };
}

const PHONE = '+79161234567';
const EMAIL = 'ivan.petrov@buyer.example';

describe.each(DB_KINDS)('notifications through real transports (SMTP, SMS HTTP) on %s', (kind) => {
  let t: TestApp;
  const smtp = new MailCatcher();
  const sms = new HttpReceiver();

  beforeAll(async () => {
    await smtp.start();
    await sms.start();
    t = await startTestApp(kind, {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'B2BPay <robot@b2bpay.test>',
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: sms.url('/send'),
      LOG_LEVEL: 'info',
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
    await sms.stop();
  });
  let logs: ReturnType<typeof captureLogs>;
  beforeAll(() => {
    logs = captureLogs();
  });
  afterAll(() => logs.restore());
  afterEach(() => {
    sms.respond = () => ({ status: 200, body: '{}' });
  });

  it('delivers an e-mail over SMTP: From from MAIL_FROM, To, Russian subject and text in UTF-8, HTML', async () => {
    const order = await createOrder(t);
    const mail = approvedEmail({
      orderNumber: order.order_number,
      shopName: 'ООО «Ромашка» & <Ко>',
      amountText: amountText(105060),
      link: `http://b2bpay.test/pay/${order.id}`,
    });
    const id = await t.db.transaction((tx) =>
      queueEmail(tx, { kind: 'approved', to: EMAIL, orderId: order.id, ...mail }, t.clock.now()),
    );
    expect(smtp.mails).toHaveLength(0);
    await t.worker.drain();

    expect(smtp.mails).toHaveLength(1);
    const got = smtp.mails[0] as CaughtMail;
    expect(got.envelopeFrom).toBe('robot@b2bpay.test');
    expect(got.envelopeTo).toEqual([EMAIL]);
    expect(got.parsed.from?.value).toEqual([{ name: 'B2BPay', address: 'robot@b2bpay.test' }]);
    expect(got.parsed.to).toMatchObject({ value: [{ address: EMAIL }] });
    expect(got.parsed.subject).toBe(`Рассрочка одобрена — заказ №${order.order_number}`);
    expect(got.parsed.text).toContain('Банк-партнёр одобрил рассрочку');
    expect(got.parsed.text).toContain('ООО «Ромашка» & <Ко>');
    expect(got.parsed.text).toContain('1\u00a0050,60\u00a0₽');
    expect(got.parsed.html).toContain('ООО «Ромашка» &amp; &lt;Ко&gt;');
    expect(got.parsed.html).not.toContain('<Ко>');
    expect(got.raw).toMatch(/charset=utf-8/i);

    const row = await notification(t, id);
    expect(row).toMatchObject({
      channel: 'email',
      kind: 'approved',
      order_id: order.id,
      status: 'sent',
      transport: 'smtp',
      attempts: 1,
      last_error: null,
      sent_at: t.clock.now().toISOString(),
    });
    expect((await jobOf(t, id)).state).toBe('done');
  });

  it('delivers an SMS by POSTing JSON {to, text} to SMS_HTTP_URL', async () => {
    const before = sms.requests.length;
    const id = await t.db.transaction((tx) =>
      queueSms(
        tx,
        { kind: 'reminder', to: '8 (916) 123-45-67', orderId: null, text: 'B2BPay: напоминание' },
        t.clock.now(),
      ),
    );
    await t.worker.drain();
    const sent = sms.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.contentType).toMatch(/^application\/json/);
    expect(JSON.parse(sent[0]?.body ?? '')).toEqual({ to: PHONE, text: 'B2BPay: напоминание' });
    expect(await notification(t, id)).toMatchObject({ status: 'sent', transport: 'http', recipient: PHONE });
  });

  it('does not send twice when its job runs again (a job re-claimed after a crash)', async () => {
    const before = sms.requests.length;
    const id = await t.db.transaction((tx) =>
      queueSms(tx, { kind: 'approved', to: PHONE, orderId: null, text: 'B2BPay: одобрено' }, t.clock.now()),
    );
    await t.worker.drain();
    await t.db.transaction((tx) => enqueue(tx, sendNotificationJob, { notification_id: id }, t.clock.now()));
    await t.worker.drain();
    expect(sms.requests.length - before).toBe(1);
    expect(await notification(t, id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('queues nothing when the caller’s transaction rolls back', async () => {
    const before = (await t.db.query('SELECT id FROM notifications')).length;
    const jobsBefore = (await t.db.query('SELECT id FROM jobs')).length;
    await expect(
      t.db.transaction(async (tx) => {
        await queueSms(
          tx,
          { kind: 'code', to: PHONE, orderId: null, text: codeSms('654321') },
          t.clock.now(),
        );
        throw new Error('the caller failed');
      }),
    ).rejects.toThrow('the caller failed');
    expect(await t.db.query('SELECT id FROM notifications')).toHaveLength(before);
    expect(await t.db.query('SELECT id FROM jobs')).toHaveLength(jobsBefore);
  });

  it('scrubs one-time codes from the stored texts after a real send (e-mail and SMS)', async () => {
    const mailsBefore = smtp.mails.length;
    const smsBefore = sms.requests.length;
    const [emailId, smsId] = await t.db.transaction(async (tx) => [
      await queueEmail(tx, { kind: 'code', to: EMAIL, orderId: null, ...codeEmail('482915') }, t.clock.now()),
      await queueSms(tx, { kind: 'code', to: PHONE, orderId: null, text: codeSms('731604') }, t.clock.now()),
    ]);
    await t.worker.drain();

    const got = smtp.mails[mailsBefore] as CaughtMail;
    expect(got.parsed.subject).toBe('B2BPay: код подтверждения');
    expect(got.parsed.text).toContain('482915');
    expect(got.parsed.html).toContain('482915');
    expect(JSON.parse(sms.requests[smsBefore]?.body ?? '').text).toBe(
      'B2BPay: код подтверждения 731604. Никому его не сообщайте.',
    );

    const email = await notification(t, emailId as string);
    expect(email.status).toBe('sent');
    expect(email.body).not.toContain('482915');
    expect(email.body).toContain('••••••');
    expect(email.html).not.toContain('482915');
    expect(email.html).toContain('••••••');
    const stored = await t.db.query<{ body: string }>('SELECT body FROM notifications WHERE id = $1', [
      smsId,
    ]);
    expect(stored[0]?.body).toBe('B2BPay: код подтверждения ••••••. Никому его не сообщайте.');

    // Neither the code nor the full address or number went to the logs.
    const logged = logs.lines.join('');
    expect(logged).toContain('i***@buyer.example');
    expect(logged).toContain('+7 *** ***-**-67');
    for (const secret of ['482915', '731604', EMAIL, PHONE, '9161234567'])
      expect(logged).not.toContain(secret);
  });

  it('retries an e-mail while the SMTP server is down, on the schedule, and delivers it once it is back', async () => {
    await smtp.stop();
    const mailsBefore = smtp.mails.length;
    const id = await t.db.transaction((tx) =>
      queueEmail(tx, { kind: 'code', to: EMAIL, orderId: null, ...codeEmail('205817') }, t.clock.now()),
    );
    await t.worker.drain();
    const first = await notification(t, id);
    expect(first).toMatchObject({ status: 'pending', attempts: 1 });
    expect(first.last_error).toMatch(/ECONNREFUSED/);
    expect(first.next_attempt_at).toBe(new Date(t.clock.now().getTime() + 10_000).toISOString());
    expect(await jobOf(t, id)).toMatchObject({ state: 'pending' });

    // Not due yet: nothing runs.
    t.clock.advance(9_999);
    await t.worker.drain();
    expect((await notification(t, id)).attempts).toBe(1);

    t.clock.advance(1);
    await t.worker.drain();
    const second = await notification(t, id);
    expect(second).toMatchObject({ status: 'pending', attempts: 2 });
    expect(second.next_attempt_at).toBe(new Date(t.clock.now().getTime() + 30_000).toISOString());

    await smtp.start();
    t.clock.advance(30_000);
    await t.worker.drain();
    expect(await notification(t, id)).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
    expect(smtp.mails.slice(mailsBefore)).toHaveLength(1);
    expect(smtp.mails[mailsBefore]?.parsed.text).toContain('205817');
    expect((await notification(t, id)).body).not.toContain('205817');
    expect((await jobOf(t, id)).state).toBe('done');
  });

  it('gives up after the whole schedule: the SMS is failed, kept and shown with its error at /dev/outbox', async () => {
    const before = sms.requests.length;
    // A gateway that echoes the number back in its error must not put it on display or in the logs.
    sms.respond = (req) => ({ status: 500, body: `cannot deliver to ${JSON.parse(req.body).to}` });
    const id = await t.db.transaction((tx) =>
      queueSms(
        tx,
        { kind: 'reminder', to: PHONE, orderId: null, text: 'B2BPay: напоминание' },
        t.clock.now(),
      ),
    );
    for (const [i, delay] of NOTIFICATION_RETRY_SCHEDULE_MS.entries()) {
      await t.worker.drain();
      const row = await notification(t, id);
      expect(row).toMatchObject({ status: 'pending', attempts: i + 1 });
      expect(row.next_attempt_at).toBe(new Date(t.clock.now().getTime() + delay).toISOString());
      t.clock.advance(delay);
    }
    await t.worker.drain();
    expect(sms.requests.length - before).toBe(NOTIFICATION_RETRY_SCHEDULE_MS.length + 1);

    const failed = await notification(t, id);
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: NOTIFICATION_RETRY_SCHEDULE_MS.length + 1,
      next_attempt_at: null,
      sent_at: null,
    });
    expect(failed.last_error).toBe('SMS-шлюз ответил HTTP 500: cannot deliver to +7 *** ***-**-67');
    expect(await jobOf(t, id)).toEqual({ state: 'failed', last_error: failed.last_error });

    // Nothing more happens later on.
    t.clock.advance(24 * 3_600_000);
    await t.worker.drain();
    expect(sms.requests.length - before).toBe(NOTIFICATION_RETRY_SCHEDULE_MS.length + 1);

    const page = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html; charset=utf-8/);
    expect(page.body).toContain('не доставлено');
    expect(page.body).toContain('SMS-шлюз ответил HTTP 500: cannot deliver to +7 *** ***-**-67');
    expect(page.body).toMatch(/<td>7<\/td>/);
    expect(logs.lines.join('')).not.toContain('9161234567');
  });

  it('retries an SMS after a 500 and delivers it when the receiver recovers', async () => {
    sms.respond = () => ({ status: 500, body: 'temporary trouble' });
    const id = await t.db.transaction((tx) =>
      queueSms(tx, { kind: 'approved', to: PHONE, orderId: null, text: 'B2BPay: одобрено' }, t.clock.now()),
    );
    await t.worker.drain();
    expect(await notification(t, id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: 'SMS-шлюз ответил HTTP 500: temporary trouble',
    });
    sms.respond = () => ({ status: 202, body: '' });
    t.clock.advance(10_000);
    await t.worker.drain();
    expect(await notification(t, id)).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
  });

  it('fails a message with a malformed recipient at once, without sending it anywhere', async () => {
    const mailsBefore = smtp.mails.length;
    const id = await t.db.transaction((tx) =>
      queueEmail(
        tx,
        { kind: 'approved', to: 'a@x.ru,victim@else.example', orderId: null, subject: 'Тема', text: 'Текст' },
        t.clock.now(),
      ),
    );
    await t.worker.drain();
    expect(await notification(t, id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: 'некорректный адрес e-mail',
    });
    expect(smtp.mails).toHaveLength(mailsBefore);
  });

  it('never sends an SMS to a number that is not a Russian mobile (one stored before the rule, say)', async () => {
    const before = sms.requests.length;
    const id = await t.db.transaction((tx) =>
      queueSms(
        tx,
        { kind: 'reminder', to: '+78095051234', orderId: null, text: 'B2BPay: напоминание' },
        t.clock.now(),
      ),
    );
    await t.worker.drain();
    expect(await notification(t, id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: 'номер не мобильный: СМС шлём только на +7 9XX',
    });
    expect(sms.requests.length).toBe(before);
  });
});

describe.each(DB_KINDS)('SMS through SMS.RU’s HTTP API on %s', (kind) => {
  let t: TestApp;
  const smsru = new HttpReceiver();
  let numberStatus: 'OK' | 'ERROR' = 'OK';

  beforeAll(async () => {
    await smsru.start();
    smsru.respond = (req) => smsRuAnswer(req, numberStatus);
    t = await startTestApp(kind, {
      SMS_PROVIDER: 'smsru',
      SMSRU_API_ID,
      SMSRU_URL: smsru.url('/sms/send'),
    });
  });
  afterAll(async () => {
    await t.close();
    await smsru.stop();
  });

  it('POSTs api_id, the number as digits, msg and json=1 as a form, and records the send', async () => {
    const id = await t.db.transaction((tx) =>
      queueSms(tx, { kind: 'code', to: PHONE, orderId: null, text: codeSms('918273') }, t.clock.now()),
    );
    await t.worker.drain();
    expect(smsru.requests).toHaveLength(1);
    const req = smsru.requests[0] as Received;
    expect(req.method).toBe('POST');
    expect(req.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(new URLSearchParams(req.body))).toEqual({
      api_id: SMSRU_API_ID,
      to: '79161234567',
      msg: 'B2BPay: код подтверждения 918273. Никому его не сообщайте.',
      json: '1',
    });
    const row = await notification(t, id);
    expect(row).toMatchObject({ status: 'sent', transport: 'smsru', attempts: 1 });
    expect(row.body).toBe('B2BPay: код подтверждения ••••••. Никому его не сообщайте.');
  });

  it('treats a per-number ERROR in an "OK" answer as a failure, retries, and sends once the number is accepted', async () => {
    numberStatus = 'ERROR';
    const before = smsru.requests.length;
    const id = await t.db.transaction((tx) =>
      queueSms(
        tx,
        { kind: 'reminder', to: PHONE, orderId: null, text: 'B2BPay: напоминание' },
        t.clock.now(),
      ),
    );
    await t.worker.drain();
    const row = await notification(t, id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.last_error).toBe(
      'SMS.RU не принял сообщение: 207: На этот номер (или один из номеров) нельзя отправлять сообщения',
    );
    numberStatus = 'OK';
    t.clock.advance(10_000);
    await t.worker.drain();
    expect(await notification(t, id)).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    expect(smsru.requests.length - before).toBe(2);
  });

  it('treats a refusal of the request itself (wrong api_id) as a failure', async () => {
    const id = await t.db.transaction((tx) =>
      queueSms(
        tx,
        { kind: 'reminder', to: PHONE, orderId: null, text: 'B2BPay: напоминание' },
        t.clock.now(),
      ),
    );
    smsru.respond = () => ({
      status: 200,
      body: JSON.stringify({ status: 'ERROR', status_code: 200, status_text: 'Неправильный api_id' }),
    });
    await t.worker.drain();
    expect(await notification(t, id)).toMatchObject({
      status: 'pending',
      last_error: 'SMS.RU отказал: 200: Неправильный api_id',
    });
    smsru.respond = () => ({ status: 502, body: '<html>Bad Gateway</html>' });
    t.clock.advance(10_000);
    await t.worker.drain();
    expect(await notification(t, id)).toMatchObject({
      status: 'pending',
      attempts: 2,
      last_error: 'SMS.RU: неожиданный ответ HTTP 502',
    });
    smsru.respond = (req) => smsRuAnswer(req, 'OK');
    t.clock.advance(30_000);
    await t.worker.drain();
    expect(await notification(t, id)).toMatchObject({ status: 'sent', attempts: 3 });
  });
});

describeApi('the development outbox', { env: { LOG_LEVEL: 'info' } }, (t) => {
  let logs: ReturnType<typeof captureLogs>;
  beforeAll(async () => {
    logs = captureLogs();
  });
  afterAll(async () => {
    logs.restore();
  });

  it('without SMTP_URL and with SMS_PROVIDER=console the stored row is the delivery, codes kept', async () => {
    const [emailId, smsId] = await t.db.transaction(async (tx) => [
      await queueEmail(tx, { kind: 'code', to: EMAIL, orderId: null, ...codeEmail('102938') }, t.clock.now()),
      await queueSms(tx, { kind: 'code', to: PHONE, orderId: null, text: codeSms('564738') }, t.clock.now()),
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/dev/outbox.json' })).json()).toMatchObject({
      notifications: [
        { id: smsId, status: 'pending', attempts: 0 },
        { id: emailId, status: 'pending', attempts: 0 },
      ],
    });
    await t.worker.drain();

    const email = await notification(t, emailId as string);
    expect(email).toMatchObject({
      channel: 'email',
      kind: 'code',
      recipient: EMAIL,
      subject: 'B2BPay: код подтверждения',
      status: 'sent',
      transport: 'outbox',
      attempts: 1,
    });
    expect(email.body).toContain('102938');
    expect(email.html).toContain('102938');
    expect(await notification(t, smsId as string)).toMatchObject({
      channel: 'sms',
      recipient: PHONE,
      body: 'B2BPay: код подтверждения 564738. Никому его не сообщайте.',
      status: 'sent',
      transport: 'outbox',
    });

    const page = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Исходящие сообщения');
    expect(page.body).toContain('564738');
    expect(page.body).toContain(EMAIL);
    expect(page.body).toContain('отправлено (dev-outbox)');

    // One line per delivery, with masked contacts and no code.
    const logged = logs.lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(logged.map((l) => [l.notification, l.to, l.transport])).toEqual([
      [emailId, 'i***@buyer.example', 'outbox'],
      [smsId, '+7 *** ***-**-67', 'outbox'],
    ]);
    for (const secret of ['102938', '564738', EMAIL, '9161234567'])
      expect(logs.lines.join('')).not.toContain(secret);
  });

  it('escapes what it shows and lists the newest first, at most 100', async () => {
    await t.db.transaction(async (tx) => {
      for (let i = 0; i < 105; i++) {
        await queueEmail(
          tx,
          { kind: 'approved', to: `b${i}@buyer.example`, orderId: null, subject: `<b>№${i}</b>`, text: 'x' },
          t.clock.now(),
        );
      }
    });
    const json = (await t.app.inject({ method: 'GET', url: '/dev/outbox.json' })).json() as {
      notifications: NotificationRow[];
    };
    expect(json.notifications).toHaveLength(100);
    expect(json.notifications[0]?.subject).toBe('<b>№104</b>');
    expect(json.notifications[99]?.subject).toBe('<b>№5</b>');
    const page = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(page.body).toContain('&lt;b&gt;№104&lt;/b&gt;');
    expect(page.body).not.toContain('<b>№104</b>');
  });

  it('keeps the outbox out of the API description', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(spec.paths).length).toBeGreaterThan(0);
    expect(Object.keys(spec.paths).filter((p) => p.startsWith('/dev'))).toEqual([]);
  });
});

describeApi('the development outbox in production', { env: PRODUCTION_ENV }, (t) => {
  it('does not exist: 404 for the page and the JSON', async () => {
    await t.db.transaction((tx) =>
      queueSms(tx, { kind: 'code', to: PHONE, orderId: null, text: codeSms('111222') }, t.clock.now()),
    );
    for (const url of ['/dev/outbox', '/dev/outbox.json']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('111222');
    }
  });
});
