import { buildApp } from './app';
import { loadConfig } from './config';
import type { Database } from './db/database';
import { systemClock } from './shared/clock';

/** Nothing is queried while the document is produced: the app is built and asked, never served. */
const noDatabase: Database = {
  kind: 'pglite',
  query: async () => {
    throw new Error('the OpenAPI document needs no database');
  },
  transaction: async () => {
    throw new Error('the OpenAPI document needs no database');
  },
  close: async () => {},
};

/**
 * The OpenAPI document exactly as `GET /api/openapi.json` serves it, without a database or a
 * listener: the lint test and `npm run -s openapi -w @b2bpay/api` (the SDK's type generation) use it.
 */
export async function openApiDocument(
  publicUrl = 'http://localhost:3000',
  path:
    | '/api/openapi.json'
    | '/api/bank/v1/openapi.json'
    | '/api/admin/v1/openapi.json' = '/api/openapi.json',
): Promise<Record<string, unknown>> {
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: publicUrl,
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    WIDGET_DIST: '/nonexistent',
    DEMO_SHOP: 'false',
  });
  const app = await buildApp({ config, db: noDatabase, clock: systemClock }, { logger: false });
  try {
    await app.ready();
    return (await app.inject({ method: 'GET', url: path })).json();
  } finally {
    await app.close();
  }
}

// `tsx src/openapi-document.ts` prints it.
if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(`${JSON.stringify(await openApiDocument(process.argv[2]), null, 2)}\n`);
}
