#!/usr/bin/env node
// The architecture's boundaries, checked on every `npm run lint` (ARCHITECTURE.md, "Boundaries"):
// - who may import whom: dependency-cruiser with `.dependency-cruiser.cjs` (no cycle inside a package,
//   a module reached only through its index.ts, a repository only from its own module, the domain
//   package free of Node, Fastify and browser code, web features apart, the widget on its own), and no
//   cycle between the API's modules (boundaries/imports.mjs);
// - SQL only in repositories and the database layer (boundaries/sql-location.mjs);
// - no Node or browser globals in packages/domain (boundaries/domain-globals.mjs).
// Prints each breach and exits 1 when there is one. `--root <dir>` checks another tree of the same shape.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkDomainGlobals } from './boundaries/domain-globals.mjs';
import { checkImports } from './boundaries/imports.mjs';
import { checkSqlLocation } from './boundaries/sql-location.mjs';

const repositoryRoot = join(import.meta.dirname, '..');
const SKIPPED = /(^|\/)(node_modules|dist|data|coverage)\//;

/** The TypeScript sources under `dir` of the tree at `root` ({ file, source }, paths from `root`), tests left out. */
export function sourceFiles(root, dir) {
  if (!existsSync(join(root, dir))) return [];
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .map((name) => `${dir}/${name.split('\\').join('/')}`)
    .filter(
      (file) => /\.(ts|tsx|mts)$/.test(file) && !/\.d\.ts$|\.test\.tsx?$/.test(file) && !SKIPPED.test(file),
    )
    .map((file) => ({ file, source: readFileSync(join(root, file), 'utf8') }));
}

/** Every breach in the tree at `root`, each '<rule>: …'. */
export async function checkBoundaries(root = repositoryRoot) {
  return [
    ...(await checkImports(root)),
    ...checkSqlLocation(sourceFiles(root, 'apps/api/src')),
    ...checkDomainGlobals(sourceFiles(root, 'packages/domain/src')),
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rootFlag = process.argv.indexOf('--root');
  const root = rootFlag > 0 ? process.argv[rootFlag + 1] : repositoryRoot;
  const problems = await checkBoundaries(root);
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(
      `\n${problems.length} boundary breach(es): see .dependency-cruiser.cjs and ARCHITECTURE.md.`,
    );
    process.exit(1);
  }
  console.log('Boundaries: imports within their layers, no cycles, SQL only in repositories, a pure domain.');
}
