import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { DEMO_SHOP } from '@b2bpay/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STEP1 } from '../support/buyer';
import { startTestApp, storeWebhookUrl, type TestApp } from '../support/test-app';
import { sleep, startDedupReceiver, waitFor } from './support/helpers';
import { type ApiProc, startApi } from './support/processes';

/**
 * PostgreSQL stopped and started again under load, the API process (with its inline
 * worker) left running. While the database is away /api/health answers 503 and writes fail fast
 * with the generic 500; once it is back the same process answers 200 again, creates orders and its
 * worker delivers webhooks — no restart. Stops the local cluster: only in `npm run test:reliability`.
 */
const version = existsSync('/etc/postgresql') ? readdirSync('/etc/postgresql')[0] : undefined;
const localServer = /@(127\.0\.0\.1|localhost)(:5432)?\//.test(process.env.DATABASE_URL ?? '');
const cluster = (action: 'stop' | 'start') =>
  execFileSync(
    'pg_ctlcluster',
    [
      '--skip-systemctl-redirect',
      String(version),
      'main',
      action,
      ...(action === 'stop' ? ['-m', 'fast'] : []),
    ],
    {
      stdio: 'pipe',
    },
  );
const DOWN_MS = 5000;

describe.skipIf(!process.env.DATABASE_URL || !version || !localServer)(
  'PostgreSQL restarted under load',
  () => {
    let t: TestApp;
    let api: ApiProc;
    let receiver: Awaited<ReturnType<typeof startDedupReceiver>>;
    beforeAll(async () => {
      t = await startTestApp('postgres', { WEBHOOK_ALLOW_PRIVATE: 'true' });
      receiver = await startDedupReceiver(DEMO_SHOP.webhookSecret);
      await storeWebhookUrl(t, DEMO_SHOP.id, receiver.url);
      api = await startApi({
        DATABASE_URL: t.databaseUrl,
        WEBHOOK_ALLOW_PRIVATE: 'true',
        WEBHOOK_TIMEOUT_MS: '1000',
        WORKER_LEASE_MS: '3000',
        WORKER_POLL_MS: '100',
        RATE_LIMIT_PER_MINUTE: '1000000',
      });
    }, 180_000);
    afterAll(async () => {
      try {
        cluster('start');
      } catch {
        // already running
      }
      await api?.kill('SIGTERM');
      await receiver?.close();
      await t?.close();
    });

    it('health 503 while down, 200 after; writes fail fast while down and work after; the worker goes on', async () => {
      const auth = { authorization: `Bearer ${DEMO_SHOP.secretKey}`, 'content-type': 'application/json' };
      const log: { at: number; kind: 'health' | 'order'; status: number; ms: number; id?: string }[] = [];
      let stop = false;
      const probe = async () => {
        while (!stop) {
          const at = Date.now();
          const res = await fetch(`${api.url}/api/health`, { signal: AbortSignal.timeout(15_000) }).catch(
            () => null,
          );
          log.push({ at, kind: 'health', status: res?.status ?? 0, ms: Date.now() - at });
          await sleep(100);
        }
      };
      const load = async () => {
        while (!stop) {
          const at = Date.now();
          const res = await fetch(`${api.url}/api/order/orders`, {
            method: 'POST',
            headers: auth,
            body: JSON.stringify({ products: [{ name: 'Нагрузка', price: 10, quantity: 1 }] }),
            signal: AbortSignal.timeout(15_000),
          }).catch(() => null);
          const body = res ? await res.text() : '';
          const id = res?.status === 200 ? (JSON.parse(body) as { id: string }).id : undefined;
          if (res && res.status >= 500)
            expect(body).not.toMatch(/ECONNREFUSED|terminating|SELECT|INSERT|at /);
          log.push({
            at,
            kind: 'order',
            status: res?.status ?? 0,
            ms: Date.now() - at,
            ...(id ? { id } : {}),
          });
          await sleep(20);
        }
      };
      const runners = [probe(), load(), load(), load()];
      await sleep(2000);
      const downAt = Date.now();
      cluster('stop');
      await sleep(DOWN_MS);
      const upAt = Date.now();
      cluster('start');
      const recovered = await waitFor(
        'a created order after the restart',
        () => log.find((l) => l.kind === 'order' && l.at > upAt && l.status === 200),
        60_000,
        100,
      ).catch((error) => {
        stop = true;
        const tail = log.filter((l) => l.at > upAt).slice(-12);
        throw new Error(
          `${error}\nafter the start: ${JSON.stringify(tail)}\nAPI output:\n${api.output().slice(-3000)}`,
        );
      });
      await sleep(2000);
      stop = true;
      await Promise.all(runners);

      expect(api.alive()).toBe(true);
      const whileDown = log.filter((l) => l.at > downAt + 500 && l.at < upAt);
      expect(whileDown.filter((l) => l.kind === 'health').every((l) => l.status === 503)).toBe(true);
      expect(whileDown.some((l) => l.kind === 'health')).toBe(true);
      expect(whileDown.filter((l) => l.kind === 'order').every((l) => l.status === 500)).toBe(true);
      const slowest = Math.max(...whileDown.map((l) => l.ms));
      // Nothing hangs: the slowest is the request in flight when the server went (well under the 15 s abort).
      expect(slowest).toBeLessThan(10_000);
      const after = log.filter((l) => l.at > recovered.at);
      expect(after.filter((l) => l.kind === 'health').every((l) => l.status === 200)).toBe(true);
      expect(after.filter((l) => l.kind === 'order').every((l) => l.status === 200)).toBe(true);
      // No 2xx for an uncommitted write: every order answered 200 exists.
      const ids = log.flatMap((l) => (l.id ? [l.id] : []));
      const rows = await t.db.query<{ id: string }>('SELECT id FROM orders WHERE id = ANY($1::uuid[])', [
        ids,
      ]);
      expect(rows).toHaveLength(ids.length);

      // The same process's worker delivers an event made after the restart.
      const orderId = ids[ids.length - 1];
      const patch = await fetch(`${api.url}/api/order/orders/${orderId}/client`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(STEP1),
      });
      expect(patch.status).toBe(200);
      await waitFor('the webhook after the restart', () => receiver.applied.size > 0, 30_000, 100);

      const failedWhileDown = whileDown.filter((l) => l.kind === 'order').length;
      console.log(
        `PostgreSQL restart: down ${DOWN_MS} ms; ${failedWhileDown} writes answered 500 while down (slowest ${slowest} ms), ` +
          `health 503 throughout; first order created ${recovered.at - upAt} ms after start; ${ids.length} orders answered 200, ` +
          `all in the database; the worker delivered a webhook afterwards; API process never restarted`,
      );
    }, 300_000);
  },
);
