import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShop } from '../../src/modules/shops';
import { startTestApp, type TestApp } from '../support/test-app';
import { type ApiProc, startApi } from './support/processes';

/**
 * Two real API processes on loopback share one PostgreSQL and one Redis; 150 requests
 * with one key, spread over both in parallel bursts, get exactly 100 answers and 50 × 429. Each run
 * uses fresh keys, so counters left in Redis by an earlier run do not matter.
 */
const redisUrl = process.env.REDIS_TEST_URL;

describe.skipIf(!process.env.DATABASE_URL || !redisUrl)(
  'the 100/min limit across two API processes sharing Redis',
  () => {
    let t: TestApp;
    const apis: ApiProc[] = [];
    beforeAll(async () => {
      t = await startTestApp('postgres');
      const env = {
        DATABASE_URL: t.databaseUrl,
        REDIS_URL: redisUrl,
        // Exact counts: a busy machine must not pass the store's time limit and count in a process.
        REDIS_TIMEOUT_MS: '2000',
        RATE_LIMIT_PER_MINUTE: '100',
        WORKER: 'off',
      };
      apis.push(...(await Promise.all([startApi(env), startApi(env)])));
    }, 180_000);
    afterAll(async () => {
      await Promise.all(apis.map((a) => a.kill('SIGTERM')));
      await t.close();
    });

    async function burst(key: string, total: number) {
      const statuses: number[] = [];
      for (let i = 0; i < total; i += 10) {
        const batch = await Promise.all(
          Array.from({ length: Math.min(10, total - i) }, async (_, k) => {
            const api = apis[(i + k) % 2] as ApiProc;
            const res = await fetch(`${api.url}/api/order/orders`, {
              headers: { authorization: `Bearer ${key}` },
            });
            await res.arrayBuffer();
            return res.status;
          }),
        );
        statuses.push(...batch);
      }
      return statuses;
    }

    it('holds exactly 100 per key per minute across both processes; another key has its own 100', async () => {
      const first = await createShop(t.db, { name: 'Лимит 1', email: 'limit1@shop.ru' });
      const second = await createShop(t.db, { name: 'Лимит 2', email: 'limit2@shop.ru' });
      const statuses = await burst(first.secret_key, 150);
      expect(statuses.filter((s) => s === 200)).toHaveLength(100);
      expect(statuses.filter((s) => s === 429)).toHaveLength(50);
      const own = await burst(second.secret_key, 100);
      expect(own.every((s) => s === 200)).toBe(true);
      const limited = await fetch(`${apis[1]?.url}/api/order/orders`, {
        headers: { authorization: `Bearer ${first.secret_key}` },
      });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      console.log(
        'rate limit: 150 requests with one key over 2 processes → 100 × 200, 50 × 429; a second key 100 × 200',
      );
    }, 120_000);
  },
);
