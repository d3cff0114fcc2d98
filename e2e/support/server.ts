import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freshBundledEntry } from '../../apps/api/build-state.mjs';
import { REPO_ROOT } from './paths';

export interface RunningServer {
  baseUrl: string;
  stop: () => Promise<void>;
  /** The server's log so far, for failure messages. */
  log: () => string;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess, log: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`API server exited with ${child.exitCode}:\n${log()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`API server did not answer /api/health within ${timeoutMs} ms:\n${log()}`);
}

/**
 * Starts the real API (which also serves apps/web/dist) on a free port with a fresh embedded
 * database and the demo shop. Extra environment (e.g. WEBHOOK_ALLOW_PRIVATE) can be passed.
 */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'b2bpay-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  // The API's bundle when it matches the sources (apps/api/build-state.mjs), else tsx over them.
  const bundled = freshBundledEntry('main');
  const tsx = path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx');
  let output = '';
  const child = spawn(bundled ? process.execPath : tsx, [bundled ?? 'apps/api/src/main.ts'], {
    cwd: REPO_ROOT,
    // Its own process group, so stopping it also stops the node process tsx starts.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // Always the embedded database in its own folder: CI exports DATABASE_URL for the API tests,
      // and a server on that shared PostgreSQL would share (and rotate) the demo shop across runs.
      DATABASE_URL: '',
      REDIS_URL: '',
      PUBLIC_URL: baseUrl,
      DEMO_SHOP: 'true',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // The suite makes more calls per minute than a real shop.
      RATE_LIMIT_PER_MINUTE: '100000',
      ...extraEnv,
    },
  });
  const append = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const log = () => output;

  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      const exited = new Promise((r) => child.once('exit', r));
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
      const timer = setTimeout(() => {
        try {
          if (child.pid) process.kill(-child.pid, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }, 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseUrl, child, log, 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop, log };
}
