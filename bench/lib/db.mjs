// Benchmark databases on the local PostgreSQL: created by the benchmark, marked with a comment, and
// only ever dropped when they carry that mark (never a database the benchmark did not create).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';
import { ROOT, TSX } from './proc.mjs';

const MARK = 'b2bpay bench data (bench/run.mjs); safe to drop';

export function databaseUrl(server, name) {
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin(server, work) {
  const c = new pg.Client({ connectionString: databaseUrl(server, 'postgres') });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

export async function databaseState(server, name) {
  return admin(server, async (c) => {
    const r = await c.query(
      `SELECT shobj_description(oid, 'pg_database') AS mark FROM pg_database WHERE datname = $1`,
      [name],
    );
    if (r.rowCount === 0) return 'absent';
    return r.rows[0].mark === MARK ? 'ours' : 'foreign';
  });
}

/** A fresh, empty, migrated database `name`. */
export async function freshDatabase(server, name) {
  const state = await databaseState(server, name);
  if (state === 'foreign') throw new Error(`database ${name} exists and was not created by the benchmark`);
  await admin(server, async (c) => {
    if (state === 'ours') await c.query(`DROP DATABASE "${name}" WITH (FORCE)`);
    await c.query(`CREATE DATABASE "${name}"`);
    await c.query(`COMMENT ON DATABASE "${name}" IS '${MARK}'`);
  });
  const url = databaseUrl(server, name);
  const r = spawnSync(TSX, [join(ROOT, 'bench/migrate.mjs')], {
    env: { ...process.env, DATABASE_URL: url },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`migration failed:\n${r.stdout}\n${r.stderr}`);
  return url;
}

/** Migrations not yet applied to an existing benchmark database (a kept data set after a code change). */
export function migrateExisting(url) {
  const r = spawnSync(TSX, [join(ROOT, 'bench/migrate.mjs')], {
    env: { ...process.env, DATABASE_URL: url },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`migration failed:\n${r.stdout}\n${r.stderr}`);
  return r.stdout.trim();
}

export async function withClient(url, work) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}
