#!/usr/bin/env node
// Memory of the API while it streams GET /api/order/orders/export.csv: the whole
// benchmark shop, every order, over a real socket, read as fast as the client can and then again by a
// slow client (so the server has to hold back rather than buffer). Peaks are sampled inside the API
// process (bench/lib/memory-sampler.cjs: process.memoryUsage() every 10 ms), before and during each
// export; "flat" means the peak during the export does not grow with the number of orders.
//
//   node bench/export-memory.mjs --orders 100000          # fresh database b2bpay_bench_export
//   node bench/export-memory.mjs --orders 1000000
//   node bench/export-memory.mjs --orders 1000000 --reuse # keep the data set of an earlier run
//
// PostgreSQL at BENCH_PG (default postgres://postgres@127.0.0.1:5432/postgres). The API runs as
// `npm start` would (the bundle of `npm run build -w @b2bpay/api` when fresh, else tsx); the figures
// say which.
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { freshBundledEntry } from '../apps/api/build-state.mjs';
import { BIG_SHOP, generate } from './generate.mjs';
import { databaseState, databaseUrl, freshDatabase } from './lib/db.mjs';
import { startApi } from './lib/proc.mjs';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '1000000' },
    reuse: { type: 'boolean', default: false },
    'slow-kb-per-s': { type: 'string', default: '2048' },
    // Caps the API's V8 heap (--max-old-space-size): an export that buffered would die of it.
    'max-old-space-mb': { type: 'string' },
  },
});
const ORDERS = Number(values.orders);
const SERVER = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB = 'b2bpay_bench_export';
const MB = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function dataSet() {
  const state = await databaseState(SERVER, DB);
  let url = databaseUrl(SERVER, DB);
  if (!(values.reuse && state === 'ours')) {
    url = await freshDatabase(SERVER, DB);
    const t0 = Date.now();
    await generate({ url, orders: ORDERS, shops: 0, small: 0 });
    // The generator predates payouts: give the paid orders one, as the sandbox banks would, so the
    // rows carry every column of the export.
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(
      `UPDATE orders SET payout_bank = (ARRAY['sever','volga','ural'])[1 + order_number % 3],
                          payout_kopecks = amount_kopecks, payout_fee_kopecks = 0,
                          payout_reference = 'PP-' || lpad(order_number::text, 10, '0'),
                          paid_at = updated_at
                    WHERE status = 'payment_sent' AND shop_id = $1`,
      [BIG_SHOP.id],
    );
    await c.query('VACUUM ANALYZE orders');
    await c.end();
    console.log(`data set: ${ORDERS} orders in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  }
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const n = Number(
    (await c.query('SELECT count(*) AS n FROM orders WHERE shop_id = $1', [BIG_SHOP.id])).rows[0].n,
  );
  await c.end();
  return { url, n };
}

/** Reads the whole answer in chunks, keeping none of it; `kbPerS` > 0 paces the reader. */
async function readExport(base, kbPerS) {
  const started = performance.now();
  const res = await fetch(`${base}/api/order/orders/export.csv`, {
    headers: { Authorization: `Bearer ${BIG_SHOP.secretKey}` },
  });
  if (res.status !== 200) throw new Error(`export: ${res.status} ${await res.text()}`);
  let bytes = 0;
  let lines = 0;
  let firstByteMs = null;
  for await (const chunk of res.body) {
    firstByteMs ??= performance.now() - started;
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines += 1;
    if (kbPerS > 0) {
      const due = (bytes / 1024 / kbPerS) * 1000 - (performance.now() - started);
      if (due > 0) await new Promise((resolve) => setTimeout(resolve, due));
    }
  }
  return { bytes, rows: lines - 1, seconds: (performance.now() - started) / 1000, firstByteMs };
}

const { url, n } = await dataSet();
const out = join(tmpdir(), `export-memory-${process.pid}.jsonl`);
rmSync(out, { force: true });
const how = freshBundledEntry('main') ? 'bundle' : 'tsx';
const api = await startApi({
  env: {
    DATABASE_URL: url,
    NODE_OPTIONS: [
      `--require ${join(import.meta.dirname, 'lib/memory-sampler.cjs')}`,
      values['max-old-space-mb'] ? `--max-old-space-size=${values['max-old-space-mb']}` : '',
    ].join(' '),
    MEMORY_SAMPLER_OUT: out,
  },
});
const peaks = async () => {
  const before = readFileSync(out, { flag: 'a+' }).toString().split('\n').filter(Boolean).length;
  // The whole process group: the API answers whether it runs from the bundle or under tsx.
  process.kill(-api.child.pid, 'SIGUSR2');
  for (;;) {
    const lines = readFileSync(out, { flag: 'a+' }).toString().split('\n').filter(Boolean);
    if (lines.length > before) return JSON.parse(lines.at(-1));
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

const slowKb = Number(values['slow-kb-per-s']);
const runs = [];
try {
  // A small warm-up export (first page only, a filter nothing matches) so code loading is not counted.
  await fetch(`${api.url}/api/order/orders/export.csv?order_id=0000000000`, {
    headers: { Authorization: `Bearer ${BIG_SHOP.secretKey}` },
  }).then((r) => r.arrayBuffer());
  for (const [label, kbPerS] of [
    ['fast client', 0],
    [`slow client (${slowKb} KB/s)`, slowKb],
  ]) {
    const idle = await peaks();
    const read = await readExport(api.url, kbPerS);
    const during = await peaks();
    runs.push({ label, idle, during, read });
  }
} finally {
  await api.stop();
  rmSync(out, { force: true });
}

const cap = values['max-old-space-mb'] ? `, API heap capped at ${values['max-old-space-mb']} MB` : '';
console.log(
  `\nGET /api/order/orders/export.csv, ${n.toLocaleString('en')} orders of one shop (PostgreSQL, API from the ${how}${cap})`,
);
console.log(
  '| reader | rows | CSV | time | RSS before | RSS peak | heap used before | heap used peak | external + buffers peak |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const { label, idle, during, read } of runs) {
  console.log(
    `| ${label} | ${read.rows.toLocaleString('en')} | ${MB(read.bytes)} | ${read.seconds.toFixed(1)} s | ${MB(idle.now.rss)} | ${MB(during.rss)} | ${MB(idle.now.heapUsed)} | ${MB(during.heapUsed)} | ${MB(during.external + during.arrayBuffers)} |`,
  );
}
