import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { DEMO_SHOP } from '@b2bpay/domain';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERRUPTED_ATTEMPT } from '../src/modules/webhooks';
import { createOrder, sampleProducts, startTestApp, type TestApp } from './support/test-app';

const root = fileURLToPath(new URL('../../..', import.meta.url));

async function waitFor<T>(
  what: string,
  probe: () => Promise<T | null | undefined> | T | null | undefined,
  ms = 20_000,
) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

/**
 * Worker processes (`npm run worker`) need PostgreSQL, so this runs only when DATABASE_URL is set:
 * a worker killed with SIGKILL in the middle of a delivery loses nothing.
 */
describe.skipIf(!process.env.DATABASE_URL)('webhook delivery across a worker crash (PostgreSQL)', () => {
  let t: TestApp;
  let server: http.Server;
  let url = '';
  const received: { id: string; body: string; headers: Record<string, string> }[] = [];
  const children: ChildProcess[] = [];
  let output = '';

  beforeAll(async () => {
    t = await startTestApp('postgres', { WEBHOOK_ALLOW_PRIVATE: 'true' });
    // The worker processes run on the real clock; the order's events must be due for them.
    t.clock.set(new Date());
    // The first request is held open (the worker dies waiting); later ones are answered.
    server = http.createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => {
        body += chunk;
      });
      req.on('end', () => {
        received.push({
          id: String(req.headers['webhook-id']),
          body,
          headers: req.headers as Record<string, string>,
        });
        if (received.length > 1) res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  });
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    server.closeAllConnections();
    await new Promise<void>((done) => server.close(() => done()));
    await t.close();
  });

  const startWorker = () => {
    // Node itself with tsx as a loader: one process, so SIGKILL hits the worker (the tsx CLI would
    // run it in a child that outlives a killed parent).
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/worker.ts'], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: t.databaseUrl,
        WEBHOOK_ALLOW_PRIVATE: 'true',
        WEBHOOK_TIMEOUT_MS: '3000',
        WORKER_LEASE_MS: '4000',
        WORKER_POLL_MS: '50',
        LOG_LEVEL: 'warn',
      },
      stdio: 'pipe',
    });
    child.stdout?.on('data', (c) => {
      output += String(c);
    });
    child.stderr?.on('data', (c) => {
      output += String(c);
    });
    children.push(child);
    return child;
  };
  const exited = (child: ChildProcess) =>
    new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) done();
      else child.once('exit', () => done());
    });

  it('a worker killed with SIGKILL mid-delivery loses nothing: the next worker delivers the event', async () => {
    const order = await createOrder(t, { products: sampleProducts, webhook_url: url });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/order/orders/${order.id}/client`,
      payload: {
        surname: 'Петров',
        name: 'Пётр',
        inn: '7707083893',
        organization_name: 'ПАО «Сбербанк России»',
      },
    });
    expect(res.statusCode, res.body).toBe(200);

    const first = startWorker();
    await waitFor('the first request', () => received.length >= 1);
    first.kill('SIGKILL');
    await exited(first);
    expect(first.signalCode).toBe('SIGKILL');
    const [during] = await t.db.query<{ status: string; attempts: number }>(
      'SELECT status, attempts FROM webhook_deliveries WHERE order_id = $1',
      [order.id],
    );
    expect(during).toEqual({ status: 'pending', attempts: 1 });

    const second = startWorker();
    await waitFor('the delivery', async () => {
      const rows = await t.db.query<{ status: string }>(
        'SELECT status FROM webhook_deliveries WHERE order_id = $1',
        [order.id],
      );
      return rows[0]?.status === 'delivered';
    }).catch((e) => {
      throw new Error(`${e}\nworker output:\n${output}`);
    });
    second.kill('SIGTERM');
    await exited(second);

    // At least once: the receiver saw the same event (same webhook-id) twice and dedupes on it.
    const [event] = await t.db.query<{ id: string }>(
      "SELECT id FROM events WHERE order_id = $1 AND type <> 'order.created'",
      [order.id],
    );
    expect(received.map((r) => r.id)).toEqual([event?.id, event?.id]);
    const last = received[1];
    if (!last) throw new Error('no second request');
    const payload = new Webhook(DEMO_SHOP.webhookSecret).verify(last.body, last.headers) as {
      order_id: string;
    };
    expect(payload.order_id).toBe(order.id);

    const attempts = await t.db.query<{ attempt: number; status_code: number | null; error: string | null }>(
      `SELECT a.attempt, a.status_code, a.error FROM webhook_attempts a
         JOIN webhook_deliveries d ON d.id = a.delivery_id WHERE d.order_id = $1 ORDER BY a.attempt`,
      [order.id],
    );
    expect(attempts).toEqual([
      { attempt: 1, status_code: null, error: INTERRUPTED_ATTEMPT },
      { attempt: 2, status_code: 200, error: null },
    ]);
  });
});
