// Where the API's bundle (apps/api/build.mjs) is and whether it still matches the sources. `npm start`,
// the benchmark and the browser tests run the bundle when it does and the TypeScript sources through
// tsx otherwise, so nobody runs code older than what is checked out.
//
// Each build goes to its own folder under dist/bundles/, and dist/bundle.json names the current one:
// a process that is starting keeps loading its chunks from its folder while a newer build lands.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const BUNDLES_DIR = fileURLToPath(new URL('./dist/bundles/', import.meta.url));
export const CURRENT_BUNDLE = fileURLToPath(new URL('./dist/bundle.json', import.meta.url));
export const BUILD_INFO = 'build-info.json';

/**
 * Files that shape the bundle without being among esbuild's inputs: the build script, package
 * manifests and TypeScript settings, and npm's record of node_modules (rewritten by every install).
 */
export const BUILD_CONFIG_FILES = [
  'apps/api/build.mjs',
  'apps/api/package.json',
  'apps/api/tsconfig.json',
  'packages/domain/package.json',
  'tsconfig.base.json',
  'node_modules/.package-lock.json',
];

function modifiedMs(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return Number.POSITIVE_INFINITY; // gone since the build: stale
  }
}

/** The current bundle's folder, or undefined before the first build. */
export function currentBundleDir(pointer = CURRENT_BUNDLE) {
  try {
    return join(BUNDLES_DIR, JSON.parse(readFileSync(pointer, 'utf8')).dir);
  } catch {
    return undefined;
  }
}

/**
 * True when the bundle in `dir` exists and no file it was built from (repository-relative paths kept
 * in its build-info.json) changed after its build started. A few hundred stat calls: milliseconds.
 */
export function bundleIsFresh(dir = currentBundleDir(), root = REPO_ROOT) {
  if (!dir) return false;
  let info;
  try {
    info = JSON.parse(readFileSync(join(dir, BUILD_INFO), 'utf8'));
  } catch {
    return false;
  }
  return [...info.inputs, ...BUILD_CONFIG_FILES].every(
    (path) => modifiedMs(join(root, path)) <= info.startedAtMs,
  );
}

/** The bundled entry (`main`, `worker`, `cli`) when the bundle is fresh, else undefined. */
export function freshBundledEntry(name) {
  const dir = currentBundleDir();
  return dir && bundleIsFresh(dir) ? join(dir, `${name}.mjs`) : undefined;
}
