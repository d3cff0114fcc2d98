#!/usr/bin/env node
// `npm start`: builds what is missing or older than its sources (the widget, the web app, the API's
// bundle and pre-initialised database folder), then runs the API in this very process, which serves
// everything on one port with the embedded database and the demo shop.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleIsFresh, currentBundleDir, REPO_ROOT as root } from '../apps/api/build-state.mjs';
import { templateIsCurrent } from '../apps/api/src/db/data-dir-template-state.mjs';

/** Tests are not build inputs: editing one must not cost the next start a rebuild. */
const NOT_INPUTS = new Set(['node_modules', 'dist', 'test', 'tests', '__tests__']);
const TEST_FILE = /\.(test|spec)\.[cm]?[jt]sx?$/;

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return TEST_FILE.test(path) ? 0 : stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (NOT_INPUTS.has(entry)) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function run(label, args) {
  console.log(`Сборка ${label}…`);
  const result = spawnSync(args[0], args.slice(1), { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function buildIfStale(workspace, dir, output, sources) {
  const built = existsSync(join(root, dir, output)) ? statSync(join(root, dir, output)).mtimeMs : 0;
  const changed = Math.max(...sources.map((s) => newestMtime(join(root, s))));
  if (built < changed) run(workspace, ['npm', 'run', 'build', '-w', workspace]);
}

/** Whether this start opens an embedded database folder that does not hold a database yet. */
function opensNewDataDir() {
  if (process.env.DATABASE_URL) return false;
  const dataDir = process.env.DATA_DIR || './data';
  if (dataDir === 'memory://') return false;
  return !existsSync(join(isAbsolute(dataDir) ? dataDir : join(process.cwd(), dataDir), 'PG_VERSION'));
}

if (existsSync(join(root, 'apps/widget/build.mjs'))) {
  buildIfStale('@b2bpay/widget', 'apps/widget', 'dist/v1/b2bpay.js', ['apps/widget', 'packages/domain/src']);
}
// docs/examples: the API docs page embeds those files as text; the Bitrix module's README is the
// shop area's /guides/bitrix.pdf.
buildIfStale('@b2bpay/web', 'apps/web', 'dist/index.html', [
  'apps/web',
  'packages/domain/src',
  'docs/examples',
  'integrations/bitrix/README.md',
]);
// The pre-initialised folder only pays off for a start on a new one: a restart does not wait for it.
const needBundle = !bundleIsFresh();
const needTemplate = opensNewDataDir() && !templateIsCurrent();
if (needBundle || needTemplate) {
  const only = needBundle && needTemplate ? [] : [needBundle ? '--bundle' : '--template'];
  run('@b2bpay/api', [process.execPath, join(root, 'apps/api/build.mjs'), ...only]);
}

// In this process (no second Node start-up), so that signals reach the server itself.
await import(pathToFileURL(join(currentBundleDir(), 'main.mjs')).href);
