#!/usr/bin/env node
// Size budgets, gzip level 9: the widget script ≤ 8 KB (shops put it on every product page), and
// each buyer route's chunks ≤ 100 KB: the lazy part a buyer downloads for that route beyond the app's
// entry (the route chunk and the chunks it imports that the entry does not). The whole first load
// (entry + route) is printed too, for information.
//
// The buyer routes are found in the built app without a Vite manifest: index.html names the entry
// script, its preloads and the stylesheet; each buyer page is the lazy chunk named after its module
// (static/js/order-page-<hash>.js), and what it needs is the closure of its static imports.
// Run by `npm test` after the browser tests (which build both); `node scripts/check-size.mjs` alone
// builds the widget if needed and skips the buyer routes when apps/web/dist is missing.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const WIDGET_BUDGET = 8 * 1024;
const ROUTE_BUDGET = 100 * 1024;
// The lazy modules of the buyer routes in apps/web/src/app/router.tsx.
const BUYER_PAGES = [
  ['/client/{orderId}', 'order-page'],
  ['/client/{orderId}/apply', 'apply-step1-page'],
  ['/client/{orderId}/apply/step2', 'apply-step2-page'],
  ['/client/{orderId}/success', 'success-page'],
  ['/client/faq', 'buyer-faq-page'],
  ['/client/support', 'buyer-support-page'],
];

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipSize = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
let failed = false;

function report(ok, line) {
  console.log(`${ok ? '✓' : '✗'} ${line}`);
  if (!ok) failed = true;
}

// --- The widget -------------------------------------------------------------------------------
const widget = join(root, 'apps/widget/dist/v1/b2bpay.js');
const newest = (path) =>
  statSync(path).isDirectory()
    ? Math.max(0, ...readdirSync(path).map((entry) => newest(join(path, entry))))
    : statSync(path).mtimeMs;
if (!existsSync(widget) || statSync(widget).mtimeMs < newest(join(root, 'apps/widget/src'))) {
  execFileSync(process.execPath, [join(root, 'apps/widget/build.mjs')], { stdio: 'inherit' });
}
const widgetSize = gzipSize(widget);
report(
  widgetSize <= WIDGET_BUDGET,
  `widget /widget/v1/b2bpay.js: ${kb(widgetSize)} gzip (budget ${kb(WIDGET_BUDGET)})`,
);

// --- The buyer routes -------------------------------------------------------------------------
const dist = join(root, 'apps/web/dist');
if (!existsSync(join(dist, 'index.html'))) {
  console.log('- buyer routes: apps/web/dist is missing, not measured (npm run build -w @b2bpay/web)');
} else {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const attributes = (tag, attribute) =>
    [...html.matchAll(new RegExp(`<${tag}\\b[^>]*\\b${attribute}="/([^"]+)"`, 'g'))].map((m) => m[1]);
  const entry = [
    ...attributes('script', 'src'),
    ...[...html.matchAll(/<link\b[^>]*rel="(?:modulepreload|stylesheet)"[^>]*href="\/([^"]+)"/g)].map(
      (m) => m[1],
    ),
  ];
  if (entry.length === 0)
    throw new Error('check-size: no script or stylesheet found in apps/web/dist/index.html');

  // Static imports only: `import{…}from"./x.js"` and `import"./x.js"`; `import("./x.js")` is lazy.
  const closure = (file, seen = new Set()) => {
    if (seen.has(file)) return seen;
    seen.add(file);
    if (!file.endsWith('.js')) return seen;
    const code = readFileSync(join(dist, file), 'utf8');
    for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.js)["']/g)) {
      closure(join(dirname(file), m[1]), seen);
    }
    return seen;
  };
  const base = new Set();
  for (const file of entry) closure(file, base);

  const chunks = readdirSync(join(dist, 'static/js'));
  for (const [route, page] of BUYER_PAGES) {
    const matches = chunks.filter((name) => new RegExp(`^${page}-[\\w-]{8}\\.js$`).test(name));
    if (matches.length !== 1) {
      report(
        false,
        `${route}: expected one chunk ${page}-<hash>.js in apps/web/dist/static/js, found ${matches.length}`,
      );
      continue;
    }
    const files = closure(`static/js/${matches[0]}`, new Set(base));
    const own = [...files].filter((file) => !base.has(file));
    const sum = (list) => list.reduce((total, file) => total + gzipSize(join(dist, file)), 0);
    const ownSize = sum(own);
    report(
      ownSize <= ROUTE_BUDGET,
      `${route}: ${kb(ownSize)} gzip in ${own.length} route chunks (budget ${kb(ROUTE_BUDGET)}); ` +
        `first load with the entry ${kb(sum([...files]))}`,
    );
  }
}

process.exit(failed ? 1 : 0);
