import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type HttpReceiver, startHttpReceiver } from '@b2bpay/test-sinks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorker } from '../../src/jobs/registry';
import type { Worker } from '../../src/modules/jobs';
import { patchClient, STEP1 } from '../support/buyer';
import {
  createOrder,
  DB_KINDS,
  newShop,
  sampleProducts,
  startTestApp,
  type TestApp,
} from '../support/test-app';

/**
 * Isolation with small numbers: shop C floods the webhook lane (test sends and order
 * events to an address that never answers) while shop A's buyer asks for a code and shop A's
 * webhook goes out. With one first-in-first-out queue (before lanes) shop A waited until shop C's
 * POSTs timed out; now the code has its own lane and shop C holds at most its share of the webhook
 * lane, so both of shop A's jobs finish while every one of shop C's requests is still hanging.
 */
async function startBlackHole() {
  const open = new Set<http.ServerResponse>();
  let received = 0;
  const server = http.createServer((_req, res) => {
    received += 1;
    open.add(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received: () => received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Polls `check` every 20 ms for up to `ms`; the isolation claim is about order, not speed. */
async function eventually(what: string, check: () => Promise<boolean> | boolean, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${what} did not happen within ${ms} ms`);
}

describe.each(DB_KINDS)('a noisy neighbour does not stall another shop, on %s', (kind) => {
  let t: TestApp;
  let worker: Worker;
  let hole: Awaited<ReturnType<typeof startBlackHole>>;
  let receiverA: HttpReceiver;

  beforeAll(async () => {
    // Small numbers: 4 webhook slots per worker, 2 per shop; a hanging POST holds its slot 8 s.
    t = await startTestApp(kind, {
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WORKER_CONCURRENCY: '4',
      WEBHOOK_SLOTS_PER_SHOP: '2',
      WEBHOOK_TIMEOUT_MS: '8000',
      WEBHOOK_TEST_TIMEOUT_MS: '8000',
      WORKER_MESSAGE_CONCURRENCY: '2',
    });
    [hole, receiverA] = await Promise.all([startBlackHole(), startHttpReceiver('/hook')]);
  }, 180_000);
  afterAll(async () => {
    await worker?.stop();
    await Promise.all([hole?.close(), receiverA?.close()]);
    await t?.close();
  }, 60_000);

  it("shop A's code SMS and webhook go out while all of shop C's webhooks hang", async () => {
    const shopC = await newShop(t, 'Шумный магазин');
    const shopA = await newShop(t, 'Тихий магазин');
    // Shop C: 6 test sends (its limit is 10 a minute) and 4 orders whose events go to the black hole.
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/webhooks/test',
        headers: shopC.auth,
        payload: { url: hole.url },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    for (let i = 0; i < 4; i++) {
      const order = await createOrder(t, { products: sampleProducts, webhook_url: hole.url }, shopC.auth);
      expect((await patchClient(t, order.id, STEP1)).statusCode).toBe(200);
    }

    worker = createWorker({ config: t.config, db: t.db, clock: t.clock }, { pollMs: 20 });
    worker.start();
    await eventually('shop C filling its share of the webhook lane', () => hole.received() >= 2);

    // Shop A: an order with its own webhook, the buyer's step 1 and a code by SMS.
    const order = await createOrder(t, { products: sampleProducts, webhook_url: receiverA.url }, shopA.auth);
    const saved = await patchClient(t, order.id, STEP1);
    expect(saved.statusCode).toBe(200);
    const phone = await patchClient(t, order.id, {
      client_id: saved.json().id,
      phone_number: '+79123456780',
    });
    expect(phone.statusCode, phone.body).toBe(200);

    await eventually("shop A's code SMS sent", async () => {
      const rows = await t.db.query<{ status: string }>(
        "SELECT status FROM notifications WHERE order_id = $1 AND kind = 'code' AND channel = 'sms'",
        [order.id],
      );
      return rows[0]?.status === 'sent';
    });
    await eventually("shop A's webhook received", () => receiverA.requests.length >= 1);

    // Every one of shop C's POSTs so far is still open: none has timed out and freed a slot.
    const runningC = await t.db.query<{ n: unknown }>(
      "SELECT count(*) AS n FROM jobs WHERE lane = 'webhooks' AND group_key = $1 AND state = 'running'",
      [shopC.shop.id],
    );
    expect(Number(runningC[0]?.n)).toBe(2); // shop C holds its share, no more
    const pendingC = await t.db.query<{ n: unknown }>(
      "SELECT count(*) AS n FROM webhook_deliveries WHERE shop_id = $1 AND status = 'pending' AND attempts <= 1",
      [shopC.shop.id],
    );
    expect(Number(pendingC[0]?.n)).toBe(10); // none of its deliveries has got past its first attempt
  }, 120_000);
});
