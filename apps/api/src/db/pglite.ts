import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { acquireDataDirLock } from './data-dir-lock';
import type { Database, Queryable } from './database';

/**
 * The embedded database: PostgreSQL compiled to WASM, kept in DATA_DIR. `memory://` keeps it in memory
 * (tests). PGlite runs one statement at a time, so it serialises transactions by itself.
 */
export async function openPglite(dataDir: string): Promise<Database> {
  let release = () => {};
  let pg: PGlite;
  if (dataDir === 'memory://') {
    pg = await PGlite.create();
  } else {
    mkdirSync(dataDir, { recursive: true });
    release = acquireDataDirLock(dataDir);
    try {
      pg = await PGlite.create(dataDir);
    } catch (error) {
      release();
      throw error;
    }
  }
  const wrap = (q: { query: PGlite['query'] }): Queryable => ({
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await q.query<Row>(sql, params as unknown[]);
      return result.rows;
    },
  });
  return {
    kind: 'pglite',
    ...wrap(pg),
    transaction: (work) => pg.transaction((tx) => work(wrap(tx))),
    async close() {
      await pg.close();
      release();
    },
  };
}
