#!/usr/bin/env node
// `npm test`: unit and API tests (PGlite, and PostgreSQL when DATABASE_URL is set), then the browser
// tests in Chromium. Ends with one line "N passed, N failed" that CI reads.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = mkdtempSync(join(tmpdir(), 'b2bpay-test-'));
const vitest = join(root, 'node_modules/.bin/vitest');

function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return true;
  if (process.getuid?.() === 0) {
    console.log('Chromium не найден: ставлю пакет Debian chromium…');
    spawnSync('apt-get', ['update'], { stdio: 'inherit' });
    spawnSync('apt-get', ['install', '-y', 'chromium'], { stdio: 'inherit' });
    if (existsSync('/usr/bin/chromium')) return true;
  }
  console.error('Для браузерных тестов нужен Chromium: sudo apt-get install -y chromium');
  return false;
}

function run(name, args) {
  const report = join(out, `${name}.json`);
  const result = spawnSync(
    vitest,
    ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (!existsSync(report)) return { passed: 0, failed: 1, status: result.status ?? 1 };
  const json = JSON.parse(readFileSync(report, 'utf8'));
  return { passed: json.numPassedTests, failed: json.numFailedTests, status: result.status ?? 1 };
}

const results = [run('unit-and-api', [])];
if (existsSync(join(root, 'e2e/vitest.config.ts'))) {
  if (ensureChromium()) results.push(run('e2e', ['--config', 'e2e/vitest.config.ts']));
  else results.push({ passed: 0, failed: 1, status: 1 });
}
if (existsSync(join(root, 'scripts/check-size.mjs'))) {
  const size = spawnSync(process.execPath, [join(root, 'scripts/check-size.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  results.push({
    passed: size.status === 0 ? 1 : 0,
    failed: size.status === 0 ? 0 : 1,
    status: size.status ?? 1,
  });
}
// One test: the lock file still installs with `npm ci` (scripts/check-lock.mjs).
const lock = spawnSync(process.execPath, [join(root, 'scripts/check-lock.mjs')], {
  cwd: root,
  stdio: 'inherit',
});
results.push({
  passed: lock.status === 0 ? 1 : 0,
  failed: lock.status === 0 ? 0 : 1,
  status: lock.status ?? 1,
});
const passed = results.reduce((s, r) => s + r.passed, 0);
const failed = results.reduce((s, r) => s + r.failed, 0);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(results.some((r) => r.status !== 0) || failed > 0 ? 1 : 0);
