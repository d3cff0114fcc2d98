import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { BUILD_CONFIG_FILES, BUILD_INFO, bundleIsFresh, freshBundledEntry } from '../build-state.mjs';
import { LOCK_FILE } from '../src/db/data-dir-lock';
import { seedFromTemplate } from '../src/db/data-dir-template';
import { templateFingerprint } from '../src/db/data-dir-template-state.mjs';
import type { Database } from '../src/db/database';
import { buildTemplate } from '../src/db/make-data-dir-template';
import { migrate } from '../src/db/migrate';
import { openPglite } from '../src/db/pglite';
import { ensurePgliteDump, readPgliteDump } from './support/test-databases';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'b2bpay-startup-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Everything the migrations make, as sorted lines: tables, columns, keys, indexes, functions, triggers. */
async function schemaOf(db: Database): Promise<string[]> {
  const rows = await db.query<{ line: string }>(`
    SELECT 'column ' || table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable
           || ' ' || coalesce(column_default, '') AS line
      FROM information_schema.columns WHERE table_schema = 'public'
    UNION ALL SELECT 'index ' || indexdef FROM pg_indexes WHERE schemaname = 'public'
    UNION ALL SELECT 'constraint ' || conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid)
      FROM pg_constraint WHERE connamespace = 'public'::regnamespace
    UNION ALL SELECT 'function ' || pg_get_functiondef(oid)
      FROM pg_proc WHERE pronamespace = 'public'::regnamespace AND prokind IN ('f', 'p')
    UNION ALL SELECT 'trigger ' || pg_get_triggerdef(oid) FROM pg_trigger WHERE NOT tgisinternal
    UNION ALL SELECT 'extension ' || extname || ' ' || extversion FROM pg_extension
    UNION ALL SELECT 'sequence ' || sequence_name FROM information_schema.sequences WHERE sequence_schema = 'public'
    UNION ALL SELECT 'view ' || table_name || ' ' || view_definition FROM information_schema.views
      WHERE table_schema = 'public'
    UNION ALL SELECT 'migration ' || name FROM schema_migrations`);
  // Rows a migration inserts (counters, seeds) count as part of what it makes.
  const tables = await db.query<{ name: string }>(
    `SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = 'public'`,
  );
  const counts: string[] = [];
  for (const { name } of tables) {
    if (name === 'schema_migrations') continue; // applied_at differs, names are compared above
    const [row] = await db.query<{ n: number | string }>(`SELECT count(*) AS n FROM ${name}`);
    counts.push(`rows ${name} ${row?.n}`);
  }
  return [...rows.map((r) => r.line), ...counts].sort();
}

describe('the pre-initialised data directory', { timeout: 300_000 }, () => {
  it('holds exactly what initdb and the migrations make, and is recorded as current', async () => {
    const template = { dir: join(scratch, 'template'), manifest: join(scratch, 'template.json') };
    await buildTemplate(template);
    expect(JSON.parse(readFileSync(template.manifest, 'utf8'))).toEqual(templateFingerprint());
    expect(existsSync(join(template.dir, LOCK_FILE))).toBe(false);

    const dataDir = join(scratch, 'seeded');
    mkdirSync(dataDir);
    expect(await seedFromTemplate(dataDir, { dir: template.dir, isCurrent: () => true })).toBe(true);
    const seeded = await openPglite(dataDir, { seed: false });
    const reference = await openPglite('memory://');
    try {
      expect(await migrate(seeded)).toEqual([]); // every migration was already applied
      await migrate(reference);
      const [ours, theirs] = [await schemaOf(seeded), await schemaOf(reference)];
      expect(ours.some((line) => line.startsWith('column orders.'))).toBe(true);
      expect(ours).toEqual(theirs);
    } finally {
      await seeded.close();
      await reference.close();
    }
  });

  it("the tests' dumped data directory holds exactly what initdb and the migrations make", async () => {
    const path = await ensurePgliteDump();
    expect(path).toMatch(/test-pgdata-[0-9a-f]{16}\.tar\.gz$/);
    const loaded = await openPglite('memory://', { loadDataDir: await readPgliteDump(path) });
    const reference = await openPglite('memory://');
    try {
      expect(await migrate(loaded)).toEqual([]); // every migration was already applied
      await migrate(reference);
      const [ours, theirs] = [await schemaOf(loaded), await schemaOf(reference)];
      expect(ours.some((line) => line.startsWith('column orders.'))).toBe(true);
      expect(ours).toEqual(theirs);
    } finally {
      await loaded.close();
      await reference.close();
    }
  });

  it('never overwrites a database and copies nothing without a current template', async () => {
    const template = join(scratch, 'fake-template');
    mkdirSync(join(template, 'base'), { recursive: true });
    writeFileSync(join(template, 'PG_VERSION'), '17\n');
    writeFileSync(join(template, 'base', 'table'), 'template');

    const existing = join(scratch, 'existing');
    mkdirSync(existing);
    writeFileSync(join(existing, 'PG_VERSION'), 'ours\n');
    expect(await seedFromTemplate(existing, { dir: template, isCurrent: () => true })).toBe(false);
    expect(readdirSync(existing)).toEqual(['PG_VERSION']);
    expect(readFileSync(join(existing, 'PG_VERSION'), 'utf8')).toBe('ours\n');

    const empty = join(scratch, 'no-template');
    mkdirSync(empty);
    expect(await seedFromTemplate(empty, { dir: template, isCurrent: () => false })).toBe(false);
    expect(readdirSync(empty)).toEqual([]);
  });

  it('takes back a copy cut short, so that PGlite runs initdb on an empty folder', async () => {
    const template = join(scratch, 'broken-template');
    mkdirSync(join(template, 'base'), { recursive: true });
    writeFileSync(join(template, 'PG_VERSION'), '17\n');
    writeFileSync(join(template, 'base', 'table'), 'template');
    symlinkSync(join(scratch, 'nowhere'), join(template, 'base', 'vanished'));

    const dataDir = join(scratch, 'cut-short');
    mkdirSync(dataDir);
    writeFileSync(join(dataDir, LOCK_FILE), String(process.pid));
    expect(await seedFromTemplate(dataDir, { dir: template, isCurrent: () => true })).toBe(false);
    expect(readdirSync(dataDir)).toEqual([LOCK_FILE]);
  });
});

