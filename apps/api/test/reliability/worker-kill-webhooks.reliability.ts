import { DEMO_SHOP } from '@b2bpay/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERRUPTED_ATTEMPT } from '../../src/modules/webhooks';
import { STEP1 } from '../support/buyer';
import { createOrder, startTestApp, storeWebhookUrl, type TestApp } from '../support/test-app';
import { sleep, startDedupReceiver, waitFor } from './support/helpers';
import { type Proc, startWorker } from './support/processes';

/**
 * Worker processes killed with SIGKILL, again and again, while they deliver 1,000
 * webhooks to a receiver that answers slowly (so kills land mid-request). Every event must end
 * delivered, the receiver must apply each webhook-id exactly once, nothing stays claimed.
 * RELIABILITY_EVENTS (default 1000) and RELIABILITY_KILLS (default 6) size it.
 */
const EVENTS = Number(process.env.RELIABILITY_EVENTS ?? 1000);
const KILLS = Number(process.env.RELIABILITY_KILLS ?? 6);

describe.skipIf(!process.env.DATABASE_URL)(`${EVENTS} webhook deliveries while workers are SIGKILLed`, () => {
  let t: TestApp;
  let receiver: Awaited<ReturnType<typeof startDedupReceiver>>;
  const workers: Proc[] = [];

  beforeAll(async () => {
    t = await startTestApp('postgres', { WEBHOOK_ALLOW_PRIVATE: 'true' });
    t.clock.set(new Date()); // the worker processes run on the real clock
    receiver = await startDedupReceiver(DEMO_SHOP.webhookSecret, { delayMs: () => 20 + Math.random() * 180 });
    await storeWebhookUrl(t, DEMO_SHOP.id, receiver.url);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.kill('SIGKILL')));
    await receiver.close();
    await t.close();
  });

  const env = () => ({
    DATABASE_URL: t.databaseUrl,
    DATABASE_POOL_SIZE: '5',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    WEBHOOK_TIMEOUT_MS: '1000',
    WORKER_LEASE_MS: '2000',
    WORKER_POLL_MS: '50',
    // Few slots, so that the 1,000 deliveries last long enough for every kill to land mid-delivery:
    // at the default 32 slots two workers send them all within a couple of seconds.
    WORKER_CONCURRENCY: '4',
  });

  it('every event is delivered, each webhook-id applied once, no job left claimed', async () => {
    // Four events per order: step 1 saved four times (each save announces order.client.updated).
    const orders = Math.ceil(EVENTS / 4);
    for (let i = 0; i < orders; i += 10) {
      await Promise.all(
        Array.from({ length: Math.min(10, orders - i) }, async () => {
          const order = await createOrder(t);
          for (let k = 0; k < 4; k++) {
            const res = await t.app.inject({
              method: 'PATCH',
              url: `/api/order/orders/${order.id}/client`,
              payload: { ...STEP1, middlename: `Попытка ${k}` },
            });
            if (res.statusCode !== 200) throw new Error(res.body);
          }
        }),
      );
    }
    // order.created is not among the types the shop's address (its legacy endpoint) takes: no delivery.
    const events = await t.db.query<{ id: string }>("SELECT id FROM events WHERE type <> 'order.created'");
    expect(events.length).toBe(orders * 4);

    const started = Date.now();
    workers.push(await startWorker(env()), await startWorker(env()));
    let kills = 0;
    const replacements: Promise<void>[] = [];
    const pending = async () =>
      Number(
        (
          await t.db.query<{ n: unknown }>(
            "SELECT count(*) AS n FROM webhook_deliveries WHERE status <> 'delivered'",
          )
        )[0]?.n,
      );
    await waitFor('the first deliveries', () => receiver.requests.length > 0, 60_000);
    while (kills < KILLS && (await pending()) > 0) {
      const alive = workers.filter((w) => w.alive());
      const victim = alive[Math.floor(Math.random() * alive.length)];
      if (victim) {
        await victim.kill('SIGKILL');
        expect(victim.child.signalCode).toBe('SIGKILL');
        kills += 1;
        replacements.push(startWorker(env()).then((w) => void workers.push(w)));
      }
      await sleep(1000 + Math.random() * 2000);
    }
    await Promise.all(replacements);
    await waitFor('every delivery', async () => (await pending()) === 0, 180_000, 250).catch(
      async (error) => {
        throw new Error(
          `${error}\n${workers
            .map((w) => w.output())
            .join('\n')
            .slice(-3000)}`,
        );
      },
    );
    const seconds = (Date.now() - started) / 1000;

    const deliveries = await t.db.query<{ event_id: string; status: string }>(
      'SELECT event_id, status FROM webhook_deliveries',
    );
    expect(deliveries).toHaveLength(events.length);
    expect(new Set(receiver.applied.keys())).toEqual(new Set(events.map((e) => e.id)));
    expect(receiver.badSignatures).toBe(0);
    const claimed = await t.db.query("SELECT id FROM jobs WHERE state IN ('running', 'pending', 'failed')");
    expect(claimed).toEqual([]);
    const interrupted = Number(
      (
        await t.db.query<{ n: unknown }>('SELECT count(*) AS n FROM webhook_attempts WHERE error = $1', [
          INTERRUPTED_ATTEMPT,
        ])
      )[0]?.n,
    );
    expect(kills).toBe(KILLS);
    console.log(
      `worker kills: ${events.length} events, ${kills} SIGKILLs, all delivered in ${seconds.toFixed(1)} s; ` +
        `${receiver.requests.length} requests, ${receiver.duplicates()} webhook-ids received more than once ` +
        `(applied once), ${interrupted} attempts interrupted by a kill`,
    );
  }, 600_000);
});
