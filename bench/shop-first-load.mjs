#!/usr/bin/env node
// First-load JavaScript of the shop area's pages in a built web app, gzip level 9: the app's entry and
// what it imports (the scripts app.html names), plus the shop frame's and the page's lazy chunks and
// the closure of their static imports (read from the chunks' `import … from "./x.js"`, so a build
// from before shop-preloads.json is measured the same way), and how many script files that is.
//   node bench/shop-first-load.mjs [web-dist]   (default apps/web/dist)
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dir = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'apps/web/dist');
const html = readFileSync(join(dir, 'app.html'), 'utf8');
const gz = (file) => gzipSync(readFileSync(join(dir, file)), { level: 9 }).length;
const importsOf = (file) =>
  [...readFileSync(join(dir, file), 'utf8').matchAll(/(?:from|import)\s*"\.\/([\w.-]+\.js)"/g)].map(
    (m) => `/static/js/${m[1]}`,
  );
const closure = (file, seen = new Set()) => {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const imported of importsOf(file)) closure(imported, seen);
  return seen;
};
const entry = new Set();
for (const [, file] of html.matchAll(/(?:src|href)="(\/static\/js\/[^"]+\.js)"/g)) closure(file, entry);
const entryBytes = [...entry].reduce((sum, file) => sum + gz(file), 0);
const files = readdirSync(join(dir, 'static/js'));
const chunk = (name) => {
  const file = files.find((f) => new RegExp(`^${name}-[\\w-]{8}\\.js$`).test(f));
  if (!file) throw new Error(`no ${name} chunk in ${dir}`);
  return `/static/js/${file}`;
};
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(`app.html ${kb(gzipSync(html, { level: 9 }).length)}; entry ${kb(entryBytes)}`);
console.log("| page | first-load JS | of it the frame and the page | script files (of them the entry's) |");
console.log('| --- | ---: | ---: | ---: |');
for (const [label, page] of [
  ['/shops/{id}', 'shop-home-page'],
  ['/shops/{id}/all-orders', 'orders-page'],
  ['/shops/{id}/generate-qr', 'new-order-page'],
  ['/shops/{id}/orders/{id}', 'order-details-page'],
  ['/shops/{id}/settings', 'settings-page'],
]) {
  const own = [...closure(chunk(page), closure(chunk('shop-layout')))].filter((f) => !entry.has(f));
  const bytes = own.reduce((sum, file) => sum + gz(file), 0);
  console.log(
    `| ${label} | ${kb(entryBytes + bytes)} | ${kb(bytes)} | ${entry.size + own.length} (${entry.size}) |`,
  );
}
