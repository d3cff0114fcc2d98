// Lighthouse 12 (default mobile config, simulated throttling) with Debian's Chromium on the landing,
// the buyer's page and the shop area, served by the API on PGlite with the demo shop. The landing (`/`)
// also has its own, fuller measurement: bench/lighthouse-landing.ts.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ROOT, startApi } from './lib/proc.mjs';

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

export async function lighthouseRun({ log }) {
  const command = 'npm run bench -- --only lighthouse';
  if (!existsSync(join(ROOT, 'apps/web/dist/index.html'))) {
    return { command, error: 'apps/web/dist is not built (npm run build)' };
  }
  const dir = mkdtempSync(join(tmpdir(), 'b2bpay-bench-lh-'));
  const api = await startApi({ env: { DATA_DIR: dir, DATABASE_URL: '', DEMO_SHOP: 'true' } });
  let chrome;
  try {
    const created = await fetch(`${api.url}/api/order/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${DEMO.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ products: [{ name: 'Бумага А4', price: 350.1, quantity: 3 }] }),
    });
    const order = await created.json();
    const routes = [
      '/',
      `/client/${order.id}`,
      `/shops/${DEMO.id}?token=${DEMO.key}`,
      `/shops/${DEMO.id}/all-orders?token=${DEMO.key}`,
    ];
    chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: FLAGS });
    const pages = [];
    for (const route of routes) {
      log(`  lighthouse ${route}`);
      const r = await lighthouse(`${api.url}${route}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      const lhr = r.lhr;
      const scripts = lhr.audits['resource-summary']?.details?.items?.find(
        (i) => i.resourceType === 'script',
      );
      pages.push({
        route: route
          .replace(order.id, '{id}')
          .replace(DEMO.id, '{id}')
          .replace(/\?token=.*/, '?token=…'),
        performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
        lcp_ms: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
        tbt_ms: Math.round(lhr.audits['total-blocking-time'].numericValue),
        cls: Math.round(lhr.audits['cumulative-layout-shift'].numericValue * 1000) / 1000,
        js_kb: scripts ? Math.round(scripts.transferSize / 102.4) / 10 : 0,
        runtime_error: lhr.runtimeError?.message,
      });
    }
    return { command, pages };
  } finally {
    await chrome?.kill();
    await api.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
