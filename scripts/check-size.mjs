#!/usr/bin/env node
// Size budgets, gzip level 9: the widget script ≤ 8 KB (shops put it on every product page), and each
// buyer route's FIRST LOAD of JavaScript: everything a buyer opening that address downloads before the
// page can render — the app's entry and the parts it imports, plus the route's lazy chunk and the parts
// that imports (the stylesheet is not JavaScript and is printed apart). Any route over its budget fails
// the check (exit 1). The landing's first load is printed too, for information.
//
// The target is ≤ 90 KB. The buyer's pages are their own document, buyer.html (src/buyer-main.tsx), built
// with Preact's React compatibility layer instead of react-dom (≈ 10 KB instead of ≈ 66 KB); the
// enforced budget is a ratchet just above the largest buyer first load of that build, so that nothing
// makes it worse unnoticed. (The budget was once 140 KB with react-dom, 122–135 KB measured.)
//
// The buyer routes are found in the built app without a Vite manifest: buyer.html (the document the
// API sends for /client/…; app.html, the shell of every other address, in a build without it) names the
// entry script, its preloads and the stylesheet; each buyer page is the lazy chunk named after its
// module (static/js/buyer-order-page-<hash>.js), and what it needs is the closure of its static imports.
// Run by `npm test` after the browser tests (which build both); `node scripts/check-size.mjs` alone
// builds the widget if needed and skips the buyer routes when apps/web/dist is missing.
//   --web-dist <dir>  measure another build of the web app (default apps/web/dist)
//   --web-only        skip the widget
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const WIDGET_BUDGET = 8 * 1024;
/** The ratchet (bench/lighthouse-budget.mjs reads it from here too). */
export const FIRST_LOAD_BUDGET = 75 * 1024;
const FIRST_LOAD_TARGET = 90 * 1024;
// The lazy modules of the buyer routes in apps/web/src/app/router.tsx, and for a state of a page that
// shows a lazy part too (the offers of an approved order, whose part the API preloads with the page:
// buyer-preloads.json), the parts' modules: that row's first load is the page's plus its parts'.
export const BUYER_PAGES = [
  ['/client/{orderId}', 'order-page'],
  ['/client/{orderId} (offers)', 'order-page', ['offers-panel']],
  ['/client/{orderId}/apply', 'apply-step1-page'],
  ['/client/{orderId}/apply/step2', 'apply-step2-page'],
  ['/client/{orderId}/success', 'success-page'],
  ['/client/faq', 'buyer-faq-page'],
  ['/client/support', 'buyer-support-page'],
];

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
/** Exact as well: a first load near its budget differs from it by bytes, not tenths of a KB. */
const kbExact = (bytes) => `${kb(bytes)} (${bytes} B)`;
const gzipSize = (file) => gzipSync(readFileSync(file), { level: 9 }).length;

/**
 * Each buyer route's first load of JavaScript in the build at `dist` (gzip level 9, bytes): the same
 * figures this script checks against FIRST_LOAD_BUDGET, for bench/lighthouse-budget.mjs too. null when
 * `dist` has no built app.
 */
