import { type Dirent, existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { LOCK_FILE } from './data-dir-lock';
import { TEMPLATE_DIR, templateIsCurrent } from './data-dir-template-state.mjs';

/** PostgreSQL's marker of a data directory: PGlite resumes a folder that has it and runs initdb otherwise. */
const MARKER = 'PG_VERSION';

/** Waits for every one (none is still writing when this returns), then fails with the first failure. */
async function settleAll(work: Promise<unknown>[]): Promise<void> {
  const failed = (await Promise.allSettled(work)).find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
}

/** Copies entries of a folder, every file at once (libuv's thread pool bounds the parallelism). */
async function copyEntries(from: string, to: string, entries: Dirent[]): Promise<void> {
  await settleAll(
    entries.map(async (entry) => {
      if (!entry.isDirectory()) return copyFile(join(from, entry.name), join(to, entry.name));
      await mkdir(join(to, entry.name), { recursive: true });
      const inner = join(from, entry.name);
      await copyEntries(inner, join(to, entry.name), await readdir(inner, { withFileTypes: true }));
    }),
  );
}

export interface DataDirTemplate {
  dir: string;
  isCurrent: () => boolean;
}

const BUILT_TEMPLATE: DataDirTemplate = { dir: TEMPLATE_DIR, isCurrent: templateIsCurrent };

/**
 * A first start on an empty DATA_DIR spends most of its time in PGlite's initdb (5–20 s on a busy
 * machine). The build runs initdb and the migrations once into TEMPLATE_DIR; a new DATA_DIR gets a
 * copy of it, and migrate() then finds everything applied. Returns false (and copies nothing) when
 * the folder already holds a database or there is no current template: PGlite's initdb then does it.
 * The caller holds the folder's lock.
 */
export async function seedFromTemplate(dataDir: string, template = BUILT_TEMPLATE): Promise<boolean> {
  if (existsSync(join(dataDir, MARKER)) || !template.isCurrent()) return false;
  let entries: Dirent[] = [];
  try {
    entries = (await readdir(template.dir, { withFileTypes: true })).filter(
      (entry) => entry.name !== MARKER && entry.name !== LOCK_FILE,
    );
    await copyEntries(template.dir, dataDir, entries);
    // The marker last: a copy cut short leaves a folder PGlite does not take for a database.
    await copyFile(join(template.dir, MARKER), join(dataDir, MARKER));
    return true;
  } catch {
    // The template was replaced under us (a concurrent build): take back what was copied, so that
    // initdb gets the empty folder it needs.
    for (const name of [...entries.map((e) => e.name), MARKER]) {
      await rm(join(dataDir, name), { recursive: true, force: true });
    }
    return false;
  }
}
