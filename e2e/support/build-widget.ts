import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './paths';

const WIDGET_DIR = path.join(REPO_ROOT, 'apps', 'widget');

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce(
    (newest, entry) => Math.max(newest, newestMtime(path.join(target, entry))),
    0,
  );
}

/**
 * Builds the widget script when it is missing or older than its sources. The API serves
 * /widget/ only if the folder exists when it starts, so this runs before the server. It takes well
 * under a second, so E2E_SKIP_BUILD does not skip it.
 */
export function buildWidgetIfNeeded(): void {
  const builtAt = newestMtime(path.join(WIDGET_DIR, 'dist', 'v1', 'b2bpay.js'));
  const sourcesAt = Math.max(
    ...['src', 'build.mjs', 'package.json'].map((s) => newestMtime(path.join(WIDGET_DIR, s))),
  );
  if (builtAt > 0 && builtAt >= sourcesAt) return;
  execFileSync(process.execPath, [path.join(WIDGET_DIR, 'build.mjs')], { cwd: REPO_ROOT, stdio: 'inherit' });
}
