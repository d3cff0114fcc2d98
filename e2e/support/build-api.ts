import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { freshBundledEntry } from '../../apps/api/build-state.mjs';
import { templateIsCurrent } from '../../apps/api/src/db/data-dir-template-state.mjs';
import { REPO_ROOT } from './paths';

/**
 * Bundles the API and makes its pre-initialised database folder when either is missing or stale,
 * so every file's server starts from the bundle and copies the folder instead of running initdb and
 * the migrations (seconds each, once per file). E2E_SKIP_BUILD=1 skips it (npm test builds first).
 */
export function buildApiIfNeeded(): void {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  if (freshBundledEntry('main') && templateIsCurrent()) return;
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'apps/api/build.mjs')], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
}
