import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database, Queryable } from './database';

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
// Any constant: it only has to be the same for every process migrating one database.
const MIGRATION_LOCK_ID = 4_182_026;

/**
 * Runs every migration file not yet applied, in name order, each in its own transaction. The
 * advisory lock lets several processes start against one PostgreSQL at once: one migrates, the
 * others wait and then find nothing to do.
 */
function migrationFiles() {
  return readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort();
}

export async function migrate(db: Database): Promise<string[]> {
  const files = migrationFiles();
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
    await tx.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name),
    );
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = readFileSync(join(MIGRATIONS_DIR, file), 'utf8');
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      applied.push(file);
    }
    await rebaseRestoredEventXids(tx);
  });
  return applied;
}

/**
 * The event log orders events by the id of the transaction that wrote them (migration 011). A
 * logical restore (pg_dump → pg_restore) into another PostgreSQL server brings ids from the old
 * server, which may be ahead of the new server's counter: new events would sort before them and
 * stay hidden until the counter caught up. Every id written on this server is below this
 * transaction's own, so any id at or above it came from elsewhere: all events are shifted down by
 * the same amount, keeping their order, until the highest is below the current id.
 */
async function rebaseRestoredEventXids(tx: Queryable) {
  // The newest event (by the events_seq index) tells at once; a normal start reads one row.
  const [newest] = await tx.query<{ ahead: boolean }>(
    'SELECT xid >= pg_current_xact_id() AS ahead FROM events ORDER BY seq DESC LIMIT 1',
  );
  if (!newest?.ahead) return;
  await tx.query(
    `UPDATE events SET xid = GREATEST(xid::text::numeric - s.shift, 3)::text::xid8
       FROM (SELECT max(xid::text::numeric) - pg_current_xact_id()::text::numeric + 1 AS shift FROM events) s
      WHERE s.shift > 0`,
  );
}

/**
 * The migration files this code knows that the database has not applied (the readiness probe: a
 * process newer than its database must not take traffic). Throws when the database does not answer.
 */
export async function pendingMigrations(db: Queryable): Promise<string[]> {
  const [table] = await db.query<{ present: boolean }>(
    "SELECT to_regclass('schema_migrations') IS NOT NULL AS present",
  );
  const done = new Set(
    table?.present
      ? (await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name)
      : [],
  );
  return migrationFiles().filter((f) => !done.has(f));
}

/**
 * Splits a migration file into statements at `;` ending a line. `--` comments are dropped; quoted
 * strings and dollar-quoted bodies (`$$ … $$`, a trigger function's) are kept whole.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current = '';
  let i = 0;
  while (i < sql.length) {
    const rest = sql.slice(i);
    const dollar = /^\$[A-Za-z_]*\$/.exec(rest);
    if (dollar) {
      const end = sql.indexOf(dollar[0], i + dollar[0].length);
      const stop = end < 0 ? sql.length : end + dollar[0].length;
      current += sql.slice(i, stop);
      i = stop;
    } else if (rest.startsWith("'")) {
      let j = i + 1;
      while (j < sql.length && !(sql[j] === "'" && sql[j + 1] !== "'")) j += sql[j] === "'" ? 2 : 1;
      current += sql.slice(i, j + 1);
      i = j + 1;
    } else if (rest.startsWith('--')) {
      const eol = sql.indexOf('\n', i);
      i = eol < 0 ? sql.length : eol;
    } else if (rest[0] === ';' && /^;[ \t]*(\r?\n|$)/.test(rest)) {
      statements.push(current);
      current = '';
      i += 1;
    } else {
      current += rest[0];
      i += 1;
    }
  }
  statements.push(current);
  return statements.map((s) => s.trim()).filter((s) => s.length > 0);
}
