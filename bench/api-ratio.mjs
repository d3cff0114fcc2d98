#!/usr/bin/env node
// GET /api/order/orders/{id} (owner key) beside the raw ceiling (bench/ceiling.mjs), on a small data
// set of its own, with one or more checkouts of the API taking turns with the ceiling in short rounds
// (the same share of a busy machine for each), so a before/after pair is measured in one run:
//   node bench/api-ratio.mjs                        this checkout's API
//   node bench/api-ratio.mjs --api /tmp/before --api .   two checkouts (each with its node_modules)
//   node bench/api-ratio.mjs --rounds 7 --seconds 3 --orders 20000
//   node bench/api-ratio.mjs --api /tmp/before --api . --create   POST create too (5 shops, in turns)
// The data set (database b2bpay_bench_ratio on BENCH_PG, marked as the benchmark's) is generated once
// and kept. Prints req/s per round, the ratios, the server CPU per request (/proc) and the load average.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BIG_SHOP, generate, OTHER_SHOP_KEY } from './generate.mjs';
import { databaseState, databaseUrl, freshDatabase, withClient } from './lib/db.mjs';
import { load } from './lib/load.mjs';
import { BENCH_OPERATOR_ENV, freePort, ROOT, start, waitFor } from './lib/proc.mjs';

const { values: opts } = parseArgs({
  options: {
    api: { type: 'string', multiple: true },
    rounds: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '3' },
    orders: { type: 'string', default: '20000' },
    connections: { type: 'string', default: '50' },
    create: { type: 'boolean', default: false },
  },
});
const SERVER = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB = 'b2bpay_bench_ratio';
const url = databaseUrl(SERVER, DB);
const orders = Number(opts.orders);
const connections = Number(opts.connections);
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

if ((await databaseState(SERVER, DB)) !== 'ours') {
  await freshDatabase(SERVER, DB);
  await generate({ url, orders, shops: 5, small: 200 });
}
const ids = await withClient(url, async (c) => {
  const r = await c.query('SELECT id FROM orders WHERE shop_id = $1 ORDER BY order_number LIMIT 2000', [
    BIG_SHOP.id,
  ]);
  return r.rows.map((x) => x.id);
});

const env = {
  HOST: '127.0.0.1',
  DATABASE_URL: url,
  NODE_ENV: 'production',
  ...BENCH_OPERATOR_ENV,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_MINUTE: '100000000',
  WORKER: 'off',
};
async function server(name, command, args, cwd, health) {
  const port = await freePort();
  const p = start(command, args, { cwd, name, env: { ...env, PORT: String(port) } });
  await Promise.race([
    waitFor(`http://127.0.0.1:${port}${health}`, { timeoutMs: 120_000 }),
    p.exited.then(() => {
      throw new Error(`${name} exited:\n${p.output()}`);
    }),
  ]);
  return { ...p, name, url: `http://127.0.0.1:${port}`, runs: [], cpu: 0 };
}

const servers = [
  await server('ceiling', process.execPath, [join(ROOT, 'bench/ceiling.mjs')], ROOT, '/health'),
];
servers[0].prefix = '/orders/';
for (const root of opts.api ?? [ROOT]) {
  const dir = resolve(root);
  const s = await server(
    `api ${dir}`,
    join(dir, 'node_modules/.bin/tsx'),
    [join(dir, 'apps/api/src/main.ts')],
    dir,
    '/api/health',
  );
  s.prefix = '/api/order/orders/';
  s.headers = { authorization: `Bearer ${BIG_SHOP.secretKey}` };
  servers.push(s);
}
/** user + system CPU time of a process group's leader and its children in ms (/proc, 10 ms ticks). */
const cpuMs = (pid) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * 10;
};
/** The node process that serves (tsx starts the API as its child). */
const serving = (pid) => {
  try {
    const kids = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean);
    return kids.length ? serving(Number(kids[0])) : pid;
  } catch {
    return pid;
  }
};
/** PostgreSQL's backends serving the data set's database now (the servers' pools). */
const backends = () =>
  withClient(databaseUrl(SERVER, 'postgres'), async (c) => {
    const r = await c.query('SELECT pid FROM pg_stat_activity WHERE datname = $1', [DB]);
    return r.rows.map((x) => x.pid);
  });
