// Noisy neighbour: shop C floods the webhook lane — test sends to an address that never
// answers, at its limit of 10 a minute, and orders whose events go to that black hole — while shop
// A's buyers request one-time codes and shop A's orders change (events → webhooks to a receiver that
// answers at once). Measured for shop A: a code SMS from its request (notifications.created_at) to
// its sending (sent_at), and a webhook from its event (events.created_at) to its receipt. Then the
// same without the flood, for comparison.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/noisy-neighbour.mjs
//
// Targets, for the lanes' fairness (docs/product/DESIGN.md §6): code SMS p99 ≤ 1 s and webhook
// receipt p99 ≤ 2 s with the flood.
import { createHash } from 'node:crypto';
import http from 'node:http';
import { freshDatabase, withClient } from './lib/db.mjs';
import { percentile } from './lib/load.mjs';
import { freePort, startApi } from './lib/proc.mjs';

const SHOP_A = {
  id: 'b0000000-0000-4000-8000-00000000000a',
  key: 'sk_bench_noisy_a_0000000000000000000000a',
};
const SHOP_C = {
  id: 'b0000000-0000-4000-8000-00000000000c',
  key: 'sk_bench_noisy_c_0000000000000000000000c',
};
const BUYERS = Number(process.env.NOISY_BUYERS ?? 20);
const FLOOD_ORDERS = Number(process.env.NOISY_FLOOD_ORDERS ?? 80);
const SECONDS = Number(process.env.NOISY_SECONDS ?? 30);
const STEP1 = { surname: 'Петров', name: 'Иван', inn: '7707083893', organization_name: 'ПАО Сбербанк' };

/** A loopback server: `answer` says whether to answer (200) or hold the request open forever. */
async function server(answer) {
  const receipts = new Map();
  const srv = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const at = Date.now();
      try {
        const id = JSON.parse(Buffer.concat(chunks).toString('utf8')).event_id;
        if (!receipts.has(id)) receipts.set(id, at);
      } catch {}
      if (answer) res.writeHead(200).end('ok');
    });
  });
  const port = await freePort();
  await new Promise((resolve) => srv.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/hook`,
    receipts,
    close: () =>
      new Promise((resolve) => {
        srv.closeAllConnections();
        srv.close(resolve);
      }),
  };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function call(api, path, { method = 'POST', key, body } = {}) {
  const res = await fetch(`${api.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, json: () => JSON.parse(text), text };
}

/** Shop A's buyer: an order with a webhook, step 1 (an event), and a code by SMS (another event). */
async function buyer(api, hook, n) {
  const order = await call(api, '/api/order/orders', {
    key: SHOP_A.key,
    body: { products: [{ name: 'Бумага', price: 350, quantity: 2 }], webhook_url: hook },
  });
  if (order.status !== 200) throw new Error(`A create: ${order.status} ${order.text}`);
  const id = order.json().id;
  const saved = await call(api, `/api/order/orders/${id}/client`, { method: 'PATCH', body: STEP1 });
  if (saved.status !== 200) throw new Error(`A step 1: ${saved.status} ${saved.text}`);
  const phone = `+7912${String(1_000_000 + n).slice(-7)}`;
  const code = await call(api, `/api/order/orders/${id}/client`, {
    method: 'PATCH',
    body: { client_id: saved.json().id, phone_number: phone },
  });
  if (code.status !== 200) throw new Error(`A code: ${code.status} ${code.text}`);
}

/** Shop C at its limit: 10 test sends a minute to the black hole, and orders whose events go there. */
async function flood(api, hole, until) {
  const tests = (async () => {
    for (let i = 0; i < 10 && Date.now() < until; i++) {
      await call(api, '/api/webhooks/test', { key: SHOP_C.key, body: { url: hole } });
      await sleep(Math.floor((SECONDS * 1000) / 10));
    }
  })();
  const orders = (async () => {
    const gap = Math.floor((SECONDS * 1000) / FLOOD_ORDERS);
    const running = [];
    for (let i = 0; i < FLOOD_ORDERS && Date.now() < until; i++) {
      running.push(
        (async () => {
          const order = await call(api, '/api/order/orders', {
            key: SHOP_C.key,
            body: { products: [{ name: 'Шум', price: 1, quantity: 1 }], webhook_url: hole },
          });
          if (order.status === 200)
            await call(api, `/api/order/orders/${order.json().id}/client`, { method: 'PATCH', body: STEP1 });
        })(),
      );
      await sleep(gap);
    }
    await Promise.all(running);
  })();
  await Promise.all([tests, orders]);
}

