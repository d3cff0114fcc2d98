import { CABINET_MESSAGES } from '@b2bpay/domain';
import { expect, it } from 'vitest';
import {
  KNOWN_COMPANY,
  KNOWN_INN,
  lastLetter,
  letterCount,
  loginAs,
  PASSWORD,
  registerOwner,
  sessionOf,
} from './support/cabinet';
import { describeApi } from './support/describe-api';
import { errorOf } from './support/test-app';

const HOUR = 3_600_000;

describeApi(
  'cabinet accounts: sign-up, confirmation, log-in, sessions, password reset',
  { env: { LOGIN_FAILURES_PER_ACCOUNT: '5', LOGIN_FAILURES_PER_ADDRESS: '8' } },
  (t) => {
    const signup = (email: string, extra: object = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/cabinet/signup',
        payload: { email, password: PASSWORD, name: 'Анна', company: { inn: KNOWN_INN }, ...extra },
      });
    const me = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/cabinet/me', headers });

    it('answers a known and an unknown address identically; each gets its own letter', async () => {
      await registerOwner(t, 'known@shop.example');
      const known = await signup('known@shop.example');
      const unknown = await signup('fresh@shop.example');
      expect(known.statusCode).toBe(202);
      expect(unknown.statusCode).toBe(202);
      expect(known.body).toBe(unknown.body);
      expect(known.json()).toEqual({ status: 'sent' });
      expect(Object.keys(known.headers).sort()).toEqual(Object.keys(unknown.headers).sort());
      const toKnown = await lastLetter(t, 'known@shop.example');
      expect(toKnown.kind).toBe('cabinet_registered');
      expect(toKnown.body).toContain('http://b2bpay.test/cabinet/login');
      expect(toKnown.body).toContain('http://b2bpay.test/cabinet/forgot');
      expect(toKnown.token).toBeNull();
      const toFresh = await lastLetter(t, 'fresh@shop.example');
      expect(toFresh.kind).toBe('cabinet_confirm');
      expect(toFresh.body).toContain('http://b2bpay.test/cabinet/confirm?token=');
    });

    it('sends one address at most 5 sign-up and reset letters an hour, answering the same 202', async () => {
      await registerOwner(t, 'flooded@shop.example');
      for (let i = 0; i < 6; i++) {
        const res = await signup('flooded@shop.example');
        expect(res.statusCode).toBe(202);
        expect(res.json()).toEqual({ status: 'sent' });
      }
      const forgot = await t.app.inject({
        method: 'POST',
        url: '/api/cabinet/password/forgot',
        payload: { email: 'flooded@shop.example' },
      });
      expect(forgot.statusCode).toBe(202);
      // The first sign-up's confirmation, then four more letters: five.
      expect(await letterCount(t, 'flooded@shop.example')).toBe(5);
    });

    it('refuses bad input with field-level 400s', async () => {
      const cases: [object, string, string][] = [
        [{ email: 'not-an-email' }, 'email', CABINET_MESSAGES.emailInvalid],
        [{ password: 'short' }, 'password', CABINET_MESSAGES.passwordTooShort],
        [{ password: 'qwertyuiop' }, 'password', CABINET_MESSAGES.passwordLeaked],
        [{ password: 'Password123' }, 'password', CABINET_MESSAGES.passwordLeaked],
        [{ company: { inn: '7744001498' } }, 'company.inn', 'Неверный ИНН'],
        [{ name: '   ' }, 'name', CABINET_MESSAGES.nameRequired],
      ];
      for (const [patch, field, message] of cases) {
        const res = await signup('bad@shop.example', patch);
        expect(res.statusCode, JSON.stringify(patch)).toBe(400);
        const error = errorOf(res);
        expect(error.code).toBe('VALIDATION_ERROR');
        expect(error.field, JSON.stringify(patch)).toBe(field);
        expect(error.message, JSON.stringify(patch)).toContain(message);
      }
      expect(await letterCount(t, 'bad@shop.example')).toBe(0);
    });

    it('confirms once: the shop is named from the INN, its owner is logged in; the link then is 410', async () => {
      await signup('owner1@shop.example');
      const { token } = await lastLetter(t, 'owner1@shop.example');
      const res = await t.app.inject({ method: 'POST', url: '/api/cabinet/confirm', payload: { token } });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.user).toMatchObject({ email: 'owner1@shop.example', name: 'Анна' });
      expect(body.created_shop.name).toBe(KNOWN_COMPANY);
      expect(body.created_shop.secret_key).toMatch(/^sk_live_/);
      expect(body.shops).toEqual([
        { id: body.created_shop.id, name: KNOWN_COMPANY, role: 'owner', test_shop_id: expect.any(String) },
      ]);
      // The test twin's id is the one the shop's test orders carry.
      const testOrder = await t.app.inject({
        method: 'POST',
        url: '/api/order/orders',
        headers: { authorization: `Bearer ${body.created_shop.test_secret_key}` },
        payload: { products: [{ name: 'Бумага', price: 10, quantity: 1 }] },
      });
      expect(testOrder.statusCode, testOrder.body).toBe(200);
      expect(testOrder.json().shop_id).toBe(body.shops[0].test_shop_id);
      expect(body.shops[0].test_shop_id).not.toBe(body.created_shop.id);
      const cookie = res.headers['set-cookie'] as string;
      expect(cookie).toMatch(/^b2bpay_session=[A-Za-z0-9]{43};/);
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Lax');
      expect(cookie).toContain('Path=/');
      expect(cookie).not.toContain('Secure');
      // The key made works, and the session sees the same shop.
      const orders = await t.app.inject({
        method: 'GET',
        url: '/api/order/orders',
        headers: { authorization: `Bearer ${body.created_shop.secret_key}` },
      });
      expect(orders.statusCode).toBe(200);
      expect((await me(sessionOf(res).cookie)).json().shops[0].id).toBe(body.created_shop.id);

      const again = await t.app.inject({ method: 'POST', url: '/api/cabinet/confirm', payload: { token } });
      expect(again.statusCode).toBe(410);
      expect(errorOf(again)).toMatchObject({
        code: 'LINK_EXPIRED',
        message: CABINET_MESSAGES.linkUsedOrExpired,
      });
    });

    it('falls back to the company name given at sign-up for an INN the directory does not know', async () => {
      await signup('owner2@shop.example', { company: { inn: '500100732259', name: 'ИП Петров' } });
      const { token } = await lastLetter(t, 'owner2@shop.example');
      const res = await t.app.inject({ method: 'POST', url: '/api/cabinet/confirm', payload: { token } });
      expect(res.json().created_shop.name).toBe('ИП Петров');
    });

    it('makes one shop per sign-up: a second link of the same address is 410 once one is used', async () => {
      await signup('twice-signed@shop.example');
      const first = await lastLetter(t, 'twice-signed@shop.example');
      await signup('twice-signed@shop.example');
      const second = await lastLetter(t, 'twice-signed@shop.example');
      expect(second.token).not.toBe(first.token);
      const used = await t.app.inject({
        method: 'POST',
        url: '/api/cabinet/confirm',
        payload: { token: second.token },
      });
      expect(used.statusCode).toBe(200);
      const other = await t.app.inject({
        method: 'POST',
        url: '/api/cabinet/confirm',
        payload: { token: first.token },
      });
      expect(other.statusCode).toBe(410);
      expect(used.json().shops).toHaveLength(1);
    });

    it('a sign-up confirmed after a password reset makes the shop and keeps the new password', async () => {
      await signup('reset-first@shop.example');
      const confirmLink = await lastLetter(t, 'reset-first@shop.example');
      await t.app.inject({
        method: 'POST',
        url: '/api/cabinet/password/forgot',
        payload: { email: 'reset-first@shop.example' },
      });
      const resetLink = await lastLetter(t, 'reset-first@shop.example');
      const reset = await t.app.inject({
        method: 'POST',
        url: '/api/cabinet/password/reset',
        payload: { token: resetLink.token, password: 'Пароль-после-сброса-1' },
      });
      expect(reset.statusCode).toBe(204);
      const confirmed = await t.app.inject({
        method: 'POST',
        url: '/api/cabinet/confirm',
        payload: { token: confirmLink.token },
      });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json().shops).toHaveLength(1);
      await loginAs(t, 'reset-first@shop.example', 'Пароль-после-сброса-1');
    });

    it('a confirmation link expires after 24 hours', async () => {
      await signup('late@shop.example');
      const { token } = await lastLetter(t, 'late@shop.example');
      t.clock.advance(24 * HOUR + 1000);
      const res = await t.app.inject({ method: 'POST', url: '/api/cabinet/confirm', payload: { token } });
      expect(res.statusCode).toBe(410);
    });

    it('one 401 text for an unknown address, a wrong password and an unconfirmed account', async () => {
      await registerOwner(t, 'login@shop.example');
      await signup('unconfirmed@shop.example');
      const attempts = [
        { email: 'nobody@shop.example', password: PASSWORD },
        { email: 'login@shop.example', password: 'wrong-password-1' },
        { email: 'unconfirmed@shop.example', password: PASSWORD },
      ];
      for (const payload of attempts) {
        const res = await t.app.inject({ method: 'POST', url: '/api/cabinet/login', payload });
        expect(res.statusCode, payload.email).toBe(401);
        expect(errorOf(res).message).toBe('Неверный e-mail или пароль');
        expect(res.headers['set-cookie']).toBeUndefined();
      }
      const ok = await loginAs(t, 'LOGIN@shop.example');
      expect((await me(ok.cookie)).statusCode).toBe(200);
    });

    it('gives a new session id at every log-in', async () => {
      await registerOwner(t, 'twice@shop.example');
      const first = await loginAs(t, 'twice@shop.example');
      const second = await loginAs(t, 'twice@shop.example');
      expect(first.cookie.cookie).not.toBe(second.cookie.cookie);
      expect(first.csrf).not.toBe(second.csrf);
      // Logging in from a browser that holds a session ends that session.
      const third = await t.app.inject({
        method: 'POST',
        url: '/api/cabinet/login',
        headers: first.cookie,
        payload: { email: 'twice@shop.example', password: PASSWORD },
      });
      expect(third.statusCode).toBe(200);
      expect((await me(first.cookie)).statusCode).toBe(401);
      expect((await me(sessionOf(third).cookie)).statusCode).toBe(200);
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/cabinet/sessions',
        headers: second.cookie,
      });
      const sessions = list.json().data as { id: string; current: boolean }[];
      expect(sessions.filter((s) => s.current)).toHaveLength(1);
      expect(sessions.length).toBeGreaterThanOrEqual(3);
    });

    it('throttles failed log-ins per account: 429 with Retry-After, even with the right password', async () => {
      await registerOwner(t, 'throttled@shop.example');
      for (let i = 0; i < 5; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/cabinet/login',
          headers: { 'x-forwarded-for': `10.0.0.${i + 1}` },
          payload: { email: 'throttled@shop.example', password: `wrong-password-${i}` },
        });
        expect(res.statusCode).toBe(401);
      }
      const blocked = await t.app.inject({
        method: 'POST',
        url: '/api/cabinet/login',
        headers: { 'x-forwarded-for': '10.0.0.99' },
        payload: { email: 'throttled@shop.example', password: PASSWORD },
      });
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(errorOf(blocked).code).toBe('RATE_LIMITED');
    });

    it('throttles failed log-ins per client address over different accounts', async () => {
      const from = { 'x-forwarded-for': '10.9.9.9' };
      for (let i = 0; i < 8; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/cabinet/login',
          headers: from,
          payload: { email: `guess${i}@shop.example`, password: 'wrong-password' },
        });
        expect(res.statusCode).toBe(401);
      }
      const blocked = await t.app.inject({
        method: 'POST',
        url: '/api/cabinet/login',
        headers: from,
        payload: { email: 'guess-next@shop.example', password: 'wrong-password' },
      });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toBeDefined();
    });

    it('ends a session after 12 idle hours', async () => {
      await registerOwner(t, 'idle@shop.example');
      const login = await loginAs(t, 'idle@shop.example');
      t.clock.advance(11 * HOUR);
      expect((await me(login.cookie)).statusCode).toBe(200);
      t.clock.advance(11 * HOUR);
      expect((await me(login.cookie)).statusCode).toBe(200);
      t.clock.advance(12 * HOUR + 1000);
      const res = await me(login.cookie);
      expect(res.statusCode).toBe(401);
      expect(errorOf(res).message).toBe(CABINET_MESSAGES.sessionRequired);
    });

    it('ends every session at its absolute end, 30 days after log-in, however busy', async () => {
      await registerOwner(t, 'busy@shop.example');
      const login = await loginAs(t, 'busy@shop.example');
      let hours = 0;
      while (hours + 10 < 30 * 24) {
        t.clock.advance(10 * HOUR);
        hours += 10;
        expect((await me(login.cookie)).statusCode, `after ${hours} h`).toBe(200);
      }
      t.clock.advance(10 * HOUR);
      expect((await me(login.cookie)).statusCode).toBe(401);
    });

    it('logs out (CSRF-checked) and ends another session by id', async () => {
      await registerOwner(t, 'out@shop.example');
      const a = await loginAs(t, 'out@shop.example');
      const b = await loginAs(t, 'out@shop.example');
      const noToken = await t.app.inject({ method: 'POST', url: '/api/cabinet/logout', headers: a.cookie });
      expect(noToken.statusCode).toBe(403);
      expect(errorOf(noToken).code).toBe('CSRF_FAILED');
      const list = (
        await t.app.inject({ method: 'GET', url: '/api/cabinet/sessions', headers: a.cookie })
      ).json().data as { id: string; current: boolean }[];
      const other = list.find((s) => !s.current);
      const ended = await t.app.inject({
        method: 'DELETE',
        url: `/api/cabinet/sessions/${other?.id}`,
        headers: { ...a.cookie, 'x-csrf-token': a.csrf },
      });
      expect(ended.statusCode).toBe(204);
      const out = await t.app.inject({
        method: 'POST',
        url: '/api/cabinet/logout',
        headers: { ...a.cookie, 'x-csrf-token': a.csrf },
      });
      expect(out.statusCode).toBe(204);
      expect(out.headers['set-cookie']).toMatch(/^b2bpay_session=;/);
      expect((await me(a.cookie)).statusCode).toBe(401);
      // b was the other session or an older one: at least one of the two is gone.
      expect(list.length).toBeGreaterThanOrEqual(2);
      void b;
    });

    it('resets the password by a single-use link and ends every session', async () => {
      await registerOwner(t, 'reset@shop.example');
      const a = await loginAs(t, 'reset@shop.example');
      const b = await loginAs(t, 'reset@shop.example');
      const unknown = await t.app.inject({
        method: 'POST',
        url: '/api/cabinet/password/forgot',
        payload: { email: 'nobody-here@shop.example' },
      });
      const forgot = await t.app.inject({
        method: 'POST',
        url: '/api/cabinet/password/forgot',
        payload: { email: 'reset@shop.example' },
      });
      expect(forgot.statusCode).toBe(202);
      expect(forgot.body).toBe(unknown.body);
      const letter = await lastLetter(t, 'reset@shop.example');
      expect(letter.kind).toBe('cabinet_reset');
      expect(letter.body).toContain('http://b2bpay.test/cabinet/reset?token=');
      const reset = await t.app.inject({
        method: 'POST',
        url: '/api/cabinet/password/reset',
        payload: { token: letter.token, password: 'Новый-пароль-после-сброса' },
      });
      expect(reset.statusCode).toBe(204);
      expect((await me(a.cookie)).statusCode).toBe(401);
      expect((await me(b.cookie)).statusCode).toBe(401);
      await expect(loginAs(t, 'reset@shop.example')).rejects.toThrow(/401/);
      await loginAs(t, 'reset@shop.example', 'Новый-пароль-после-сброса');
      const reuse = await t.app.inject({
        method: 'POST',
        url: '/api/cabinet/password/reset',
        payload: { token: letter.token, password: 'Ещё-один-пароль-2026' },
      });
      expect(reuse.statusCode).toBe(410);
    });

    it('a reset link expires after an hour', async () => {
      await registerOwner(t, 'reset-late@shop.example');
      await t.app.inject({
        method: 'POST',
        url: '/api/cabinet/password/forgot',
        payload: { email: 'reset-late@shop.example' },
      });
      const { token } = await lastLetter(t, 'reset-late@shop.example');
      t.clock.advance(HOUR + 1000);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/cabinet/password/reset',
        payload: { token, password: 'Новый-пароль-после-сброса' },
      });
      expect(res.statusCode).toBe(410);
    });
  },
);
