import { Agent, get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startHttpReceiver } from '@b2bpay/test-sinks';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../src/app';
import { enqueue, jobType } from '../src/modules/jobs';
import { Lifecycle } from '../src/shared/lifecycle';
import { drainAndClose } from '../src/shared/shutdown';
import { patchClient, STEP1 } from './support/buyer';
import { describeApi } from './support/describe-api';
import { createOrder, demoAuth } from './support/test-app';

/** Probes, metrics and the SIGTERM drain of an API process (docs/deploy.md). */
const env = { METRICS_TOKEN: 'metrics-token-0123456789', WEBHOOK_ALLOW_PRIVATE: 'true' };

describeApi('operations', { env }, (t, kind) => {
  describe('probes', () => {
    it('live answers whatever the database does; ready names every check', async () => {
      const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: 'ok' });
      const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({
        status: 'ready',
        checks: { database: 'ok', migrations: 'ok', draining: false },
      });
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.json()).toEqual({ status: 'ok' });
    });

    it('is not ready while a migration this code knows is not applied', async () => {
      const [last] = await t.db.query<{ name: string }>(
        'SELECT name FROM schema_migrations ORDER BY name DESC LIMIT 1',
      );
      await t.db.query('DELETE FROM schema_migrations WHERE name = $1', [last?.name]);
      try {
        const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toMatchObject({ status: 'not_ready', checks: { migrations: 'pending' } });
      } finally {
        await t.db.query('INSERT INTO schema_migrations (name) VALUES ($1)', [last?.name]);
      }
    });

    it('is not ready when the database does not answer, and says so', async () => {
      const broken = {
        ...t.db,
        query: async () => {
          throw new Error('connection refused');
        },
      };
      const app = await buildApp({ config: t.config, db: broken, clock: t.clock }, { logger: false });
      try {
        const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toEqual({
          status: 'not_ready',
          checks: { database: 'unavailable', migrations: 'unknown', draining: false },
        });
        const live = await app.inject({ method: 'GET', url: '/api/health/live' });
        expect(live.statusCode).toBe(200);
      } finally {
        await app.close();
      }
    });

    it('turns not ready at once when draining starts', async () => {
      const lifecycle = new Lifecycle();
      const app = await buildApp(
        { config: t.config, db: t.db, clock: t.clock },
        { logger: false, lifecycle },
      );
      try {
        expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
        lifecycle.startDrain();
        const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toMatchObject({ status: 'not_ready', checks: { draining: true } });
      } finally {
        await app.close();
      }
    });

    it('are not rate-limited', async () => {
      const app = await buildApp(
        { config: { ...t.config, RATE_LIMIT_PER_MINUTE: 2 }, db: t.db, clock: t.clock },
        { logger: false },
      );
      try {
        for (let i = 0; i < 5; i++) {
          for (const url of ['/api/health', '/api/health/live', '/api/health/ready']) {
            expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
          }
        }
      } finally {
        await app.close();
      }
    });
  });

  describe('GET /metrics', () => {
    it('answers loopback in the Prometheus format: requests by route template, the queue, the process', async () => {
      await t.app.inject({ method: 'GET', url: '/api/health/live' });
      await t.app.inject({
        method: 'GET',
        url: '/api/order/orders/00000000-0000-4000-8000-000000000000',
        headers: demoAuth,
      });
      // A job of its own kind on the messages lane, due 30 s ago and not yet claimed.
      const now = t.clock.now();
      const probe = jobType({ kind: 'notification.metrics-probe', lane: 'messages', payload: z.object({}) });
      await t.db.transaction((tx) => enqueue(tx, probe, {}, new Date(now.getTime() - 30_000)));

      const res = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      const text = res.body;
      expect(text).toMatch(
        /http_request_duration_seconds_count\{method="GET",route="\/api\/health\/live",status="200"\} [1-9]/,
      );
      // The route template, not the id: one series however many orders there are.
      expect(text).toMatch(
        /http_request_duration_seconds_count\{method="GET",route="\/api\/order\/orders\/:order_id",status="404"\} 1/,
      );
      // Per lane (a notification kind rides the messages lane) and kind.
      expect(text).toContain('b2bpay_jobs_due{lane="messages",kind="notification.metrics-probe"} 1');
      expect(text).toContain('b2bpay_jobs_running{lane="messages",kind="notification.metrics-probe"} 0');
      expect(text).toContain(
        'b2bpay_jobs_oldest_due_age_seconds{lane="messages",kind="notification.metrics-probe"} 30',
      );
      expect(text).toContain('nodejs_eventloop_lag_seconds');
      expect(text).toContain('process_resident_memory_bytes');
      expect(text).toContain('# TYPE b2bpay_webhook_attempts_total counter');
      expect(text).toContain('# TYPE b2bpay_code_send_latency_seconds histogram');
      if (kind === 'postgres') expect(text).toMatch(/b2bpay_db_pool_connections\{state="idle"\} \d+/);
      await t.db.query("DELETE FROM jobs WHERE kind = 'notification.metrics-probe'");
    });

    it('counts webhook attempts by outcome with their latency, and one-time-code send latency', async () => {
      const sample = (text: string, series: string) =>
        Number(
          text
            .split('\n')
            .find((line) => line.startsWith(`${series} `))
            ?.split(' ')[1] ?? 0,
        );
      const before = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
      const receiver = await startHttpReceiver();
      try {
        const order = await createOrder(t, {
          products: [{ name: 'Бумага', price: 100, quantity: 1 }],
          webhook_url: receiver.url,
        });
        const step1 = await patchClient(t, order.id, STEP1);
        await patchClient(t, order.id, { client_id: step1.json().id, phone_number: '+7 916 555-00-11' });
        await t.worker.drain();
        expect(receiver.requests.length).toBeGreaterThan(0);
      } finally {
        await receiver.close();
      }
      const after = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
      const grew = (series: string) => sample(after, series) - sample(before, series);
      expect(grew('b2bpay_webhook_attempts_total{outcome="delivered"}')).toBeGreaterThan(0);
      expect(grew('b2bpay_webhook_delivery_latency_seconds_count')).toBeGreaterThan(0);
      expect(grew('b2bpay_code_send_latency_seconds_count{channel="sms"}')).toBe(1);
    });

    it('refuses anyone off the host without METRICS_TOKEN, and lets the token in', async () => {
      const away = { remoteAddress: '203.0.113.7' };
      const refused = await t.app.inject({ method: 'GET', url: '/metrics', ...away });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('FORBIDDEN');
      const wrong = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        ...away,
        headers: { authorization: 'Bearer metrics-token-0123456780' },
      });
      expect(wrong.statusCode).toBe(403);
      const allowed = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        ...away,
        headers: { authorization: 'Bearer metrics-token-0123456789' },
      });
      expect(allowed.statusCode).toBe(200);
      expect(allowed.body).toContain('http_request_duration_seconds');
    });
  });

  describe('SIGTERM drain', () => {
    async function listening(hold: Promise<void>) {
      const lifecycle = new Lifecycle();
      const app = await buildApp(
        { config: t.config, db: t.db, clock: t.clock },
        { logger: false, lifecycle },
      );
      let enter = () => {};
      const entered = new Promise<void>((resolve) => {
        enter = resolve;
      });
      // A request that stays in flight until the test lets it go.
      app.get('/test/slow', async () => {
        enter();
        await hold;
        return { finished: true };
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      return { app, lifecycle, base, entered };
    }

    it('finishes in-flight requests, ends live streams with a retry hint, refuses new connections', async () => {
      let release = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const { app, lifecycle, base, entered } = await listening(gate);
      const stream = await fetch(`${base}/api/events`, { headers: demoAuth });
      expect(stream.status).toBe(200);
      const streamText = stream.text();
      const slow = fetch(`${base}/test/slow`);
      await entered; // in flight when the drain starts

      const draining = drainAndClose({ app, lifecycle, graceMs: 10_000 });
      expect(lifecycle.draining).toBe(true);
      // The stream was told to come back soon (to another process) and ended.
      const text = await streamText;
      expect(text).toMatch(/retry: 250\n\n$/);
      await expect(fetch(`${base}/api/health/live`)).rejects.toThrow();

      release();
      const answer = await slow;
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ finished: true });
      expect(await draining).toEqual({ cutOff: false });
    });

    it('ends a stream that was still taking its subscription when the drain began', async () => {
      let releaseFeed = () => {};
      const feedGate = new Promise<void>((resolve) => {
        releaseFeed = resolve;
      });
      let feedReached = () => {};
      const reached = new Promise<void>((resolve) => {
        feedReached = resolve;
      });
      // The stream's first read of the events table waits until the drain is under way.
      const query = async (sql: string, params?: readonly unknown[]) => {
        if (/FROM events/.test(sql)) {
          feedReached();
          await feedGate;
        }
        return t.db.query(sql, params);
      };
      const db = new Proxy(t.db, {
        get(target, prop) {
          if (prop === 'query') return query;
          const value = Reflect.get(target, prop);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
      const lifecycle = new Lifecycle();
      const app = await buildApp({ config: t.config, db, clock: t.clock }, { logger: false, lifecycle });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      // A client that keeps its connections open as long as the server lets it (node's keep-alive
      // agent has no idle timer of its own): the drain must close the stream's connection itself.
      const agent = new Agent({ keepAlive: true });
      const streamText = new Promise<string>((resolve, reject) => {
        get(`${base}/api/events`, { headers: demoAuth, agent }, (res) => {
          expect(res.statusCode).toBe(200);
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
          });
          res.on('end', () => resolve(text));
        }).on('error', reject);
      });
      await reached;

      const draining = drainAndClose({ app, lifecycle, graceMs: 5_000 });
      // The listener is closed: the streams open so far have been ended. This one was not open yet.
      await expect(fetch(`${base}/api/health/live`)).rejects.toThrow();
      releaseFeed();
      expect(await streamText).toMatch(/retry: 250\n\n$/);
      expect(await draining).toEqual({ cutOff: false });
      agent.destroy();
    });

    it('cuts off what is still running after the grace period', async () => {
      const never = new Promise<void>(() => {});
      const { app, lifecycle, base, entered } = await listening(never);
      const slow = fetch(`${base}/test/slow`).then(
        (r) => r.status,
        () => 'cut off',
      );
      await entered;
      const result = await drainAndClose({ app, lifecycle, graceMs: 100 });
      expect(result).toEqual({ cutOff: true });
      expect(await slow).toBe('cut off');
    });
  });
});
