// Lighthouse 12 (default mobile config, simulated throttling) with Debian's Chromium on the landing,
// the buyer's pages and the shop area, served by the API on PGlite with the demo shop. The landing (`/`)
// also has its own, fuller measurement: bench/lighthouse-landing.ts.
// The buyer's pages (the order, step 1, step 2) run BUYER_RUNS times each and their median is the
// figure; the budget (bench/lighthouse-budget.mjs) fails the bench when one of those medians is below
// 95 or a buyer route's first load of JavaScript is over the ratchet of scripts/check-size.mjs.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { measureBuyerRoutes } from '../scripts/check-size.mjs';
import { ROOT, startApi } from './lib/proc.mjs';
import { lighthouseBudgetFailures, median } from './lighthouse-budget.mjs';

const DEMO = { id: '5f0c2a1e-8b7d-4c3a-9e21-6d4f0b8a7c15', key: 'sk_demo_4f7b2c9e1a8d6035b2e9c7f1a4d8b6e2' };
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export async function lighthouseRun({ quick = false, log }) {
  const buyerRuns = quick ? 3 : 5;
  const command = 'npm run bench -- --only lighthouse';
  if (!existsSync(join(ROOT, 'apps/web/dist/index.html'))) {
    return { command, error: 'apps/web/dist is not built (npm run build)' };
  }
  const dir = mkdtempSync(join(tmpdir(), 'b2bpay-bench-lh-'));
  const api = await startApi({
    env: { DATA_DIR: dir, DATABASE_URL: '', DEMO_SHOP: 'true', DEMO_SHOP_IN_PRODUCTION: 'true' },
  });
  let chrome;
  try {
    const created = await fetch(`${api.url}/api/order/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${DEMO.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ products: [{ name: 'Бумага А4', price: 350.1, quantity: 3 }] }),
    });
    const order = await created.json();
    const buyer = [`/client/${order.id}`, `/client/${order.id}/apply`, `/client/${order.id}/apply/step2`];
    const routes = [
      '/',
      ...buyer,
      `/shops/${DEMO.id}?token=${DEMO.key}`,
      `/shops/${DEMO.id}/all-orders?token=${DEMO.key}`,
    ];
    chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: FLAGS });
    const pages = [];
    for (const route of routes) {
      const runs = [];
      const times = buyer.includes(route) ? buyerRuns : 1;
      for (let i = 0; i < times; i++) {
        log(`  lighthouse ${route}${times > 1 ? ` (${i + 1}/${times})` : ''}`);
        const r = await lighthouse(`${api.url}${route}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        const lhr = r.lhr;
        const scripts = lhr.audits['resource-summary']?.details?.items?.find(
          (item) => item.resourceType === 'script',
        );
        runs.push({
          performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
          lcp_ms: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
          tbt_ms: Math.round(lhr.audits['total-blocking-time'].numericValue),
          cls: Math.round(lhr.audits['cumulative-layout-shift'].numericValue * 1000) / 1000,
          js_kb: scripts ? Math.round(scripts.transferSize / 102.4) / 10 : 0,
          runtime_error: lhr.runtimeError?.message,
        });
      }
      const of = (key) => median(runs.filter((run) => !run.runtime_error).map((run) => run[key]));
      pages.push({
        route: route
          .replace(order.id, '{id}')
          .replace(DEMO.id, '{id}')
          .replace(/\?token=.*/, '?token=…'),
        runs: runs.length,
        performance: of('performance'),
        performance_runs: runs.map((run) => (run.runtime_error ? Number.NaN : run.performance)),
        lcp_ms: of('lcp_ms'),
        tbt_ms: of('tbt_ms'),
        cls: of('cls'),
        js_kb: of('js_kb'),
        buyer: buyer.includes(route),
        runtime_error: runs.find((run) => run.runtime_error)?.runtime_error,
      });
    }
    const budget = lighthouseBudgetFailures({
      pages: pages.filter((p) => p.buyer).map((p) => ({ route: p.route, performance: p.performance_runs })),
      firstLoads: measureBuyerRoutes(join(ROOT, 'apps/web/dist'))?.routes ?? null,
    });
    return { command, pages, budget_failures: budget };
  } finally {
    await chrome?.kill();
    await api.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
