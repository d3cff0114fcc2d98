import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { TEMPLATE_DIR, TEMPLATE_MANIFEST, templateFingerprint } from './data-dir-template-state.mjs';
import { migrate } from './migrate';
import { openPglite } from './pglite';

/**
 * Makes TEMPLATE_DIR: initdb and every migration in a scratch folder, closed cleanly, then moved into
 * place; the manifest is written last, so a half-made template is never taken for a current one.
 */
export async function buildTemplate(target = { dir: TEMPLATE_DIR, manifest: TEMPLATE_MANIFEST }) {
  const scratch = `${target.dir}.tmp-${process.pid}`;
  rmSync(scratch, { recursive: true, force: true });
  const fingerprint = templateFingerprint();
  const db = await openPglite(scratch, { seed: false });
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
  rmSync(target.manifest, { force: true });
  rmSync(target.dir, { recursive: true, force: true });
  try {
    renameSync(scratch, target.dir);
  } catch (error) {
    // Another build (two `npm start` at once) put its template there between our rm and rename:
    // both are made from the same sources, so theirs will do once its manifest is written.
    rmSync(scratch, { recursive: true, force: true });
    if (
      (error as NodeJS.ErrnoException).code === 'ENOTEMPTY' ||
      (error as NodeJS.ErrnoException).code === 'EEXIST'
    )
      return;
    throw error;
  }
  writeFileSync(target.manifest, `${JSON.stringify(fingerprint, null, 2)}\n`);
}