describe('whether the bundle is fresh', () => {
  function fakeBuild() {
    const tree = mkdtempSync(join(scratch, 'tree-'));
    const bundle = join(tree, 'bundle');
    mkdirSync(bundle);
    for (const file of [...BUILD_CONFIG_FILES, 'src/a.ts']) {
      mkdirSync(join(tree, file, '..'), { recursive: true });
      writeFileSync(join(tree, file), '');
      utimesSync(join(tree, file), 1000, 1000); // seconds: long before the build below
    }
    writeFileSync(join(bundle, BUILD_INFO), JSON.stringify({ startedAtMs: 2_000_000, inputs: ['src/a.ts'] }));
    return { tree, bundle };
  }

  it('is fresh until an input or a build setting changes after the build started', () => {
    const { tree, bundle } = fakeBuild();
    expect(bundleIsFresh(bundle, tree)).toBe(true);
    utimesSync(join(tree, 'src/a.ts'), 3000, 3000);
    expect(bundleIsFresh(bundle, tree)).toBe(false);

    const other = fakeBuild();
    utimesSync(join(other.tree, 'node_modules/.package-lock.json'), 3000, 3000); // npm install
    expect(bundleIsFresh(other.bundle, other.tree)).toBe(false);
  });

  it('is stale when an input is gone or there is no build', () => {
    const { tree, bundle } = fakeBuild();
    writeFileSync(
      join(bundle, BUILD_INFO),
      JSON.stringify({ startedAtMs: 2_000_000, inputs: ['src/gone.ts'] }),
    );
    expect(bundleIsFresh(bundle, tree)).toBe(false);
    expect(bundleIsFresh(join(tree, 'nothing'), tree)).toBe(false);
    expect(bundleIsFresh(undefined, tree)).toBe(false);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

describe('the bundle', { timeout: 300_000 }, () => {
  const children: ChildProcess[] = [];
  afterAll(() => {
    for (const c of children) c.kill('SIGKILL');
  });

  it('is built fresh, serves /api/health, and its CLI and worker entries run', async () => {
    const built = spawnSync(process.execPath, [join(root, 'apps/api/build.mjs'), '--bundle'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(built.status, built.stderr).toBe(0);
    const main = freshBundledEntry('main');
    const cli = freshBundledEntry('cli');
    const worker = freshBundledEntry('worker');
    expect(main && cli && worker).toBeTruthy();

    const dataDir = join(scratch, 'bundle-data');
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' };
    const port = await freePort();
    const server = spawn(process.execPath, [main ?? ''], {
      cwd: root,
      env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: 'pipe',
    });
    children.push(server);
    let output = '';
    server.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    server.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    const exited = new Promise<number | null>((resolve) => server.on('exit', resolve));
    // The process prints its banner once it listens (after the database is open).
    await new Promise<void>((resolve, reject) => {
      server.stdout?.on('data', () => {
        if (output.includes('B2BPay работает')) resolve();
      });
      void exited.then((code) => reject(new Error(`server exited ${code}:\n${output}`)));
    });
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    // The company directory is read from apps/api/data: a path relative to its source file.
    const companies = await fetch(`http://127.0.0.1:${port}/api/integration/company/suggest?inn=77`);
    expect(companies.status).toBe(200);
    server.kill('SIGTERM');
    expect(await exited).toBe(0);

    const created = spawnSync(
      process.execPath,
      [cli ?? '', 'shop', 'create', '--name', 'ООО «Сборка»', '--email', 'bundle@shop.ru'],
      { cwd: root, env, encoding: 'utf8' },
    );
    expect(created.status, created.stderr).toBe(0);
    expect(JSON.parse(created.stdout).shop).toMatchObject({ name: 'ООО «Сборка»' });

    const lone = spawnSync(process.execPath, [worker ?? ''], { cwd: root, env, encoding: 'utf8' });
    expect(lone.status).toBe(2);
    expect(lone.stderr).toContain('DATABASE_URL');
  });
});
