// Writes the generated sections of bench/RESULTS.md between their markers, leaving every other part
// of the file (hand-written notes, other sections such as «Landing page») as it is.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './proc.mjs';

const FILE = join(ROOT, 'bench/RESULTS.md');
const START = '<!-- bench:generated:start (bench/run.mjs writes this part; edit outside it) -->';
const END = '<!-- bench:generated:end -->';

const ms = (v) => (v === null || v === undefined ? '—' : `${v} ms`);
const mark = (ok) => (ok ? '✅' : '❌');
const num = (v) =>
  v === null || v === undefined ? '—' : Number(v).toLocaleString('en-US').replace(/,/g, ' ');

function readBaseline() {
  try {
    return JSON.parse(readFileSync(join(ROOT, 'bench/results/baseline.json'), 'utf8'));
  } catch {
    return null;
  }
}

export function renderResults(r, { quick }) {
  const L = [];
  const cmd = (c) => `Command: \`${c}\``;
  L.push(START, '');
  if (quick)
    L.push('> **Quick run** (`--quick`, 100,000 orders): a smoke run, not the reference figures.', '');
  L.push(
    `Machine: ${r.machine?.cpus} cores (${r.machine?.cpu}), ${r.machine?.memory_gib} GiB, Node ${r.machine?.node}, PostgreSQL 15 on 127.0.0.1 (default settings: shared_buffers 128 MB, synchronous_commit on). Finished ${r.finished_at ?? '(partial run)'}.`,
    '',
  );
  if (r.load_average && Object.keys(r.load_average).length) {
    L.push(
      `1-minute load average of the machine when each section started (2 cores; other sessions' builds and tests run beside the benchmark): ${Object.entries(
        r.load_average,
      )
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}.`,
      '',
    );
  }
  if (r.data) {
    L.push('### Data set', '', cmd(r.data.command), '');
    L.push(
      `${num(r.data.orders)} orders (one shop with ${num(r.params?.orders)}, ${r.params?.shops} shops with ${num(r.params?.small)}), ${num(r.data.products)} products, ${num(r.data.clients)} clients; ${r.data.size} on disk; generated in ${r.data.seconds} s.`,
      '',
    );
  }
  if (r.get) {
    const g = r.get;
    L.push(
      '### GET /api/order/orders/{id} beside the raw ceiling',
      '',
      cmd(g.command ?? 'npm run bench -- --only api'),
      '',
    );
    L.push('| server | connections | req/s | p50 | p99 |', '| --- | --- | --- | --- | --- |');
    if (g.ceiling)
      L.push(
        `| ceiling: bare Fastify + one PK select (bench/ceiling.mjs) | ${g.ceiling.connections} | ${num(g.ceiling.rps)} | ${ms(g.ceiling.p50_ms)} | ${ms(g.ceiling.p99_ms)} |`,
      );
    if (g.api)
      L.push(
        `| B2BPay API, owner key | ${g.api.connections} | ${num(g.api.rps)} | ${ms(g.api.p50_ms)} | ${ms(g.api.p99_ms)} |`,
      );
    if (g.ratio !== undefined)
      L.push('', `API / ceiling throughput: **${g.ratio} %** (target ≥ 80 %) ${mark(g.ratio >= 80)}`);
    if (g.round_ratios)
      L.push(
        '',
        `The two servers took turns in ${g.round_ratios.length} short rounds (the same share of a busy machine for both); the ratio of each round: ${g.round_ratios.join(' %, ')} %. p50/p99: the median of the rounds'.`,
      );
    L.push('');
  }
  if (r.create) {
    const c = r.create;
    L.push(
      '### POST /api/order/orders (3 products, Idempotency-Key, durable commit)',
      '',
      cmd(c.command),
      '',
    );
    L.push(
      '| run | connections | req/s | p50 | p99 | target ≥ 1 500 req/s, p99 ≤ 50 ms |',
      '| --- | --- | --- | --- | --- | --- |',
    );
    for (const [name, x] of [
      [`across ${r.params?.shops} shops`, c.many_shops],
      ['one shop', c.one_shop],
    ]) {
      if (x)
        L.push(
          `| ${name} | ${x.connections} | ${num(x.rps)} | ${ms(x.p50_ms)} | ${ms(x.p99_ms)} | ${mark(x.rps >= 1500 && x.p99_ms <= 50)} |`,
        );
    }
    L.push('');
  }
  if (r.list) {
    L.push(
      `### GET /api/order/orders on the ${num(r.params?.orders)}-order shop`,
      '',
      cmd(r.list.command),
      '',
    );
    L.push(
      'Each row: one connection (the latency of one request, target p95 ≤ 20 ms), then 50 connections (throughput and latency under load). `count` is checked against a plain `count(*)` before each row. Plans: `bench/results/explain/`.',
      '',
    );
    L.push(
      '| filter | page | count | 1 conn p50 | 1 conn p95 | ≤ 20 ms | 50 conn req/s | 50 conn p95 | SQL execution (EXPLAIN ANALYZE) |',
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    );
    for (const row of r.list.rows) {
      const plan = r.explain?.find((e) => e.scenario === row.scenario && e.page === row.page);
      const name = row.extra ? `${row.scenario} *(extra)*` : row.scenario;
      L.push(
        `| ${name} | ${row.page} | ${num(row.count)} | ${ms(row.one.p50_ms)} | ${ms(row.one.p95_ms)} | ${mark(row.one.p95_ms <= 20)} | ${num(row.many.rps)} | ${ms(row.many.p95_ms)} | ${plan ? `[${ms(plan.execution_ms)}](results/explain/${plan.file})` : '—'} |`,
      );
    }
    L.push('');
  }
  if (r.pglite) {
    const p = r.pglite;
    L.push('### Embedded PGlite (same create and read runs)', '', cmd(p.command), '');
    L.push('| run | connections | req/s | p50 | p99 |', '| --- | --- | --- | --- | --- |');
    L.push(
      `| POST /api/order/orders (10 shops) | ${p.create.connections} | ${num(p.create.rps)} | ${ms(p.create.p50_ms)} | ${ms(p.create.p99_ms)} |`,
    );
    L.push(
      `| GET /api/order/orders/{id} | ${p.get.connections} | ${num(p.get.rps)} | ${ms(p.get.p50_ms)} | ${ms(p.get.p99_ms)} |`,
    );
    L.push('');
  }
  if (r.webhooks) {
    for (const w of Array.isArray(r.webhooks) ? r.webhooks : [r.webhooks]) {
      L.push(
        `### Webhooks: ${num(w.events)} events to a loopback receiver — ${w.setup}`,
        '',
        cmd(w.command),
        '',
      );
      L.push(
        "| total (first commit → last receipt) | ≤ 20 s | median commit → receipt | ≤ 100 ms | p99 | median / p99 from the API's answer | events produced | last receipt after last commit | delivered |",
        '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
      );
      // Older result files lack the fields the producer-side figures came with.
      const answer =
        w.median_after_answer_ms === undefined
          ? '—'
          : `${ms(w.median_after_answer_ms)} / ${ms(w.p99_after_answer_ms)}`;
      const produced = w.produced_per_s === undefined ? '—' : `${num(w.produced_per_s)}/s`;
      const tail = w.after_last_commit_s === undefined ? '—' : `${w.after_last_commit_s} s`;
      L.push(
        `| ${w.total_s} s | ${mark(w.total_s <= 20)} | ${ms(w.median_ms)} | ${mark(w.median_ms <= 100)} | ${ms(w.p99_ms)} | ${answer} | ${produced} | ${tail} | ${num(w.delivered)} / ${num(w.events)} |`,
      );
      if (w.latency_from) L.push('', `Commit → receipt is measured from ${w.latency_from}.`);
      L.push('');
    }
  }
  if (r.startup) {
    const s = r.startup;
    L.push('### Start-up: `npm start` on a built tree to /api/health answering', '', cmd(s.command), '');
    L.push('| start | median | max | ≤ 5 s |', '| --- | --- | --- | --- |');
    for (const row of s.rows)
      L.push(
        `| ${row.name} (${row.runs} runs) | ${row.median_ms} ms | ${row.max_ms} ms | ${mark(row.median_ms <= 5000)} |`,
      );
    L.push('');
  }
  if (r.lighthouse) {
    const l = r.lighthouse;
    L.push('### Lighthouse (mobile, Debian Chromium) — shop and buyer pages', '', cmd(l.command), '');
    if (l.error) L.push(`Not measured: ${l.error}`, '');
    else {
      L.push(
        '| page | performance | ≥ 98 | LCP | TBT | CLS | JS transferred |',
        '| --- | --- | --- | --- | --- | --- | --- |',
      );
      for (const p of l.pages) {
        if (p.runtime_error) {
          L.push(`| \`${p.route}\` | not measured: ${p.runtime_error.slice(0, 160)} | ❌ | | | | |`);
          continue;
        }
        L.push(
          `| \`${p.route}\`${p.runs > 1 ? ` (median of ${p.runs})` : ''} | ${p.performance} | ${mark(p.performance >= 98)} | ${ms(p.lcp_ms)} | ${ms(p.tbt_ms)} | ${p.cls} | ${p.js_kb} KB |`,
        );
      }
      L.push('');
      const over = l.budget_failures ?? [];
      L.push(
        over.length > 0
          ? `**Budget failed** (buyer pages' median ≥ 95, first load within check-size's ratchet): ${over.join('; ')}`
          : `Budget met: every buyer page's median ≥ 95, every buyer first load within check-size's ratchet.`,
        '',
      );
    }
  }
  const before = readBaseline();
  if (before && !quick) {
    L.push(
      '### Before / after the changes of this issue',
      '',
      'Before: `bench/results/baseline.json`, the same runs (`node bench/run.mjs --reuse --only api,list,create,explain`) on a data set from the same generator, at commit 19b2cdb, before migration 006 and the API changes; after: this run.',
      '',
      '| measure | before | after |',
      '| --- | --- | --- |',
    );
    if (before.get?.api && r.get?.api) {
      L.push(
        `| GET by id: API / ceiling | ${before.get.ratio} % (${before.get.api.rps} / ${before.get.ceiling.rps} req/s) | ${r.get.ratio} % (${r.get.api.rps} / ${r.get.ceiling.rps} req/s) |`,
      );
      L.push(`| GET by id: p99 | ${ms(before.get.api.p99_ms)} | ${ms(r.get.api.p99_ms)} |`);
    }
    for (const row of r.list?.rows ?? []) {
      const old = before.list?.rows?.find((x) => x.scenario === row.scenario && x.page === row.page);
      if (old)
        L.push(
          `| list, ${row.scenario}, page ${row.page}: p95 (1 conn) | ${ms(old.one.p95_ms)} | ${ms(row.one.p95_ms)} |`,
        );
    }
    for (const e of r.explain ?? []) {
      const old = before.explain?.find((x) => x.scenario === e.scenario && x.page === e.page);
      if (old)
        L.push(
          `| list, ${e.scenario}, page ${e.page}: SQL execution | ${ms(old.execution_ms)} | ${ms(e.execution_ms)} |`,
        );
    }
    if (before.create?.one_shop && r.create?.one_shop && r.create?.many_shops) {
      L.push(
        `| POST across shops: req/s, p99 | ${before.create.many_shops.rps}, ${ms(before.create.many_shops.p99_ms)} | ${r.create.many_shops.rps}, ${ms(r.create.many_shops.p99_ms)} |`,
      );
      L.push(
        `| POST one shop: req/s, p99 | ${before.create.one_shop.rps}, ${ms(before.create.one_shop.p99_ms)} | ${r.create.one_shop.rps}, ${ms(r.create.one_shop.p99_ms)} |`,
      );
    }
    L.push('');
  }
  L.push(END);
  return L.join('\n');
}

export function writeResults(r, { quick }) {
  if (quick) {
    writeFileSync(join(ROOT, 'bench/results/quick.md'), `${renderResults(r, { quick })}\n`);
    return;
  }
  const block = renderResults(r, { quick });
  let text = existsSync(FILE) ? readFileSync(FILE, 'utf8') : '# Benchmark results\n\n';
  const a = text.indexOf(START);
  const b = text.indexOf(END);
  if (a >= 0 && b > a) text = text.slice(0, a) + block + text.slice(b + END.length);
  else text = `${text.trimEnd()}\n\n## API, database, webhooks, start-up, shop and buyer pages\n\n${block}\n`;
  writeFileSync(FILE, text);
}
