// Webhook delivery: N events (buyer step-1 saves, PATCH …/client, on orders with a webhook_url) to a
// receiver on 127.0.0.1. Latency of an event = its receipt time minus events.created_at (the time the
// change was made, before its commit; the commit itself when PostgreSQL tracks commit timestamps),
// and, as a lower bound, its receipt time minus the time the API's answer to that change arrived.
// Total = first event → last receipt.
//
// The receiver runs in its own thread: in the producer's event loop, busy with 32 requests at a
// time, a receipt would be timed late. The result also says how fast the events were produced (the
// total can be no shorter than that) and how long the last receipts came after the last commit.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { freshDatabase, withClient } from './lib/db.mjs';
import { percentile } from './lib/load.mjs';
import { freePort, ROOT, start, startApi } from './lib/proc.mjs';

const SHOP = { id: 'b0000000-0000-4000-8000-0000000000aa', key: 'sk_bench_hooks_000000000000000000000000aa' };

/** Runs `count` async tasks with at most `width` at once. */
async function pool(count, width, task) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

// The receiver thread: answers 200 to every POST, keeps the first receipt time of each event_id.
const RECEIVER = `
const { createServer } = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const seen = new Map();
const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const at = Date.now();
    try {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      if (!seen.has(body.event_id)) seen.set(body.event_id, at);
    } catch {}
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  });
});
server.listen(workerData.port, '127.0.0.1', () => parentPort.postMessage({ listening: true }));
parentPort.on('message', (m) => {
  if (m === 'count') parentPort.postMessage({ count: seen.size });
  if (m === 'receipts') parentPort.postMessage({ receipts: [...seen] });
  if (m === 'close') server.close(() => parentPort.postMessage({ closed: true }));
});
`;

async function receiver(port) {
  const thread = new Worker(RECEIVER, { eval: true, workerData: { port } });
  const failed = new Promise((_, reject) => thread.once('error', reject));
  failed.catch(() => {});
  const ask = (question, key) =>
    Promise.race([
      failed,
      new Promise((resolve) => {
        const onMessage = (m) => {
          if (!(key in m)) return;
          thread.off('message', onMessage);
          resolve(m[key]);
        };
        thread.on('message', onMessage);
        if (question) thread.postMessage(question);
      }),
    ]);
  await ask(null, 'listening');
  return {
    count: () => ask('count', 'count'),
    receipts: async () => new Map(await ask('receipts', 'receipts')),
    async close() {
      await ask('close', 'closed');
      await thread.terminate();
    },
  };
}

