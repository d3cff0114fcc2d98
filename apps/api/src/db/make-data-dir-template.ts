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
  renameSync(scratch, target.dir);
  writeFileSync(target.manifest, `${JSON.stringify(fingerprint, null, 2)}\n`);
}
