// Plain JavaScript on purpose: `npm start` (scripts/start.mjs) and the build ask whether the
// pre-initialised data directory is current before any TypeScript can run, and the API asks the same
// question at start-up. One implementation answers all three.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));

/** The pre-initialised data directory the build leaves: PGlite's initdb plus every migration. */
export const TEMPLATE_DIR = join(DIST, 'pgdata-template');
/** What the template was made from; written after the folder is complete. */
export const TEMPLATE_MANIFEST = join(DIST, 'pgdata-template.json');

function pgliteVersion() {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  // The package's exports hide package.json; the entry is <package>/dist/index.cjs.
  return JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')).version;
}

/**
 * What a template must have been made from to stand in for initdb + migrations now: this PGlite
 * version (its data format) and exactly these migration files (an edited migration makes it stale).
 */
export function templateFingerprint() {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    hash
      .update(`${file}\0`)
      .update(readFileSync(join(MIGRATIONS_DIR, file)))
      .update('\0');
  }
  return { pglite: pgliteVersion(), migrations: hash.digest('hex') };
}

/** True when the template exists and was made from what is installed and checked out now. */
export function templateIsCurrent() {
  if (!existsSync(TEMPLATE_MANIFEST) || !existsSync(join(TEMPLATE_DIR, 'PG_VERSION'))) return false;
  try {
    const made = JSON.parse(readFileSync(TEMPLATE_MANIFEST, 'utf8'));
    const now = templateFingerprint();
    return made.pglite === now.pglite && made.migrations === now.migrations;
  } catch {
    return false;
  }
}
