import { randomUUID } from 'node:crypto';
import type { CabinetRole } from '@b2bpay/domain';
import { confirmUser, ensureUser, insertMember } from '../../src/modules/cabinet/cabinet.repository';
import { hashPassword } from '../../src/modules/cabinet/passwords';
import type { TestApp } from './test-app';

/** An INN the offline company directory knows (apps/api/data/ru-companies.csv). */
export const KNOWN_INN = '7744001497';
export const KNOWN_COMPANY = '«Газпромбанк» (АО)';
export const PASSWORD = 'Длинный-пароль-для-теста';

/** The last letter sent to an address (the outbox keeps it as stored), and the link token in it. */
export async function lastLetter(t: TestApp, to: string) {
  const rows = await t.db.query<{ kind: string; subject: string; body: string }>(
    'SELECT kind, subject, body FROM notifications WHERE recipient = $1 ORDER BY seq DESC LIMIT 1',
    [to],
  );
  const letter = rows[0];
  if (!letter) throw new Error(`no letter to ${to}`);
  return { ...letter, token: /[?&]token=([A-Za-z0-9]+)/.exec(letter.body)?.[1] ?? null };
}

export async function letterCount(t: TestApp, to: string) {
  const rows = await t.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM notifications WHERE recipient = $1',
    [to],
  );
  return Number(rows[0]?.n ?? 0);
}

/** A session as the browser holds it: the cookie header and the CSRF token. */
export interface Login {
  cookie: { cookie: string };
  csrf: string;
  userId: string;
  /** Headers of a shop operation made with this session on `shopId`. */
  on(shopId: string): Record<string, string>;
}

export function sessionOf(res: { cookies: { name: string; value: string }[]; json(): unknown }): Login {
  const cookie = res.cookies.find((c) => c.name === 'b2bpay_session');
  if (!cookie) throw new Error('no session cookie');
  const body = res.json() as { csrf_token: string; user: { id: string } };
  const header = { cookie: `b2bpay_session=${cookie.value}` };
  return {
    cookie: header,
    csrf: body.csrf_token,
    userId: body.user.id,
    on: (shopId) => ({ ...header, 'x-shop-id': shopId, 'x-csrf-token': body.csrf_token }),
  };
}

/** Signs up, confirms by the letter's link: the owner's session and the new shop. */
export async function registerOwner(t: TestApp, email: string, name = 'Анна Владелец') {
  const signup = await t.app.inject({
    method: 'POST',
    url: '/api/cabinet/signup',
    payload: { email, password: PASSWORD, name, company: { inn: KNOWN_INN } },
  });
  if (signup.statusCode !== 202) throw new Error(`signup ${signup.statusCode}: ${signup.body}`);
  const { token } = await lastLetter(t, email);
  const res = await t.app.inject({ method: 'POST', url: '/api/cabinet/confirm', payload: { token } });
  if (res.statusCode !== 200) throw new Error(`confirm ${res.statusCode}: ${res.body}`);
  const body = res.json() as { created_shop: { id: string; secret_key: string; test_secret_key: string } };
  const shop = body.created_shop;
  return {
    ...sessionOf(res),
    shopId: shop.id,
    secretKey: shop.secret_key,
    testSecretKey: shop.test_secret_key,
  };
}

export async function loginAs(t: TestApp, email: string, password = PASSWORD) {
  const res = await t.app.inject({ method: 'POST', url: '/api/cabinet/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login ${res.statusCode}: ${res.body}`);
  return sessionOf(res);
}

/**
 * A confirmed member of the shop with this role, made directly in the tables (the team's own
 * invitation flow has its tests): the tests of other rules need people in every role quickly.
 */
export async function addMember(t: TestApp, shopId: string, email: string, role: CabinetRole) {
  const now = t.clock.now();
  const userId = await ensureUser(
    t.db,
    { id: randomUUID(), email, name: `Сотрудник ${role}`, password_hash: await memberPasswordHash() },
    now,
  );
  await confirmUser(t.db, userId, {}, now);
  await insertMember(t.db, { shopId, userId, role }, now);
  return loginAs(t, email);
}

let memberHash: Promise<string> | undefined;
const memberPasswordHash = () => {
  memberHash ??= hashPassword(PASSWORD);
  return memberHash;
};