/** CPU of processes by pid, 0 for one that is gone (or not readable: PostgreSQL elsewhere). */
const cpuOf = (pids) => {
  const out = new Map();
  for (const pid of pids) {
    try {
      out.set(pid, cpuMs(pid));
    } catch {
      out.set(pid, 0);
    }
  }
  return out;
};
let i = 0;
const next = (s) => () => ({
  method: 'GET',
  path: `${s.prefix}${ids[i++ % ids.length]}`,
  headers: s.headers ?? {},
});
try {
  console.log(`load average at start: ${loadavg()}`);
  for (const s of servers) await load({ url: s.url, connections, duration: 2, next: next(s) });
  for (let round = 0; round < Number(opts.rounds); round++) {
    for (const s of servers) {
      const pid = serving(s.child.pid);
      const c0 = cpuMs(pid);
      const pg0 = cpuOf(await backends());
      const own0 = process.cpuUsage();
      const r = await load({ url: s.url, connections, duration: Number(opts.seconds), next: next(s) });
      s.cpu += cpuMs(pid) - c0;
      const own = process.cpuUsage(own0);
      s.loadCpu = (s.loadCpu ?? 0) + (own.user + own.system) / 1000;
      // Backends that appeared during the round count from zero (they started in it).
      const pg1 = cpuOf(new Set([...pg0.keys(), ...(await backends())]));
      for (const [p, ms] of pg1) s.pgCpu = (s.pgCpu ?? 0) + Math.max(0, ms - (pg0.get(p) ?? 0));
      if (r.errors || r.non_2xx) throw new Error(`${s.name}: ${r.errors} errors, ${r.non_2xx} non-2xx`);
      s.runs.push(r);
    }
  }
  const ceiling = servers[0];
  const total = (s) => {
    const requests = s.runs.reduce((n, r) => n + r.requests, 0);
    const seconds = s.runs.reduce((n, r) => n + r.requests / r.rps, 0);
    return { requests, rps: Math.round(requests / seconds) };
  };
  for (const s of servers) {
    const t = total(s);
    const ratio = ((t.rps / total(ceiling).rps) * 100).toFixed(1);
    const rounds = s.runs.map((r, k) => ((r.rps / ceiling.runs[k].rps) * 100).toFixed(1)).join(', ');
    const p50 = s.runs.map((r) => r.p50_ms).sort((a, b) => a - b)[Math.floor(s.runs.length / 2)];
    console.log(
      `${s.name}: ${t.rps} req/s (rounds ${s.runs.map((r) => r.rps).join(', ')}), p50 ${p50} ms, ` +
        `CPU ms/request: server ${(s.cpu / t.requests).toFixed(3)}, PostgreSQL ${(s.pgCpu / t.requests).toFixed(3)}, ` +
        `load generator ${(s.loadCpu / t.requests).toFixed(3)}; ${ratio} % of the ceiling (rounds ${rounds})`,
    );
  }
  if (opts.create) {
    console.log(
      `POST /api/order/orders across 5 shops (3 products, Idempotency-Key); load average ${loadavg()}`,
    );
    const runId = Date.now().toString(36);
    let n = 0;
    const body = JSON.stringify({
      products: [
        { name: 'Бумага А4, 500 листов', price: 350.1, quantity: 3 },
        { name: 'Картридж HP 85A', price: 4290, quantity: 1 },
        { name: 'Папка-регистратор', price: 189.9, quantity: 10 },
      ],
    });
    const nextCreate = () => {
      n++;
      return {
        method: 'POST',
        path: '/api/order/orders',
        headers: {
          authorization: `Bearer ${OTHER_SHOP_KEY((n % 5) + 1)}`,
          'content-type': 'application/json',
          'idempotency-key': `ratio-${runId}-${n}`,
        },
        body,
      };
    };
    const apis = servers.slice(1);
    const creates = new Map(apis.map((s) => [s, []]));
    for (let round = 0; round < Number(opts.rounds); round++) {
      for (const s of apis) {
        const r = await load({ url: s.url, connections, duration: Number(opts.seconds), next: nextCreate });
        if (r.errors || r.non_2xx)
          throw new Error(`${s.name} create: ${r.errors} errors, ${r.non_2xx} non-2xx`);
        creates.get(s).push(r);
      }
    }
    for (const [s, runs] of creates) {
      const requests = runs.reduce((k, r) => k + r.requests, 0);
      const seconds = runs.reduce((k, r) => k + r.requests / r.rps, 0);
      const p99 = runs.map((r) => r.p99_ms).sort((a, b) => a - b)[Math.floor(runs.length / 2)];
      console.log(
        `${s.name} create: ${Math.round(requests / seconds)} req/s (rounds ${runs.map((r) => r.rps).join(', ')}), p99 ${p99} ms`,
      );
    }
  }
  console.log(`load average at end: ${loadavg()}`);
} finally {
  for (const s of servers) await s.stop();
}
