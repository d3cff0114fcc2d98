import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { setSessionCookie } from './cookies';

async function cookieFor(nodeEnv: 'production' | 'development') {
  const app = Fastify();
  await app.register(cookie);
  app.get('/', async (_request, reply) => {
    setSessionCookie(reply, { NODE_ENV: nodeEnv, CABINET_SESSION_ABSOLUTE: 30 * 86_400_000 }, 'abc');
    return {};
  });
  const res = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return String(res.headers['set-cookie']);
}

describe('the session cookie', () => {
  it('is HttpOnly, SameSite=Lax, Path=/, lives as long as the session, and Secure in production', async () => {
    const production = await cookieFor('production');
    expect(production).toBe('b2bpay_session=abc; Max-Age=2592000; Path=/; HttpOnly; Secure; SameSite=Lax');
    expect(await cookieFor('development')).not.toContain('Secure');
  });
});