async function oneRun({ serverUrl, withFlood, log }) {
  const url = await freshDatabase(serverUrl, `b2bpay_bench_noisy_${withFlood ? 'flood' : 'quiet'}`);
  await withClient(url, async (c) => {
    for (const [shop, name] of [
      [SHOP_A, 'ООО «Тихий»'],
      [SHOP_C, 'ООО «Шумный»'],
    ]) {
      await c.query(
        `INSERT INTO shops (id, name, email, webhook_secret) VALUES ($1, $2, 'noisy@example.ru', 'whsec_YmVuY2gtbm9pc3ktc2VjcmV0LTAwMDAwMDAwMDAw')`,
        [shop.id, name],
      );
      await c.query(
        `INSERT INTO api_keys (shop_id, kind, key_hash, key_hint) VALUES ($1, 'secret', $2, 'sk_…00')`,
        [shop.id, createHash('sha256').update(shop.key).digest('hex')],
      );
    }
  });
  const [receiverA, hole] = await Promise.all([server(true), server(false)]);
  const api = await startApi({
    // Production settings (bench/lib/proc.mjs) with the loopback receivers allowed: private
    // addresses and plain http.
    env: {
      DATABASE_URL: url,
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_ALLOW_HTTP: 'true',
      WORKER: 'inline',
      SMS_PROVIDER: 'console',
    },
  });
  try {
    const until = Date.now() + SECONDS * 1000;
    const noise = withFlood ? flood(api, hole.url, until) : Promise.resolve();
    if (withFlood) await sleep(2000); // shop C's flood fills its share of the lane first
    const gap = Math.floor(((SECONDS - 4) * 1000) / BUYERS);
    const buyers = [];
    for (let n = 0; n < BUYERS; n++) {
      buyers.push(buyer(api, receiverA.url, n));
      await sleep(gap);
    }
    await Promise.all(buyers);
    // Shop A's last jobs get a few seconds to finish; shop C's flood goes on meanwhile.
    const deadline = Date.now() + 15_000;
    let codes = [];
    while (Date.now() < deadline) {
      codes = await withClient(url, (c) =>
        c.query(
          `SELECT n.status, extract(epoch FROM n.sent_at - n.created_at) * 1000 AS ms
             FROM notifications n JOIN orders o ON o.id = n.order_id
            WHERE o.shop_id = $1 AND n.kind = 'code'`,
          [SHOP_A.id],
        ),
      ).then((r) => r.rows);
      if (codes.length === BUYERS && codes.every((r) => r.status === 'sent')) break;
      await sleep(200);
    }
    const events = await withClient(url, (c) =>
      c.query(`SELECT id, extract(epoch FROM created_at) * 1000 AS at FROM events WHERE shop_id = $1`, [
        SHOP_A.id,
      ]),
    ).then((r) => r.rows);
    await noise;
    const sms = codes
      .filter((r) => r.status === 'sent')
      .map((r) => Number(r.ms))
      .sort((a, b) => a - b);
    const hooks = events
      .map((e) => (receiverA.receipts.has(e.id) ? receiverA.receipts.get(e.id) - Number(e.at) : null))
      .filter((v) => v !== null)
      .sort((a, b) => a - b);
    const result = {
      setup: withFlood ? 'shop C flooding' : 'no flood',
      command: 'DATABASE_URL=… node bench/noisy-neighbour.mjs',
      buyers: BUYERS,
      codes_sent: `${sms.length}/${codes.length}`,
      sms_p50_ms: Math.round(percentile(sms, 50)),
      sms_p99_ms: Math.round(percentile(sms, 99)),
      webhooks_received: `${hooks.length}/${events.length}`,
      webhook_p50_ms: Math.round(percentile(hooks, 50)),
      webhook_p99_ms: Math.round(percentile(hooks, 99)),
      shop_c_black_hole_requests: hole.receipts.size,
    };
    log(JSON.stringify(result));
    return result;
  } finally {
    await api.stop();
    await Promise.all([receiverA.close(), hole.close()]);
  }
}

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.error('DATABASE_URL (a PostgreSQL server) is needed');
  process.exit(2);
}
const results = [];
for (const withFlood of [true, false]) results.push(await oneRun({ serverUrl, withFlood, log: console.log }));
console.log(JSON.stringify(results, null, 2));
