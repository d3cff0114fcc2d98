#!/usr/bin/env node
// `npm start`: builds the web app and the widget when their sources are newer than the build, then
// runs the API, which serves everything on one port with the embedded database and the demo shop.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function buildIfStale(workspace, dir, output, sources) {
  const built = existsSync(join(root, dir, output)) ? statSync(join(root, dir, output)).mtimeMs : 0;
  const changed = Math.max(...sources.map((s) => newestMtime(join(root, s))));
  if (built >= changed) return;
  console.log(`Сборка ${workspace}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (existsSync(join(root, 'apps/widget/build.mjs'))) {
  buildIfStale('@b2bpay/widget', 'apps/widget', 'dist/v1/b2bpay.js', ['apps/widget', 'packages/domain/src']);
}
// docs/examples: the API docs page embeds those files as text.
buildIfStale('@b2bpay/web', 'apps/web', 'dist/index.html', [
  'apps/web',
  'packages/domain/src',
  'docs/examples',
]);

// One process (node --import tsx), so that signals reach the server itself.
const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/api/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
