import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { acquireDataDirLock } from './data-dir-lock';
import { seedFromTemplate } from './data-dir-template';
import type { Database, Queryable } from './database';

/** pg_trgm: the order list's number search (migration 006); PostgreSQL ships it in contrib. */
export const PGLITE_EXTENSIONS = { pg_trgm };

type WasmModule = NonNullable<PGliteOptions['pgliteWasmModule']>;
/** Node's WebAssembly: the API's TypeScript settings (no DOM library) do not describe it. */
const wasm = (globalThis as unknown as { WebAssembly: { compile(code: Uint8Array): Promise<WasmModule> } })
  .WebAssembly;

/**
 * PGlite's WASM program, compiled, and its file-system image. PGlite loads them itself, but only once
 * PGlite.create runs; started first, they load while the data directory is copied.
 */
async function loadArtifacts() {
  const resolve = createRequire(import.meta.url).resolve;
  const [code, data] = await Promise.all([
    readFile(resolve('@electric-sql/pglite/pglite.wasm')),
    readFile(resolve('@electric-sql/pglite/pglite.data')),
  ]);
  return { pgliteWasmModule: await wasm.compile(code), fsBundle: new Blob([data]) };
}

let loadedArtifacts: ReturnType<typeof loadArtifacts> | undefined;
/**
 * Loaded and compiled once per process: a test file opens many in-memory databases, and compiling the
 * WASM program is a good part of each PGlite.create. Both are only read, so every instance can share them.
 */
function sharedArtifacts(): ReturnType<typeof loadArtifacts> {
  if (!loadedArtifacts) {
    loadedArtifacts = loadArtifacts();
    loadedArtifacts.catch(() => {
      loadedArtifacts = undefined; // a failed load is tried again by the next open
    });
  }
  return loadedArtifacts;
}

export interface OpenPgliteOptions {
  /** false: a new folder is left to PGlite's initdb (the build itself, tests comparing the two). */
  seed?: boolean;
  /**
   * `memory://` only: a data directory dumped by PGlite's `dumpDataDir` to start from instead of
   * running initdb (the tests' pre-migrated database, apps/api/test/support/test-databases.ts).
   */
  loadDataDir?: Blob;
}

/**
 * The embedded database: PostgreSQL compiled to WASM, kept in DATA_DIR. `memory://` keeps it in memory
 * (tests). PGlite runs one statement at a time, so it serialises transactions by itself. A new folder
 * starts as a copy of the build's pre-initialised data directory when there is a current one.
 */
export async function openPglite(
  dataDir: string,
  { seed = true, loadDataDir }: OpenPgliteOptions = {},
): Promise<Database> {
  let release = () => {};
  let pg: PGlite;
  if (dataDir === 'memory://') {
    pg = await PGlite.create({
      extensions: PGLITE_EXTENSIONS,
      ...(await sharedArtifacts()),
      ...(loadDataDir ? { loadDataDir } : {}),
    });
  } else {
    mkdirSync(dataDir, { recursive: true });
    release = acquireDataDirLock(dataDir);
    try {
      const artifacts = sharedArtifacts();
      artifacts.catch(() => {}); // awaited below; a failure meanwhile must not count as unhandled
      if (seed) await seedFromTemplate(dataDir);
      pg = await PGlite.create(dataDir, { extensions: PGLITE_EXTENSIONS, ...(await artifacts) });
    } catch (error) {
      release();
      throw error;
    }
  }
  return pgliteDatabase(pg, release);
}

/** The Database interface over an open PGlite; `release` runs after it is closed. */
export function pgliteDatabase(pg: PGlite, release = () => {}): Database {
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
