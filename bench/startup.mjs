// Start-up: `npm start` on a built tree, a new process each time, until /api/health answers.
// One untimed start first builds whatever is stale (the web app, the widget, the API bundle and the
// pre-initialised database folder, so the timed ones measure a built tree); then
// `runs` starts on an empty DATA_DIR (migrations and the demo shop every time) and `runs` restarts on
// an existing one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { percentile } from './lib/load.mjs';
import { freePort, ROOT, start, waitFor } from './lib/proc.mjs';

async function timedStart(dataDir) {
  const PORT = await freePort();
  const t0 = performance.now();
  const p = start('npm', ['start'], {
    cwd: ROOT,
    env: { PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    name: 'npm start',
  });
  try {
    await Promise.race([
      waitFor(`http://127.0.0.1:${PORT}/api/health`, { timeoutMs: 300_000, intervalMs: 10 }),
      p.exited.then(() => {
        throw new Error(`npm start exited:\n${p.output()}`);
      }),
    ]);
    return Math.round(performance.now() - t0);
  } finally {
    await p.stop();
  }
}

export async function startupRun({ runs, log }) {
  const scratch = mkdtempSync(join(tmpdir(), 'b2bpay-bench-start-'));
  try {
    log('start-up: one untimed start (builds what is stale)');
    await timedStart(join(scratch, 'warm'));
    const empty = [];
    const again = [];
    for (let i = 0; i < runs; i++) {
      const dir = join(scratch, `run${i}`);
      empty.push(await timedStart(dir));
      again.push(await timedStart(dir));
    }
    const row = (name, xs) => {
      const sorted = [...xs].sort((a, b) => a - b);
      return { name, runs: xs.length, median_ms: percentile(sorted, 50), max_ms: sorted.at(-1), all_ms: xs };
    };
    const rows = [
      row('empty DATA_DIR (migrations + demo shop)', empty),
      row('existing DATA_DIR (restart)', again),
    ];
    for (const r of rows) log(`  ${r.name}: median ${r.median_ms} ms, max ${r.max_ms} ms`);
    return { command: 'npm run bench -- --only startup', rows };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
