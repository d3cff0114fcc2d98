import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { startSmtpSink } from '@b2bpay/test-sinks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { KNOWN_INN, PASSWORD, sessionOf } from './support/cabinet';
import { describeApi } from './support/describe-api';
import { startTestApp, type TestApp } from './support/test-app';

describe('cabinet letters through SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await startTestApp('pglite', { SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  const signup = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/cabinet/signup',
      payload: {
        email: 'mailed@shop.example',
        password: PASSWORD,
        name: 'Анна',
        company: { inn: KNOWN_INN },
      },
    });

  it('sign-up → letter → confirm by its link; the stored copy keeps no usable token', async () => {
    expect((await signup()).statusCode).toBe(202);
    await t.worker.drain();
    const mail = smtp.mails.find((m) => m.to.includes('mailed@shop.example'));
    expect(mail?.subject).toBe('B2BPay: подтвердите адрес e-mail');
    const token = /\/cabinet\/confirm\?token=([A-Za-z0-9]+)/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeTruthy();
    const stored = await t.db.query<{ body: string; html: string }>(
      "SELECT body, html FROM notifications WHERE kind = 'cabinet_confirm'",
    );
    expect(stored[0]?.body).not.toContain(token);
    expect(stored[0]?.html).not.toContain(token);
    const confirmed = await t.app.inject({ method: 'POST', url: '/api/cabinet/confirm', payload: { token } });
    expect(confirmed.statusCode).toBe(200);

    expect((await signup()).statusCode).toBe(202);
    await t.worker.drain();
    const second = smtp.mails.filter((m) => m.to.includes('mailed@shop.example')).at(-1);
    expect(second?.subject).toBe('B2BPay: вы уже зарегистрированы');
    expect(second?.text).toContain('http://b2bpay.test/cabinet/forgot');
  });
});

describeApi('what the log keeps of the cabinet', (t) => {
  it('never a password, a session id, a CSRF token or a link token', async () => {
    const chunks: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        chunks.push(String(chunk));
        done();
      },
    });
    const app = await buildApp(
      { config: t.config, db: t.db, clock: t.clock },
      { logger: { level: 'trace', stream } },
    );
    try {
      const email = 'logged@shop.example';
      const body = { email, password: PASSWORD, name: 'Анна', company: { inn: KNOWN_INN } };
      await app.inject({
        method: 'POST',
        url: '/api/cabinet/signup',
        payload: { ...body, company: { inn: '1' } },
      });
      await app.inject({ method: 'POST', url: '/api/cabinet/signup', payload: body });
      const letter = await t.db.query<{ body: string }>(
        'SELECT body FROM notifications WHERE recipient = $1',
        [email],
      );
      const token = /token=([A-Za-z0-9]+)/.exec(letter[0]?.body ?? '')?.[1] ?? '';
      const confirmed = await app.inject({
        method: 'POST',
        url: `/api/cabinet/confirm?token=${token}`,
        payload: { token },
      });
      await app.inject({
        method: 'POST',
        url: '/api/cabinet/login',
        payload: { email, password: `${PASSWORD}x` },
      });
      const login = sessionOf(
        await app.inject({
          method: 'POST',
          url: '/api/cabinet/login',
          payload: { email, password: PASSWORD },
        }),
      );
      await app.inject({ method: 'GET', url: '/api/cabinet/me', headers: login.cookie });
      await app.inject({
        method: 'POST',
        url: '/api/cabinet/logout',
        headers: { ...login.cookie, 'x-csrf-token': login.csrf },
      });
      const log = chunks.join('');
      expect(log).toContain('/api/cabinet/login');
      const cookieValue = login.cookie.cookie.split('=')[1] ?? '';
      const confirmCookie = sessionOf(confirmed).cookie.cookie.split('=')[1] ?? '';
      for (const secret of [PASSWORD, token, cookieValue, confirmCookie, login.csrf]) {
        expect(secret.length).toBeGreaterThan(9);
        expect(log).not.toContain(secret);
      }
    } finally {
      await app.close();
    }
  });
});

const redisUrl = process.env.REDIS_TEST_URL;
describe.runIf(redisUrl)('log-in throttling shared through Redis by two API processes', () => {
  let a: TestApp;
  let b: TestApp;
  const env = { REDIS_URL: redisUrl ?? '', REDIS_TIMEOUT_MS: '2000', LOGIN_FAILURES_PER_ACCOUNT: '4' };
  beforeAll(async () => {
    a = await startTestApp('pglite', env);
    b = await startTestApp('pglite', env);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('counts one account’s failures over both processes', async () => {
    // Redis outlives the test: a fresh address each run.
    const email = `shared-${randomBytes(6).toString('hex')}@shop.example`;
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const app = i % 2 === 0 ? a.app : b.app;
      const res = await app.inject({
        method: 'POST',
        url: '/api/cabinet/login',
        headers: { 'x-forwarded-for': `10.1.2.${i + 1}` },
        payload: { email, password: 'wrong-password' },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 401, 429]);
  });
});
