// Webhook delivery: N events (buyer step-1 saves, PATCH …/client, on orders with a webhook_url) to a
// receiver on 127.0.0.1. Latency of an event = its receipt time minus events.created_at (the time the
// change was made, just before its commit). Total = first event → last receipt.
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { join } from 'node:path';
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

function receiver(port) {
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
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve({ server, seen })));
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
  const { server: http, seen } = await receiver(receiverPort);
  const env = { DATABASE_URL: url, WEBHOOK_ALLOW_PRIVATE: 'true', ...setup.env };
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
    });
    const patchSeconds = (Date.now() - t0) / 1000;
    const deadline = Date.now() + 180_000;
    while (seen.size < events && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const rows = await withClient(url, (c) =>
      c.query(
        `SELECT id, extract(epoch FROM created_at) * 1000 AS at FROM events WHERE type = 'order.client.updated'`,
      ),
    );
    const lat = [];
    let first = Number.POSITIVE_INFINITY;
    let last = 0;
    for (const r of rows.rows) {
      first = Math.min(first, Number(r.at));
      const got = seen.get(r.id);
      if (got !== undefined) {
        lat.push(got - Number(r.at));
        last = Math.max(last, got);
      }
    }
    lat.sort((a, b) => a - b);
    const result = {
      setup: setup.name,
      command: 'npm run bench -- --only webhooks',
      events: rows.rowCount,
      delivered: lat.length,
      patch_s: Math.round(patchSeconds * 10) / 10,
      total_s: Math.round((last - first) / 100) / 10,
      median_ms: Math.round(percentile(lat, 50)),
      p99_ms: Math.round(percentile(lat, 99)),
    };
    log(
      `  ${setup.name}: total ${result.total_s} s, median ${result.median_ms} ms, p99 ${result.p99_ms} ms (${lat.length}/${rows.rowCount})`,
    );
    return result;
  } finally {
    for (const w of workers) await w.stop();
    await api.stop();
    await new Promise((r) => http.close(r));
  }
}

export const WEBHOOK_SETUPS = [
  { name: 'default settings (inline worker, WORKER_POLL_MS=500)', env: { WORKER: 'inline' } },
  { name: 'inline worker, WORKER_POLL_MS=20', env: { WORKER: 'inline', WORKER_POLL_MS: '20' } },
];

export async function webhookRun({ server, events, log }) {
  const out = [];
  for (const setup of WEBHOOK_SETUPS) {
    log(`webhooks: ${setup.name}`);
    out.push(await oneSetup({ server, events, setup, log }));
  }
  return out;
}
