/**
 * Lighthouse (mobile: the default config's simulated slow 4G and 4× CPU slowdown) on the built
 * landing page, served by the real API.
 *
 *   npx tsx bench/lighthouse-landing.ts                               # builds, starts the API, measures
 *   npx tsx bench/lighthouse-landing.ts --url http://127.0.0.1:3000/ # a server that already runs
 *   options: --runs N (default 3; the median run is reported), --no-check (do not fail on targets),
 *            --calibrate (CPU slowdown fitted to this machine, see below)
 *
 * Chromium is Debian's (/usr/bin/chromium, or CHROMIUM_PATH). Reports go to bench/out/ (ignored).
 * Exits 1 when the median run misses the targets of issue 6: performance ≥ 95, accessibility 100,
 * SEO 100, best practices ≥ 95.
 *
 * The mobile preset slows the CPU down 4× on top of whatever the host is, and assumes a fast host. On a
 * slow or busy machine that emulates a phone far slower than the one the preset stands for (a Moto G
 * Power 2022, benchmark index about 264 by Chrome DevTools' CPU calibration). --calibrate first
 * measures the host's benchmark index with one run and then uses index / 264 (between 1 and 4) as the
 * slowdown, as DevTools' calibration does; the report says which slowdown was used.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT_DIR = path.join(REPO_ROOT, 'bench', 'out');
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
/** Benchmark index of the low-tier phone the mobile preset emulates (DevTools CPU calibration). */
const LOW_TIER_PHONE_INDEX = 264;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const TARGETS: Record<Category, number> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 95,
  seo: 100,
};
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
] as const;

interface RunResult {
  benchmarkIndex: number;
  cpuSlowdown: number;
  scores: Record<Category, number>;
  metrics: Record<string, string>;
  failedAudits: string[];
}

function argValue(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Builds the web app into a private folder (a build running meanwhile in the same work tree must not
 * swap the files under the measurement) and starts the real API on a free port serving it.
 */
async function startApi(): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'b2bpay-lighthouse-'));
  const webDist = path.join(dataDir, 'web');
  execFileSync(
    path.join(REPO_ROOT, 'node_modules', '.bin', 'vite'),
    ['build', '--outDir', webDist, '--logLevel', 'warn'],
    {
      cwd: path.join(REPO_ROOT, 'apps', 'web'),
      stdio: 'inherit',
    },
  );
  const child: ChildProcess = spawn(
    path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'),
    ['apps/api/src/main.ts'],
    {
      cwd: REPO_ROOT,
      detached: true,
      stdio: 'ignore',
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(dataDir, 'data'),
        WEB_DIST: webDist,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
      },
    },
  );
  const stop = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url: `${url}/`, stop };
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  stop();
  throw new Error('The API did not start within 120 s');
}

async function runOnce(url: string, index: number, cpuSlowdown: number): Promise<RunResult> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
      {
        extends: 'lighthouse:default',
        settings: {
          throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown },
        },
      },
    );
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const name = index < 0 ? 'probe' : String(index + 1);
    writeFileSync(path.join(OUT_DIR, `lighthouse-landing-${name}.json`), JSON.stringify(lhr));
    const scores = Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
    ) as Record<Category, number>;
    const metrics = Object.fromEntries(METRICS.map((m) => [m, lhr.audits[m]?.displayValue ?? '?']));
    const failedAudits = Object.values(lhr.audits)
      .filter(
        (a) =>
          a.score !== null &&
          a.score < 0.9 &&
          a.scoreDisplayMode !== 'informative' &&
          a.scoreDisplayMode !== 'manual',
      )
      .map((a) => `${a.id} (${a.score})${a.displayValue ? `: ${a.displayValue}` : ''}`);
    return { benchmarkIndex: lhr.environment.benchmarkIndex, cpuSlowdown, scores, metrics, failedAudits };
  } finally {
    chrome.kill();
  }
}

/** A busy machine now and then spoils a trace (NO_NAVSTART, NO_FCP): such a run is repeated. */
async function runWithRetries(url: string, index: number, cpuSlowdown: number): Promise<RunResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(url, index, cpuSlowdown);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.log(`run ${index + 1}: ${error instanceof Error ? error.message : String(error)} — again`);
    }
  }
}

async function main() {
  mkdirSync(OUT_DIR, { recursive: true });
  const runs = Number(argValue('--runs') ?? 3);
  const given = argValue('--url');
  const server = given ? null : await startApi();
  const url = given ?? server?.url ?? '';
  try {
    let cpuSlowdown = 4;
    if (process.argv.includes('--calibrate')) {
      const probe = await runWithRetries(url, -1, 4);
      cpuSlowdown = Math.min(
        4,
        Math.max(1, Math.round((probe.benchmarkIndex / LOW_TIER_PHONE_INDEX) * 10) / 10),
      );
      console.log(`benchmark index ${probe.benchmarkIndex} → CPU slowdown ${cpuSlowdown}×`);
    }
    const results: RunResult[] = [];
    for (let i = 0; i < runs; i++) {
      const result = await runWithRetries(url, i, cpuSlowdown);
      results.push(result);
      console.log(
        `run ${i + 1} (index ${result.benchmarkIndex}, CPU ${cpuSlowdown}×):`,
        JSON.stringify(result.scores),
        JSON.stringify(result.metrics),
      );
    }
    const median = [...results].sort((a, b) => a.scores.performance - b.scores.performance)[
      Math.floor(results.length / 2)
    ] as RunResult;
    console.log(
      `\nLighthouse ${new Date().toISOString()} — ${url} (mobile, median of ${runs}, CPU slowdown ${cpuSlowdown}×)`,
    );
    for (const category of CATEGORIES) console.log(`  ${category}: ${median.scores[category]}`);
    for (const [metric, value] of Object.entries(median.metrics)) console.log(`  ${metric}: ${value}`);
    if (median.failedAudits.length > 0) console.log(`  audits below 0.9: ${median.failedAudits.join('; ')}`);
    const missed = CATEGORIES.filter((c) => median.scores[c] < TARGETS[c]);
    if (missed.length > 0 && !process.argv.includes('--no-check')) {
      console.error(
        `Below target: ${missed.map((c) => `${c} ${median.scores[c]} < ${TARGETS[c]}`).join(', ')}`,
      );
      process.exitCode = 1;
    }
  } finally {
    server?.stop();
  }
}

await main();