async function oneSetup({ server, events, setup, log }) {
  const url = await freshDatabase(server, 'b2bpay_bench_hooks');
  await withClient(url, async (c) => {
    await c.query(
      `INSERT INTO shops (id, name, email, webhook_secret) VALUES ($1, 'ООО «Вебхуки»', 'hooks@example.ru', 'whsec_YmVuY2gtaG9va3Mtc2VjcmV0LTAwMDAwMDAwMDAw')`,
      [SHOP.id],
    );
    await c.query(
      `INSERT INTO api_keys (shop_id, kind, key_hash, key_hint) VALUES ($1, 'secret', $2, 'sk_…aa')`,
      [SHOP.id, createHash('sha256').update(SHOP.key).digest('hex')],
    );
  });
  const receiverPort = await freePort();
  const hooks = await receiver(receiverPort);
  const env = { DATABASE_URL: url, WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_ALLOW_HTTP: 'true', ...setup.env };
  const api = await startApi({ env });
  const workers = [];
  try {
    for (let w = 0; w < (setup.workers ?? 0); w++) {
      const p = start(join(ROOT, 'node_modules/.bin/tsx'), [join(ROOT, 'apps/api/src/worker.ts')], {
        env: { ...env, WORKER: 'off', LOG_LEVEL: 'warn' },
        name: `worker ${w}`,
      });
      workers.push(p);
    }
    const hook = `http://127.0.0.1:${receiverPort}/hook`;
    const ids = new Array(events);
    log(`  creating ${events} orders with webhook_url…`);
    await pool(events, 32, async (i) => {
      const res = await fetch(`${api.url}/api/order/orders`, {
        method: 'POST',
        headers: { authorization: `Bearer ${SHOP.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ products: [{ name: 'Бумага', price: 350, quantity: 2 }], webhook_url: hook }),
      });
      if (!res.ok) throw new Error(`create: ${res.status} ${await res.text()}`);
      ids[i] = (await res.json()).id;
    });
    // Give separate worker processes time to connect before the events start.
    await new Promise((r) => setTimeout(r, 1000));
    log(`  ${events} buyer step-1 saves…`);
    // When each save's answer arrived: its commit came before that (a lower bound of the latency).
    const answeredAt = new Map();
    const t0 = Date.now();
    await pool(events, 32, async (i) => {
      const res = await fetch(`${api.url}/api/order/orders/${ids[i]}/client`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          surname: 'Петров',
          name: 'Иван',
          inn: '7707083893',
          organization_name: 'ПАО Сбербанк',
        }),
      });
      if (!res.ok) throw new Error(`patch: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
      answeredAt.set(ids[i], Date.now());
    });
    const patchSeconds = (Date.now() - t0) / 1000;
    // Wait for every receipt; give up after 180 s, or 30 s without a new one.
    const deadline = Date.now() + 180_000;
    let received = 0;
    let progressAt = Date.now();
    while (Date.now() < deadline && Date.now() - progressAt < 30_000) {
      const now = await hooks.count();
      if (now >= events) break;
      if (now > received) progressAt = Date.now();
      received = now;
      await new Promise((r) => setTimeout(r, 100));
    }
    const seen = await hooks.receipts();
    // events.created_at is the API's clock when the change began, before it waited for a pooled
    // connection and ran its transaction: under load that is ~100 ms before the commit. The exact
    // commit time exists only with track_commit_timestamp=on (a server setting, off by default).
    const rows = await withClient(url, async (c) => {
      const tracked = (await c.query('SHOW track_commit_timestamp')).rows[0]?.track_commit_timestamp === 'on';
      const at = tracked ? 'pg_xact_commit_timestamp(xmin)' : 'created_at';
      const r = await c.query(
        `SELECT id, order_id, extract(epoch FROM ${at}) * 1000 AS at FROM events WHERE type = 'order.client.updated'`,
      );
      return { ...r, basis: tracked ? 'commit timestamps' : 'events.created_at (before the commit)' };
    });
    const lat = [];
    const afterAnswer = [];
    let first = Number.POSITIVE_INFINITY;
    let lastCommit = 0;
    let last = 0;
    for (const r of rows.rows) {
      first = Math.min(first, Number(r.at));
      lastCommit = Math.max(lastCommit, Number(r.at));
      const got = seen.get(r.id);
      if (got !== undefined) {
        lat.push(got - Number(r.at));
        afterAnswer.push(got - answeredAt.get(r.order_id));
        last = Math.max(last, got);
      }
    }
    lat.sort((a, b) => a - b);
    afterAnswer.sort((a, b) => a - b);
    const result = {
      setup: setup.name,
      command: 'npm run bench -- --only webhooks',
      events: rows.rowCount,
      delivered: lat.length,
      latency_from: rows.basis,
      patch_s: Math.round(patchSeconds * 10) / 10,
      produced_per_s: Math.round(rows.rowCount / ((lastCommit - first) / 1000)),
      total_s: Math.round((last - first) / 100) / 10,
      after_last_commit_s: Math.round((last - lastCommit) / 100) / 10,
      median_ms: Math.round(percentile(lat, 50)),
      p99_ms: Math.round(percentile(lat, 99)),
      // The same from the moment the API's answer (sent after the commit) reached the producer: a
      // lower bound (below zero when the webhook overtakes the answer). Without commit timestamps
      // the true figure lies between the two.
      median_after_answer_ms: Math.round(percentile(afterAnswer, 50)),
      p99_after_answer_ms: Math.round(percentile(afterAnswer, 99)),
    };
    log(
      `  ${setup.name}: total ${result.total_s} s, median ${result.median_ms} ms (from ${rows.basis}), p99 ${result.p99_ms} ms (${lat.length}/${rows.rowCount}); from the API's answer: median ${result.median_after_answer_ms} ms, p99 ${result.p99_after_answer_ms} ms; produced ${result.produced_per_s}/s, last receipt ${result.after_last_commit_s} s after the last commit`,
    );
    return result;
  } finally {
    for (const w of workers) await w.stop();
    await api.stop();
    await hooks.close();
  }
}

// Workers are woken by the commits that enqueue (polling is only their fallback), so the poll
// interval no longer matters here; the second setup moves delivery into its own process, woken by
// NOTIFY, as a deployment with WORKER=off and `npm run worker` would.
export const WEBHOOK_SETUPS = [
  { name: 'default settings (inline worker, WORKER_POLL_MS=500)', env: { WORKER: 'inline' } },
  { name: 'API with WORKER=off and one `npm run worker` process', env: { WORKER: 'off' }, workers: 1 },
];

export async function webhookRun({ server, events, log }) {
  const out = [];
  for (const setup of WEBHOOK_SETUPS) {
    log(`webhooks: ${setup.name}`);
    out.push(await oneSetup({ server, events, setup, log }));
  }
  return out;
}
