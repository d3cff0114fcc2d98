// Child processes of the benchmark: the API (as `npm start` runs it: the bundle of apps/api/build.mjs,
// or tsx over the sources when that bundle is missing or older than them) and helpers.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { freshBundledEntry } from '../../apps/api/build-state.mjs';

export const ROOT = join(import.meta.dirname, '..', '..');
export const TSX = join(ROOT, 'node_modules/.bin/tsx');

/** Production refuses to start without the operator's details (apps/api/src/config.ts): bench ones. */
export const BENCH_OPERATOR_ENV = {
  OPERATOR_NAME: 'ООО «Оператор замеров»',
  OPERATOR_OGRN: '1027700132195',
  OPERATOR_INN: '7707083893',
  OPERATOR_ADDRESS: '117997, г. Москва, ул. Вавилова, д. 19',
};

/** A port nobody listens on now (other sessions' test servers run on this machine too). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export async function waitFor(url, { timeoutMs = 60_000, intervalMs = 25 } = {}) {
  const started = performance.now();
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) {
        await res.arrayBuffer();
        return performance.now() - started;
      }
    } catch {}
    if (performance.now() - started > timeoutMs) throw new Error(`${url} did not answer in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** Starts a process and keeps its output for error reports; stop() ends exactly that process. */
export function start(command, args, { env = {}, cwd = ROOT, name = command } = {}) {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group, so stop() also ends tsx's node child
  });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return {
    child,
    name,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {}
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {}
      }, 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** The API on a port: env on top of benchmark defaults (no rate limit in the way, quiet logs). */
export async function startApi({ port: wanted, env = {} } = {}) {
  const port = wanted ?? (await freePort());
  const bundled = freshBundledEntry('main');
  const proc = start(bundled ? process.execPath : TSX, [bundled ?? join(ROOT, 'apps/api/src/main.ts')], {
    name: 'api',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      ...BENCH_OPERATOR_ENV,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000000',
      WORKER: 'off',
      ...env,
    },
  });
  try {
    await Promise.race([
      waitFor(`http://127.0.0.1:${port}/api/health`, { timeoutMs: 120_000 }),
      proc.exited.then(() => {
        throw new Error(`the API exited:\n${proc.output()}`);
      }),
    ]);
    // The answer must come from our process, not from another one that holds the port.
    await new Promise((r) => setTimeout(r, 200));
    if (proc.child.exitCode !== null) throw new Error(`the API exited:\n${proc.output()}`);
  } catch (error) {
    await proc.stop();
    throw error;
  }
  return { ...proc, url: `http://127.0.0.1:${port}` };
}
