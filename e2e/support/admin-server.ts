import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { StaffRole } from '@b2bpay/domain';
import { inject } from 'vitest';
import { freshBundledEntry } from '../../apps/api/build-state.mjs';
import { REPO_ROOT } from './paths';
import { type RunningServer, startServer } from './server';

const run = promisify(execFile);

/**
 * A server of its own for the back office's browser tests, with B2BPay's staff made as an operator
 * makes them: `npm run cli -- staff create` on the database folder before the server takes it (the
 * embedded database belongs to one process at a time). Each staff member's one-time link to set the
 * password is kept for the test to open.
 */
export interface AdminServer {
  baseUrl: string;
  server: RunningServer;
  staff: Record<StaffRole, { email: string; setPasswordPath: string }>;
  /** A shop made by the CLI (the demo shop is left out of the back office's search). */
  shop: { id: string; name: string; secretKey: string };
  /** A call to the public or shop API on this server. */
  fetch: (pathname: string, init?: RequestInit) => Promise<Response>;
  stop: () => Promise<void>;
}

interface CliStaff {
  staff: { email: string; role: StaffRole };
  set_password_link: string;
}

interface CliShop {
  shop: { id: string; name: string };
  secret_key: string;
}

/** The CLI on `dataDir`: its bundle when fresh (as the server's), else tsx over the sources. */
async function cli<T>(dataDir: string, args: string[]): Promise<T> {
  const bundled = freshBundledEntry('cli');
  const tsx = path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx');
  const { stdout } = await run(
    bundled ? process.execPath : tsx,
    [bundled ?? 'apps/api/src/cli.ts', ...args],
    {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
      },
    },
  );
  const line = stdout.trim().split('\n').at(-1) ?? '';
  return JSON.parse(line) as T;
}

const ROLES: readonly StaffRole[] = ['admin', 'sales', 'risk', 'support'];

export async function startAdminServer(): Promise<AdminServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'b2bpay-e2e-admin-'));
  const staff = {} as AdminServer['staff'];
  let shop: AdminServer['shop'];
  try {
    // One after the other: each run holds the folder's lock while it writes.
    for (const role of ROLES) {
      const args = ['staff', 'create', '--email', `${role}@b2bpay.ru`, '--role', role];
      const made = await cli<CliStaff>(dataDir, args);
      const link = new URL(made.set_password_link);
      staff[role] = { email: made.staff.email, setPasswordPath: `${link.pathname}${link.search}` };
    }
    const made = await cli<CliShop>(dataDir, [
      'shop',
      'create',
      '--name',
      'ООО «Ромашка»',
      '--email',
      'owner@romashka.example',
    ]);
    shop = { id: made.shop.id, name: made.shop.name, secretKey: made.secret_key };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const server = await startServer({
    WEB_DIST: inject('webDist'),
    DATA_DIR: dataDir,
    // The sandbox banks never decide during these tests: the orders stay as the test leaves them.
    SANDBOX_DECISION_DELAY_MS: '600000',
  });
  return {
    baseUrl: server.baseUrl,
    server,
    staff,
    shop,
    fetch: (pathname, init) => fetch(`${server.baseUrl}${pathname}`, init),
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
