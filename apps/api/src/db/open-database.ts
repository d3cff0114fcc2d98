import type { Config } from '../config';
import type { Database } from './database';
import { migrate } from './migrate';
import type { OpenPgliteOptions } from './pglite';

/**
 * PostgreSQL when DATABASE_URL is set, else the embedded PGlite in DATA_DIR; migrated before use.
 * Each driver is loaded only when chosen: node-postgres alone takes a few hundred milliseconds to load
 * (it probes fetch's Response at import), which a start on PGlite does not need to pay.
 */
export async function openDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR' | 'DATABASE_POOL_SIZE'>,
  pglite: OpenPgliteOptions = {},
) {
  const db: Database = config.DATABASE_URL
    ? await (await import('./postgres')).openPostgres(config.DATABASE_URL, config.DATABASE_POOL_SIZE)
    : await (await import('./pglite')).openPglite(config.DATA_DIR, pglite);
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
