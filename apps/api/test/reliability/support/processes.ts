import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort, waitFor } from './helpers';

export const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));

export interface Proc {
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  exited: Promise<void>;
  alive(): boolean;
  kill(signal: NodeJS.Signals): Promise<void>;
}

/**
 * A real process of the product, as `node --import tsx <file>`: one process, so a SIGKILL reaches
 * the program itself (the tsx CLI would leave its child running).
 */
export function spawnProcess(file: string, env: Record<string, string | undefined>): Proc {
  const child = spawn(process.execPath, ['--import', 'tsx', file], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (c) => {
    out += String(c);
  });
  child.stderr?.on('data', (c) => {
    out += String(c);
  });
  const exited = new Promise<void>((done) => {
    if (child.exitCode !== null || child.signalCode !== null) done();
    else child.once('exit', () => done());
  });
  const alive = () => child.exitCode === null && child.signalCode === null;
  return {
    child,
    output: () => out,
    exited,
    alive,
    async kill(signal) {
      if (alive()) child.kill(signal);
      await exited;
    },
  };
}

export interface ApiProc extends Proc {
  url: string;
  port: number;
}

/** An API process (main.ts) on a free loopback port, resolved once /api/health answers 200. */
export async function startApi(
  env: Record<string, string | undefined>,
  options: { port?: number; timeoutMs?: number } = {},
) {
  const port = options.port ?? (await freePort());
  const proc = spawnProcess('apps/api/src/main.ts', {
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    WEB_DIST: '/nonexistent',
    WIDGET_DIST: '/nonexistent',
    ...env,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    `the API process on ${url}`,
    async () => {
      if (!proc.alive()) throw new Error(`the API process exited:\n${proc.output()}`);
      const res = await fetch(`${url}/api/health`).catch(() => null);
      return res?.status === 200;
    },
    options.timeoutMs ?? 90_000,
    200,
  );
  return { ...proc, url, port } satisfies ApiProc;
}

/** A worker process (worker.ts) on DATABASE_URL, resolved once it says it started. */
export async function startWorker(env: Record<string, string | undefined>, timeoutMs = 90_000) {
  const proc = spawnProcess('apps/api/src/worker.ts', { LOG_LEVEL: 'warn', ...env });
  await waitFor(
    'a worker process',
    () => {
      if (!proc.alive()) throw new Error(`the worker exited:\n${proc.output()}`);
      return proc.output().includes('запущен');
    },
    timeoutMs,
    100,
  );
  return proc;
}
