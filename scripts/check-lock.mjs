#!/usr/bin/env node
// The lock file check: fails (exit 1) when package-lock.json is out of sync with the package.json files,
// which makes `npm ci` — what CI systems and container builds run — refuse to install. It asks npm
// itself: `npm ci --dry-run` runs npm ci's own comparison of the lock with every workspace's
// package.json (including each package's optional platform builds, e.g. Biome's macOS and Windows
// binaries) and installs nothing. Run by `npm test` as one test.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const result = spawnSync(
  npm,
  ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'],
  { cwd: root, encoding: 'utf8', shell: process.platform === 'win32' },
);
// npm's reason, without the usage text it prints after it.
const stderr = `${result.stderr ?? ''}`;
const errors = stderr
  .slice(
    0,
    stderr.includes('npm error Clean install') ? stderr.indexOf('npm error Clean install') : undefined,
  )
  .split('\n')
  .filter((line) => line.startsWith('npm error'))
  .join('\n');
if (result.status !== 0) {
  console.error(`package-lock.json: npm ci refuses it — run npm install and commit the lock.\n${errors}`);
  process.exit(1);
}
console.log('package-lock.json: in sync with package.json (npm ci --dry-run accepts it)');
