import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { TEMPLATE_DIR, templateFingerprint } from '../../src/db/data-dir-template-state.mjs';
import { migrate } from '../../src/db/migrate';
import { PGLITE_EXTENSIONS, pgliteDatabase } from '../../src/db/pglite';
import { openPostgres } from '../../src/db/postgres';

/**
 * Test databases start migrated instead of running initdb and every migration per test app (PGlite's
 * initdb alone takes 2–3 s; about 40 test apps a run). The vitest global setup
 * (test/support/global-setup.ts) makes both templates once per run and hands their names to the test
 * files through `provide`; startTestApp (test-app.ts) then starts each database from them.
 */

/** Where the dumps live: beside the build's own pre-initialised folder, in the ignored dist/. */
const DUMP_DIR = dirname(TEMPLATE_DIR);
const DUMP_PREFIX = 'test-pgdata-';

/** PGlite's version and the migration files' contents: a changed or added migration makes a new dump. */
function dumpPath(): string {
  const fingerprint = createHash('sha256').update(JSON.stringify(templateFingerprint())).digest('hex');
  return join(DUMP_DIR, `${DUMP_PREFIX}${fingerprint.slice(0, 16)}.tar.gz`);
}

/**
 * A PGlite data directory after initdb and every migration, dumped with `dumpDataDir` (gzip, about
 * 5 MB) to dist/test-pgdata-<fingerprint>.tar.gz; made when there is none for the current migrations.
 * Written to a scratch name and renamed, so a concurrent run never reads half a file. Returns its path.
 */
export async function ensurePgliteDump(): Promise<string> {
  const path = dumpPath();
  if (existsSync(path)) return path;
  const pglite = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  try {
    await migrate(pgliteDatabase(pglite));
    const dump = await pglite.dumpDataDir('gzip');
    mkdirSync(DUMP_DIR, { recursive: true });
    const scratch = `${path}.tmp-${process.pid}`;
    writeFileSync(scratch, new Uint8Array(await dump.arrayBuffer()));
    renameSync(scratch, path);
  } finally {
    await pglite.close();
  }
  for (const old of readdirSync(DUMP_DIR)) {
    if (old.startsWith(DUMP_PREFIX) && join(DUMP_DIR, old) !== path && !old.includes('.tmp-')) {
      rmSync(join(DUMP_DIR, old), { force: true });
    }
  }
  return path;
}

const dumps = new Map<string, Promise<Blob>>();
/** The dump's bytes, read once per test file however many databases it opens. */
export function readPgliteDump(path: string): Promise<Blob> {
  let dump = dumps.get(path);
  if (!dump) {
    dump = readFile(path).then((bytes) => new Blob([new Uint8Array(bytes)]));
    dumps.set(path, dump);
  }
  return dump;
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * One migrated PostgreSQL database for this run, b2bpay_template_<random> (other runs on the shared
 * server have their own, possibly with other migrations). Once migrated it takes no connections, so
 * `CREATE DATABASE … TEMPLATE` never finds it in use. Returns its name and how to drop it.
 */
export async function createPostgresTemplate(serverUrl: string) {
  const name = `b2bpay_template_${randomBytes(6).toString('hex')}`;
  await admin(serverUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const db = await openPostgres(databaseUrl(serverUrl, name), 1);
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
  await admin(serverUrl, (c) => c.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`));
  return {
    name,
    drop: () => admin(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}

/** SQLSTATE 55006 object_in_use: "source database … is being accessed by other users". */
const OBJECT_IN_USE = '55006';

/**
 * CREATE DATABASE <name> [TEMPLATE <template>]. A copy is refused while anyone is connected to the
 * template; nobody should be (it takes no connections), but a stray session ending is waited for a
 * few times rather than failing the test file.
 */
export async function createTestDatabase(serverUrl: string, name: string, template?: string) {
  const sql = template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`;
  for (let attempt = 1; ; attempt++) {
    try {
      await admin(serverUrl, (c) => c.query(sql));
      return databaseUrl(serverUrl, name);
    } catch (error) {
      if ((error as { code?: string }).code !== OBJECT_IN_USE || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

export async function dropTestDatabase(serverUrl: string, name: string) {
  await admin(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}
