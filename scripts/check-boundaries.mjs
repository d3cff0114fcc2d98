#!/usr/bin/env node
// The architecture's boundaries, checked on every `npm run lint` (ARCHITECTURE.md, "Boundaries"):
// SQL only in repositories and the database layer (boundaries/sql-location.mjs), no import cycles in
// the API's and the web app's sources (boundaries/imports.mjs), and who may import whom: web features,
// API modules, the domain package (boundaries/layers.mjs). Prints each breach with its
// file and line and exits 1 when there is one.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findCycles } from './boundaries/imports.mjs';
import { checkLayers } from './boundaries/layers.mjs';
import { checkSqlLocation } from './boundaries/sql-location.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The repository's files under `dir` (tracked, and new ones not ignored) that `keep` accepts. */
function filesIn(dir, keep) {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', dir], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => /\.(ts|tsx|mts)$/.test(file) && !file.endsWith('.d.ts') && keep(file))
    .flatMap((file) => {
      try {
        return [{ file, source: readFileSync(join(root, file), 'utf8') }];
      } catch {
        return []; // deleted in the work tree, not yet in the index
      }
    });
}

const isTest = (file) => /\.test\.tsx?$/.test(file);
/** Source files, tests left out. */
export const sourceFiles = (dir) => filesIn(dir, (file) => !isTest(file));
const testFiles = (dir) => filesIn(dir, isTest);

export function checkBoundaries() {
  const api = sourceFiles('apps/api/src');
  const web = sourceFiles('apps/web/src');
  const domain = sourceFiles('packages/domain/src');
  const all = [...api, ...web, ...domain];
  const withTests = [...all, ...testFiles('apps/web/src'), ...testFiles('packages/domain/src')];
  return [
    ...checkSqlLocation(api),
    ...findCycles(api),
    ...findCycles(web),
    ...checkLayers(withTests, (path) => existsSync(join(root, path))),
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = checkBoundaries();
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`\n${problems.length} boundary breach(es): see ARCHITECTURE.md, "Boundaries".`);
    process.exit(1);
  }
  console.log('Boundaries: SQL only in repositories, no import cycles, imports within their layers.');
}
