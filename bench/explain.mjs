#!/usr/bin/env node
// EXPLAIN (ANALYZE, BUFFERS) of every statement the order list runs, for each filter combination and
// page: it calls the API's own listOrders service with a database wrapper that explains each statement
// before running it, so the plans are those of the code as it is. Run with tsx (TypeScript imports).
// Usage: DATABASE_URL=… tsx bench/explain.mjs <shop id> <output dir>
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openPostgres } from '../apps/api/src/db/postgres.ts';
import { listOrders } from '../apps/api/src/modules/orders/orders.service.ts';
import { OrderListQuery } from '../packages/domain/src/index.ts';
import { LIST_EXTRAS, LIST_FILTERS, PAGES } from './lib/scenarios.mjs';

const [shopId, outDir] = process.argv.slice(2);
const db = await openPostgres(process.env.DATABASE_URL, 2);
mkdirSync(outDir, { recursive: true });
const slug = (s) =>
  s
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();

const summary = [];
for (const scenario of [...LIST_FILTERS, ...LIST_EXTRAS]) {
  for (const page of PAGES) {
    const out = [`-- ${scenario.name}, page ${page}: ${JSON.stringify(scenario.query)}`];
    let total = 0;
    const explaining = {
      ...db,
      async query(sql, params = []) {
        // Warm once, then explain: the figures beside these are taken with a warm cache too.
        await db.query(sql, params);
        const plan = await db.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
        const text = plan.map((r) => r['QUERY PLAN']).join('\n');
        const ms = Number(/Execution Time: ([\d.]+) ms/.exec(text)?.[1] ?? 0);
        total += ms;
        out.push(
          '',
          sql.replace(/\s+/g, ' ').trim(),
          `-- params: ${JSON.stringify(params).slice(0, 300)}`,
          text,
        );
        return db.query(sql, params);
      },
    };
    const query = OrderListQuery.parse({ ...scenario.query, page });
    const result = await listOrders(
      { db: explaining, config: { PUBLIC_URL: 'http://bench' }, clock: { now: () => new Date() } },
      shopId,
      query,
    );
    const file = `${slug(scenario.name)}-p${page}.txt`;
    writeFileSync(join(outDir, file), `${out.join('\n')}\n`);
    summary.push({
      scenario: scenario.name,
      page,
      count: result.count,
      items: result.items.length,
      execution_ms: Math.round(total * 100) / 100,
      file,
    });
  }
}
await db.close();
console.log(JSON.stringify(summary));