export function measureBuyerRoutes(dist) {
  if (!existsSync(join(dist, 'index.html'))) return null;
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
  /** The scripts (entry and modulepreloads) and stylesheets a page's HTML names, with what they import. */
  const pageLoad = (htmlFile) => {
    const html = readFileSync(join(dist, htmlFile), 'utf8');
    const hrefs = [
      ...[...html.matchAll(/<script\b[^>]*\bsrc="\/([^"]+)"/g)].map((m) => m[1]),
      // A disabled link is never fetched (the buyer's document names its inline stylesheet so).
      ...[...html.matchAll(/<link\b[^>]*rel="(?:modulepreload|stylesheet)"[^>]*href="\/([^"]+)"[^>]*>/g)]
        .filter((m) => !/\sdisabled\b/.test(m[0]))
        .map((m) => m[1]),
    ];
    if (!hrefs.some((href) => href.endsWith('.js')))
      throw new Error(`check-size: no script found in ${join(dist, htmlFile)}`);
    const files = new Set();
    for (const href of hrefs) closure(href, files);
    return files;
  };
  const sizes = new Map();
  const gzipOf = (file) => {
    if (!sizes.has(file)) sizes.set(file, gzipSize(join(dist, file)));
    return sizes.get(file);
  };
  const sum = (files, filter) => [...files].filter(filter).reduce((total, file) => total + gzipOf(file), 0);
  const isScript = (file) => file.endsWith('.js');
  const isStyle = (file) => file.endsWith('.css');

  // The API sends buyer.html for /client/…, app.html for every other address but `/` (index.html when
  // the build has neither).
  const buyerShell = existsSync(join(dist, 'buyer.html'));
  const shell = buyerShell ? 'buyer.html' : existsSync(join(dist, 'app.html')) ? 'app.html' : 'index.html';
  const chunkPrefix = buyerShell ? 'buyer-' : '';
  const base = pageLoad(shell);
  const landing = pageLoad('index.html');

  const chunks = readdirSync(join(dist, 'static/js'));
  // The API preloads each buyer page's own scripts (buyer-preloads.json, apps/web/build/buyer-preloads.ts):
  // the list must be exactly what the page needs beyond the entry, or the buyer downloads too much or
  // still waits a round trip.
  const preloadsFile = join(dist, 'buyer-preloads.json');
  const preloads =
    buyerShell && existsSync(preloadsFile) ? JSON.parse(readFileSync(preloadsFile, 'utf8')) : null;
  const chunkOf = (module) => {
    const matches = chunks.filter((name) =>
      new RegExp(`^${chunkPrefix}${module}-[\\w-]{8}\\.js$`).test(name),
    );
    return matches.length === 1
      ? { file: `static/js/${matches[0]}` }
      : {
          error: `expected one chunk ${chunkPrefix}${module}-<hash>.js in ${dist}/static/js, found ${matches.length}`,
        };
  };
  const routes = BUYER_PAGES.map(([route, page, parts = []]) => {
    const found = [page, ...parts].map(chunkOf);
    const missing = found.find((chunk) => chunk.error);
    if (missing) return { route, page, error: missing.error };
    const files = new Set(base);
    for (const chunk of found) closure(chunk.file, files);
    const own = [...files].filter((file) => !base.has(file));
    const needed = own.filter(isScript).sort();
    const listed = preloads
      ? [...new Set([page, ...parts].flatMap((module) => preloads[module] ?? []))]
          .map((href) => href.slice(1))
          .sort()
      : null;
    return {
      route,
      page,
      firstLoad: sum(files, isScript),
      entry: sum(base, isScript),
      ownChunks: own.length,
      ownBytes: sum(own, isScript),
      styles: sum(files, isStyle),
      neededPreloads: needed,
      listedPreloads: listed,
    };
  });
  return {
    landing: { scripts: sum(landing, isScript), styles: sum(landing, isStyle) },
    preloadsMissing: buyerShell && !preloads ? preloadsFile : null,
    routes,
  };
}

function main() {
  const option = (name) => {
    const at = process.argv.indexOf(name);
    return at === -1 ? undefined : process.argv[at + 1];
  };
  let failed = false;
  const report = (ok, line) => {
    console.log(`${ok ? '✓' : '✗'} ${line}`);
    if (!ok) failed = true;
  };

  // --- The widget -----------------------------------------------------------------------------
  if (!process.argv.includes('--web-only')) {
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
  }

  // --- The buyer routes -----------------------------------------------------------------------
  const dist = option('--web-dist') ?? join(root, 'apps/web/dist');
  const measured = measureBuyerRoutes(dist);
  if (!measured) {
    console.log(`- buyer routes: ${dist}/index.html is missing, not measured (npm run build -w @b2bpay/web)`);
    return failed;
  }
  console.log(
    `- / (landing, index.html): first load ${kb(measured.landing.scripts)} JavaScript gzip, ` +
      `${kb(measured.landing.styles)} stylesheets (for information)`,
  );
  if (measured.preloadsMissing)
    report(false, `${measured.preloadsMissing} is missing (written by the buyer build)`);
  for (const row of measured.routes) {
    if (row.error) {
      report(false, `${row.route}: ${row.error}`);
      continue;
    }
    if (row.listedPreloads) {
      const same = JSON.stringify(row.listedPreloads) === JSON.stringify(row.neededPreloads);
      report(
        same,
        `${row.route}: the page preloads its ${row.neededPreloads.length} own scripts` +
          (same ? '' : ` (listed: ${row.listedPreloads.join(', ')})`),
      );
    }
    report(
      row.firstLoad <= FIRST_LOAD_BUDGET,
      `${row.route}: first load ${kbExact(row.firstLoad)} JavaScript gzip (budget ${kb(FIRST_LOAD_BUDGET)} ` +
        `target ${kb(FIRST_LOAD_TARGET)} ${row.firstLoad <= FIRST_LOAD_TARGET ? 'met' : 'not met'}): ` +
        `entry ${kb(row.entry)} + ${row.ownChunks} route chunks ${kb(row.ownBytes)}; ` +
        `stylesheets ${kb(row.styles)}`,
    );
  }
  return failed;
}

// Run as a script (not when bench/lighthouse-budget.mjs imports the figures).
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exit(main() ? 1 : 0);
}
