import { randomBytes, randomUUID } from 'node:crypto';
import { DEMO_SHOP } from '@b2bpay/domain';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../src/app';
import { type Config, loadConfig } from '../../src/config';
import type { Database } from '../../src/db/database';
import { openDatabase } from '../../src/db/open-database';
import { createWorker } from '../../src/jobs/registry';
import type { Worker } from '../../src/modules/jobs';
import { createShop, syncDemoShop } from '../../src/modules/shops';
import { setShopWebhookUrl } from '../../src/modules/webhooks';
import { ManualClock } from '../../src/shared/clock';
import { createTestDatabase, dropTestDatabase, readPgliteDump } from './test-databases';

export type DbKind = 'pglite' | 'postgres';

/** Every API test runs on PGlite, and on PostgreSQL too when DATABASE_URL is set (CI sets it). */
export const DB_KINDS: DbKind[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  config: Config;
  clock: ManualClock;
  /** The background worker, driven by hand: `await t.worker.drain()` runs everything due now. */
  worker: Worker;
  /** The fresh PostgreSQL database's URL (postgres kind only), for tests that start processes on it. */
  databaseUrl?: string;
  close(): Promise<void>;
}

/**
 * A fresh database for one test app: PGlite in memory, or a new PostgreSQL database dropped after.
 * Under the vitest global setup (test/support/global-setup.ts) both start already migrated: PGlite
 * from the run's dumped data directory, PostgreSQL as a copy of the run's template database. Without
 * it (another config) they start empty and openDatabase runs initdb and the migrations as before.
 */
async function freshDatabase(
  kind: DbKind,
): Promise<{ url?: string; dump?: Blob; drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    const dump = inject('pgliteDump');
    return { ...(dump ? { dump: await readPgliteDump(dump) } : {}), drop: async () => {} };
  }
  const serverUrl = process.env.DATABASE_URL as string;
  const name = `b2bpay_test_${randomBytes(6).toString('hex')}`;
  const url = await createTestDatabase(serverUrl, name, inject('postgresTemplate'));
  return { url, drop: () => dropTestDatabase(serverUrl, name) };
}

export async function startTestApp(
  kind: DbKind,
  env: Record<string, string> = {},
  options: { logger?: object } = {},
): Promise<TestApp> {
  const database = await freshDatabase(kind);
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://b2bpay.test',
    DATA_DIR: 'memory://',
    RATE_LIMIT_PER_MINUTE: '100000',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    WIDGET_DIST: '/nonexistent',
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    ...env,
  });
  const db = await openDatabase(config, database.dump ? { loadDataDir: database.dump } : {});
  await syncDemoShop(db, config.DEMO_SHOP);
  const clock = new ManualClock();
  const app = await buildApp({ config, db, clock }, { logger: options.logger ?? false });
  await app.ready();
  const worker = createWorker({ config, db, clock }, { pollMs: 10 });
  return {
    app,
    db,
    config,
    clock,
    worker,
    ...(database.url ? { databaseUrl: database.url } : {}),
    async close() {
      await app.close();
      await db.close();
      await database.drop();
    },
  };
}

/**
 * Sets (or with null clears) a shop's webhook_url setting behind the API's back, as stored before the
 * address rules or by an operator: its legacy webhook endpoint, in the shop row's mode.
 */
export async function storeWebhookUrl(t: { db: Database }, shopId: string, url: string | null) {
  const [shop] = await t.db.query<{ livemode: boolean }>('SELECT livemode FROM shops WHERE id = $1', [
    shopId,
  ]);
  await setShopWebhookUrl(t.db, {
    id: randomUUID(),
    shopId,
    livemode: shop?.livemode ?? true,
    url,
    now: null,
  });
}

export const demoAuth = { authorization: `Bearer ${DEMO_SHOP.secretKey}` };
export const demoPublishableAuth = { authorization: `Bearer ${DEMO_SHOP.publishableKey}` };

export async function newShop(t: TestApp, name = 'Второй магазин') {
  const created = await createShop(t.db, { name, email: 'second@shop.example' });
  return { ...created, auth: { authorization: `Bearer ${created.secret_key}` } };
}

export const sampleProducts = [
  { name: 'Бумага офисная А4, 500 листов', price: 350.1, quantity: 3 },
  { name: 'Скрепки', price: 0.1, quantity: 3 },
];

export async function createOrder(
  t: TestApp,
  body: object = { products: sampleProducts },
  headers = demoAuth,
) {
  const res = await t.app.inject({ method: 'POST', url: '/api/order/orders', headers, payload: body });
  if (res.statusCode !== 200) throw new Error(`create failed ${res.statusCode}: ${res.body}`);
  return res.json() as {
    id: string;
    order_number: string;
    link: string;
    amount: number;
    client: { id: number } | null;
  };
}

/**
 * Asserts the one error body shape and returns its `error` without `request_id`, which it checks
 * against the answer's X-Request-Id (every error body names its request).
 */
export function errorOf(res: { statusCode: number; json(): unknown; headers?: Record<string, unknown> }) {
  const body = res.json() as {
    detail: string;
    error: { code: string; message: string; field?: string; request_id?: string };
  };
  if (typeof body.detail !== 'string' || body.error?.message !== body.detail) {
    throw new Error(`not an error body: ${JSON.stringify(body)}`);
  }
  const { request_id: requestId, ...error } = body.error;
  if (typeof requestId !== 'string' || (res.headers && res.headers['x-request-id'] !== requestId)) {
    throw new Error(`error body without the answer's request id: ${JSON.stringify(body)}`);
  }
  return error;
}

/** The error body without what differs between two requests (request ids), to compare answers. */
export function comparableBody(body: string): unknown {
  const parsed = JSON.parse(body) as { error?: { request_id?: string } };
  if (parsed.error) delete parsed.error.request_id;
  return parsed;
}
