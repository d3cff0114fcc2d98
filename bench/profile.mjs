#!/usr/bin/env node
// CPU profile of the API under load: node --cpu-prof over the API (on the generated data set), 50
// connections for 10 s on one route, then the functions with the most self time.
//   node bench/profile.mjs                      GET /api/order/orders/{id}
//   node bench/profile.mjs '/api/order/orders?status=payment_sent'
//   node bench/profile.mjs --ceiling             the same on bench/ceiling.mjs, for comparison
//   node bench/profile.mjs /client/<id> --gzip   a buyer page as a browser asks for it (Accept-Encoding)
// Besides the profile it prints the server process's CPU time per request (user + system, from
// /proc): unlike req/s, that figure hardly moves with the load other work puts on the machine.
// The .cpuprofile (open it in Chrome DevTools) is written to $TMPDIR/b2bpay-profile/.
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { BIG_SHOP } from './generate.mjs';
import { load } from './lib/load.mjs';
import { BENCH_OPERATOR_ENV, freePort, ROOT, start, waitFor } from './lib/proc.mjs';

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/b2bpay_bench';
const dir = join(tmpdir(), 'b2bpay-profile');
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const c = new pg.Client({ connectionString: url });
await c.connect();
const ids = (
  await c.query('SELECT id FROM orders WHERE shop_id = $1 AND order_number % 500 = 7 LIMIT 2000', [
    BIG_SHOP.id,
  ])
).rows.map((r) => r.id);
await c.end();
const ceiling = process.argv.includes('--ceiling');
const path = process.argv.slice(2).find((a) => !a.startsWith('--'));
const port = await freePort();
const server = ceiling
  ? [join(ROOT, 'bench/ceiling.mjs')]
  : ['--import', 'tsx', join(ROOT, 'apps/api/src/main.ts')];
const p = start(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${dir}`, ...server], {
  env: {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: url,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000000',
    WORKER: 'off',
    NODE_ENV: 'production',
    ...BENCH_OPERATOR_ENV,
  },
});
await waitFor(`http://127.0.0.1:${port}/${ceiling ? 'health' : 'api/health'}`);
let i = 0;
const next = () => ({
  method: 'GET',
  path: path ?? `${ceiling ? '/orders/' : '/api/order/orders/'}${ids[i++ % ids.length]}`,
  headers: {
    authorization: `Bearer ${BIG_SHOP.secretKey}`,
    ...(process.argv.includes('--gzip') ? { 'accept-encoding': 'gzip, deflate, br' } : {}),
  },
});
const url0 = `http://127.0.0.1:${port}`;
await load({ url: url0, connections: 50, duration: 3, next });
/** user + system CPU time of a process in ms (/proc/<pid>/stat, clock ticks of 10 ms). */
const cpuMs = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const cpu0 = cpuMs(p.child.pid);
const r = await load({ url: url0, connections: 50, duration: 10, next });
const cpuPerRequest = (cpuMs(p.child.pid) - cpu0) / r.requests;
console.log(
  `${r.rps} req/s, p50 ${r.p50_ms} ms, p99 ${r.p99_ms} ms; server CPU ${cpuPerRequest.toFixed(3)} ms/request`,
);
process.kill(p.child.pid, 'SIGINT');
await p.exited;

const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
const prof = JSON.parse(readFileSync(join(dir, file), 'utf8'));
const dt = new Map();
for (let k = 0; k < prof.samples.length; k++)
  dt.set(prof.samples[k], (dt.get(prof.samples[k]) ?? 0) + (prof.timeDeltas[k] ?? 0));
const self = new Map();
let total = 0;
for (const node of prof.nodes) {
  const t = dt.get(node.id) ?? 0;
  total += t;
  const f = node.callFrame;
  const key = `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*node_modules\//, '').replace(ROOT, '')}:${f.lineNumber + 1}`;
  self.set(key, (self.get(key) ?? 0) + t);
}
const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30);
for (const [k, t] of top) console.log(`${((t / total) * 100).toFixed(1).padStart(5)} %  ${k}`);
console.log(`profile: ${join(dir, file)}`);
