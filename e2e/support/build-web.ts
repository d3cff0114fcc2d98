import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT, WEB_DIR } from './paths';

const SOURCES = ['src', 'public', 'build', 'index.html', 'buyer.html', 'vite.config.ts', 'package.json'];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Builds apps/web when dist/ is missing or older than any of its sources (E2E_SKIP_BUILD=1 skips). */
export function buildWebIfNeeded(): void {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  const builtAt = newestMtime(path.join(WEB_DIR, 'dist', 'index.html'));
  const sourcesAt = Math.max(...SOURCES.map((s) => newestMtime(path.join(WEB_DIR, s))));
  const domainAt = newestMtime(path.join(REPO_ROOT, 'packages', 'domain', 'src'));
  // The API docs page embeds these files as text, and the Bitrix module's README is /guides/bitrix.pdf.
  const examplesAt = Math.max(
    newestMtime(path.join(REPO_ROOT, 'docs', 'examples')),
    newestMtime(path.join(REPO_ROOT, 'integrations', 'bitrix', 'README.md')),
  );
  if (builtAt > 0 && builtAt >= sourcesAt && builtAt >= domainAt && builtAt >= examplesAt) return;
  execFileSync('npm', ['run', 'build', '-w', '@b2bpay/web'], { cwd: REPO_ROOT, stdio: 'inherit' });
}

/**
 * A private copy of apps/web/dist for this run's server. The server lists static files when it starts,
 * so a build running meanwhile (another terminal, another developer) would otherwise swap the hashed
 * files under it.
 */
export function snapshotWebDist(): string {
  const target = mkdtempSync(path.join(tmpdir(), 'b2bpay-e2e-web-'));
  cpSync(path.join(WEB_DIR, 'dist'), target, { recursive: true });
  return target;
}
