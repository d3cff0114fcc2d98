#!/usr/bin/env node
// `npm test`: unit and API tests (PGlite, and PostgreSQL when DATABASE_URL is set) with the SDKs' and
// the 1C-Bitrix module's (projects of vitest.config.ts, so their counts are in the last line), while
// `npm run build` makes the web app, widget and API bundle beside them, then the browser tests in
// Chromium on that build. Ends with one line "N passed, N failed" that CI reads.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync } from 'node:fs';
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

/** Resolves with the exit status of a child process (1 when it could not start). */
function exitOf(child) {
  return new Promise((resolve) => {
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

async function run(name, args, env = process.env) {
  const report = join(out, `${name}.json`);
  const status = await exitOf(
    spawn(vitest, ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
      cwd: root,
      stdio: 'inherit',
      env,
    }),
  );
  if (!existsSync(report)) return { passed: 0, failed: 1, status: status || 1 };
  const json = JSON.parse(readFileSync(report, 'utf8'));
  return { passed: json.numPassedTests, failed: json.numFailedTests, status };
}

// The build's output goes to a file (printed when it fails) so it does not interleave with the tests'.
const buildLog = join(out, 'build.log');
const buildOutput = createWriteStream(buildLog);
const buildChild = spawn('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
buildChild.stdout.pipe(buildOutput);
buildChild.stderr.pipe(buildOutput);
const started = Date.now();
const seconds = (since) => Math.round((Date.now() - since) / 1000);
const timings = [];
const [unit, buildStatus] = await Promise.all([
  run('unit-and-api', []).then((result) => {
    timings.push(`unit and API ${seconds(started)} s`);
    return result;
  }),
  exitOf(buildChild).then((status) => {
    timings.push(`build ${seconds(started)} s`);
    return status;
  }),
]);
const results = [unit];
if (buildStatus !== 0) {
  console.error(`\nnpm run build failed (${buildStatus}):\n${readFileSync(buildLog, 'utf8')}`);
  results.push({ passed: 0, failed: 1, status: 1 });
} else if (existsSync(join(root, 'e2e/vitest.config.ts'))) {
  if (ensureChromium()) {
    const e2eStarted = Date.now();
    results.push(
      await run('e2e', ['--config', 'e2e/vitest.config.ts'], { ...process.env, E2E_SKIP_BUILD: '1' }),
    );
    timings.push(`browser ${seconds(e2eStarted)} s`);
  } else results.push({ passed: 0, failed: 1, status: 1 });
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
console.log(`\nnpm test took ${seconds(started)} s (${timings.join(', ')})`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(results.some((r) => r.status !== 0) || failed > 0 ? 1 : 0);
