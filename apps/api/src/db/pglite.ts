import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { acquireDataDirLock } from './data-dir-lock';
import type { Database, Queryable } from './database';

/** pg_trgm: the order list's number search (migration 006); PostgreSQL ships it in contrib. */
const EXTENSIONS = { pg_trgm };

/**
 * The embedded database: PostgreSQL compiled to WASM, kept in DATA_DIR. `memory://` keeps it in memory
 * (tests). PGlite runs one statement at a time, so it serialises transactions by itself.
 */
export async function openPglite(dataDir: string): Promise<Database> {
  let release = () => {};
  let pg: PGlite;
  if (dataDir === 'memory://') {
    pg = await PGlite.create({ extensions: EXTENSIONS });
  } else {
    mkdirSync(dataDir, { recursive: true });
    release = acquireDataDirLock(dataDir);
    try {
      pg = await PGlite.create(dataDir, { extensions: EXTENSIONS });
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
