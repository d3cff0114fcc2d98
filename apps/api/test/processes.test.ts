import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';

const root = fileURLToPath(new URL('../../..', import.meta.url));
// `node --import tsx` is one process: a signal reaches the program itself, not a wrapper.
const run = (args: string[]) => ['--import', 'tsx', ...args];
const dataDir = mkdtempSync(join(tmpdir(), 'b2bpay-cli-'));
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' };

// Each child process boots its own PGlite: slow on a busy machine, so these tests get more time.
describe('CLI and the embedded database folder', { timeout: 180_000 }, () => {
  const children: ReturnType<typeof spawn>[] = [];
  afterAll(() => {
    for (const c of children) c.kill('SIGKILL');
  });

  it('creates a shop, printing one JSON line, and rotates its keys', () => {
    const created = spawnSync(
      process.execPath,
      run(['apps/api/src/cli.ts', 'shop', 'create', '--name', 'ООО «CLI»', '--email', 'cli@shop.ru']),
      {
        cwd: root,
        env,
        encoding: 'utf8',
      },
    );
    expect(created.status, created.stderr).toBe(0);
    const lines = created.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const json = JSON.parse(lines[0] ?? '');
    expect(Object.keys(json).sort()).toEqual([
      'publishable_key',
      'secret_key',
      'shop',
      'test_publishable_key',
      'test_secret_key',
      'test_webhook_secret',
      'webhook_secret',
    ]);
    expect(json.shop).toMatchObject({ name: 'ООО «CLI»', email: 'cli@shop.ru' });
    const rotated = spawnSync(
      process.execPath,
      run(['apps/api/src/cli.ts', 'shop', 'rotate-keys', '--shop', json.shop.id]),
      {
        cwd: root,
        env,
        encoding: 'utf8',
      },
    );
    expect(rotated.status, rotated.stderr).toBe(0);
    expect(JSON.parse(rotated.stdout).secret_key).not.toBe(json.secret_key);
    const bad = spawnSync(process.execPath, run(['apps/api/src/cli.ts', 'shop', 'create', '--name', 'X']), {
      cwd: root,
      env,
      encoding: 'utf8',
    });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--email');
  });

  it('a second process on the same DATA_DIR stops with a clear message', async () => {
    const server = spawn(process.execPath, run(['apps/api/src/main.ts']), {
      cwd: root,
      env: { ...env, PORT: '0' },
      stdio: 'pipe',
    });
    children.push(server);
    await new Promise<void>((resolve, reject) => {
      let out = '';
      server.stdout?.on('data', (chunk) => {
        out += chunk;
        if (out.includes('B2BPay работает')) resolve();
      });
      server.on('exit', (code) => reject(new Error(`server exited ${code}`)));
    });
    const second = spawnSync(
      process.execPath,
      run(['apps/api/src/cli.ts', 'shop', 'create', '--name', 'Y', '--email', 'y@y.ru']),
      {
        cwd: root,
        env,
        encoding: 'utf8',
      },
    );
    expect(second.status).toBe(2);
    expect(second.stderr).toContain('уже открыта другим процессом');
    server.kill('SIGTERM');
  });
});

describe('config', () => {
  it('lists every bad key at once', () => {
    expect(() => loadConfig({ PORT: 'abc', WEBHOOK_RETRY_SCHEDULE: '1x', CLIENT_INFO_TTL: 'soon' })).toThrow(
      /PORT[\s\S]*WEBHOOK_RETRY_SCHEDULE[\s\S]*CLIENT_INFO_TTL/,
    );
  });
  it('parses durations and schedules', () => {
    const c = loadConfig({ WEBHOOK_RETRY_SCHEDULE: '1s,2s,3s', CLIENT_INFO_TTL: '30s', PORT: '4000' });
    expect(c.WEBHOOK_RETRY_SCHEDULE).toEqual([1000, 2000, 3000]);
    expect(c.CLIENT_INFO_TTL).toBe(30_000);
    expect(c.PUBLIC_URL).toBe('http://localhost:4000');
  });
});
