import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import type { Queryable } from '../src/db/database';
import { openDatabase } from '../src/db/open-database';
import { HTTPS_REQUIRED_MESSAGE, PRIVATE_ADDRESS_MESSAGE } from '../src/modules/webhooks';
import { PRODUCTION_ENV } from './support/production-env';
import { DB_KINDS, startTestApp, type TestApp } from './support/test-app';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * `shop create --webhook-url` goes through the API's rule for webhook addresses: https only in
 * production unless WEBHOOK_ALLOW_HTTP, nothing inside our network unless WEBHOOK_ALLOW_PRIVATE.
 */
describe.each(DB_KINDS)('the CLI’s webhook address on %s', { timeout: 180_000 }, (kind) => {
  let t: TestApp | undefined;
  let dataDir = '';
  let database: Record<string, string> = {};
  beforeAll(async () => {
    if (kind === 'postgres') {
      t = await startTestApp('postgres');
      database = { DATABASE_URL: t.databaseUrl ?? '' };
    } else {
      dataDir = mkdtempSync(join(tmpdir(), 'b2bpay-cli-webhook-'));
      database = { DATABASE_URL: '', DATA_DIR: dataDir };
    }
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const cli = (url: string, env: Record<string, string> = {}) =>
    spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/api/src/cli.ts',
        'shop',
        'create',
        '--name',
        'ООО «Вебхук»',
        '--email',
        'hook@shop.ru',
        '--webhook-url',
        url,
      ],
      {
        cwd: root,
        env: { ...process.env, LOG_LEVEL: 'warn', ...PRODUCTION_ENV, ...database, ...env },
        encoding: 'utf8',
      },
    );

  /** The stored webhook addresses, read once the CLI has let go of the database. */
  async function storedUrls(): Promise<string[]> {
    const read = (db: Queryable) =>
      db.query<{ webhook_url: string }>(
        `SELECT ep.url AS webhook_url FROM shop_webhook_endpoints ep JOIN shops s ON s.id = ep.shop_id
          WHERE s.name = 'ООО «Вебхук»' AND s.livemode AND ep.legacy`,
      );
    if (t) return (await read(t.db)).map((r) => r.webhook_url);
    const db = await openDatabase(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
    try {
      return (await read(db)).map((r) => r.webhook_url);
    } finally {
      await db.close();
    }
  }

  it('refuses http:// in production and addresses inside, as the API does; stores nothing', async () => {
    const plain = cli('http://shop.example/hook');
    expect(plain.status, plain.stderr).toBe(2);
    expect(plain.stderr).toContain(`--webhook-url: ${HTTPS_REQUIRED_MESSAGE}`);
    expect(plain.stdout).toBe('');
    const loopback = cli('https://127.0.0.1/hook');
    expect(loopback.status, loopback.stderr).toBe(2);
    expect(loopback.stderr).toContain(`--webhook-url: ${PRIVATE_ADDRESS_MESSAGE}`);
    expect(await storedUrls()).toEqual([]);
  });

  it('takes them when WEBHOOK_ALLOW_HTTP and WEBHOOK_ALLOW_PRIVATE say so', async () => {
    const allowed = cli('http://127.0.0.1:9/hook', {
      WEBHOOK_ALLOW_HTTP: 'true',
      WEBHOOK_ALLOW_PRIVATE: 'true',
    });
    expect(allowed.status, allowed.stderr).toBe(0);
    expect(JSON.parse(allowed.stdout).shop.name).toBe('ООО «Вебхук»');
    expect(await storedUrls()).toEqual(['http://127.0.0.1:9/hook']);
  });
});
