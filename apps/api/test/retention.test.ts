import { startHttpReceiver } from '@b2bpay/test-sinks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { purgeFinishedJobs } from '../src/modules/jobs';
import { runRetention } from '../src/modules/retention';
import { patchClient, STEP1 } from './support/buyer';
import { describeApi } from './support/describe-api';
import { createOrder, demoAuth, sampleProducts } from './support/test-app';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const env = { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_SCHEDULE: '1d' };

// PGlite's initdb in memory is slow on a loaded machine.
describeApi('retention', { env, startTimeout: 180_000 }, (t) => {
  let receiver: Awaited<ReturnType<typeof startHttpReceiver>>;

  beforeAll(async () => {
    receiver = await startHttpReceiver('/hook');
  });
  afterAll(() => receiver.close());

  const count = async (sql: string, params: unknown[] = []) =>
    Number((await t.db.query<{ n: unknown }>(`SELECT count(*) AS n FROM ${sql}`, params))[0]?.n);
  const deps = () => ({ config: t.config, db: t.db, clock: t.clock });

  it('deletes each kind of row once it has outlived its own retention, and nothing younger', async () => {
    t.clock.set(new Date());
    // An order (with an Idempotency-Key), the buyer's step 1 and a code by SMS: an event, its
    // webhook delivery and attempt, a code, a message and the jobs that sent them.
    const order = await createOrder(t, { products: sampleProducts, webhook_url: receiver.url }, {
      ...demoAuth,
      'idempotency-key': 'retention-1',
    } as typeof demoAuth);
    const saved = await patchClient(t, order.id, STEP1);
    expect(saved.statusCode, saved.body).toBe(200);
    const phone = await patchClient(t, order.id, {
      client_id: saved.json().id,
      phone_number: '+79123456789',
    });
    expect(phone.statusCode, phone.body).toBe(200);
    await t.worker.drain();
    expect(receiver.requests.length).toBeGreaterThan(0);
    // One more event whose delivery is still pending (its receiver fails; the next retry is a day off).
    receiver.answerWith(500);
    const waiting = await createOrder(t, { products: sampleProducts, webhook_url: receiver.url });
    expect((await patchClient(t, waiting.id, STEP1)).statusCode).toBe(200);
    await t.worker.drain();

    const before = {
      jobs: await count("jobs WHERE state IN ('done', 'failed')"),
      events: await count('events'),
      attempts: await count('webhook_attempts'),
      notifications: await count("notifications WHERE status = 'sent'"),
      codes: await count('verification_codes'),
      keys: await count('idempotency_keys'),
    };
    expect(Object.values(before).every((n) => n > 0)).toBe(true);

    // Nothing is old enough yet.
    expect(Object.values(await runRetention(deps())).every((n) => n === 0)).toBe(true);

    // After 25 h: one-time codes (24 h after expiry) and Idempotency-Keys (24 h) go; the rest stays.
    t.clock.advance(25 * HOUR);
    const day1 = await runRetention(deps());
    expect(day1).toMatchObject({ verification_codes: before.codes, idempotency_keys: before.keys, jobs: 0 });
    expect(await count('verification_codes')).toBe(0);
    expect(await count('idempotency_keys')).toBe(0);
    expect(await count('events')).toBe(before.events);

    // After 8 days: finished jobs (7 d) go. The pending delivery's job fell due meanwhile; it is not finished.
    t.clock.advance(7 * DAY);
    await runRetention(deps());
    expect(
      await count("jobs WHERE state IN ('done', 'failed') AND updated_at < $1", [
        new Date(t.clock.now().getTime() - 7 * DAY),
      ]),
    ).toBe(0);

    // After 31 days: events no delivery waits for, their deliveries, old attempts and sent messages go;
    // the event whose delivery is still pending stays, with its delivery.
    t.clock.advance(23 * DAY);
    await runRetention(deps());
    expect(await count("notifications WHERE status = 'sent'")).toBe(0);
    expect(await count('events WHERE order_id = $1', [order.id])).toBe(0);
    expect(await count('webhook_deliveries WHERE order_id = $1', [order.id])).toBe(0);
    expect(await count('events WHERE order_id = $1', [waiting.id])).toBe(1);
    expect(await count("webhook_deliveries WHERE order_id = $1 AND status = 'pending'", [waiting.id])).toBe(
      1,
    );

    // The order and its status history are not retention's business: they read as before.
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/order/orders/${order.id}/history`,
      headers: demoAuth,
    });
    expect(history.statusCode, history.body).toBe(200);
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/order/orders/${order.id}`,
      headers: demoAuth,
    });
    expect(view.statusCode, view.body).toBe(200);
  });

  it('deletes in batches of RETENTION_BATCH rows, each its own statement', async () => {
    const small = { ...deps(), config: { ...t.config, RETENTION_BATCH: 2 } };
    const old = t.clock.now();
    await t.db.query(
      `INSERT INTO jobs (kind, payload, run_at, state, created_at, updated_at)
       SELECT 'test.old', '{}', $1, 'done', $1, $1 FROM generate_series(1, 5)`,
      [old],
    );
    t.clock.advance(8 * DAY);
    expect(await purgeFinishedJobs(small, 2)).toBe(2); // one batch
    expect((await runRetention(small)).jobs).toBe(3); // the rest, batch after batch
    expect(await count("jobs WHERE kind = 'test.old'")).toBe(0);
  });
});
