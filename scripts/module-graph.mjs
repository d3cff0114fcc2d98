#!/usr/bin/env node
// Prints the API's module graph as ARCHITECTURE.md draws it: each module of apps/api/src/modules (and
// the workflows layer) with the modules its source files import, tests left out. Read from the code by
// dependency-cruiser, so the map can be checked against what is.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { cruise } from 'dependency-cruiser';

const root = join(import.meta.dirname, '..');
const config = createRequire(import.meta.url)(join(root, '.dependency-cruiser.cjs'));
const PART = /^apps\/api\/src\/(?:modules\/([^/]+)|(workflows))\//;
const isTest = (path) => /\.test\.tsx?$/.test(path);

const { output } = await cruise(['apps/api/src'], { ...config.options, baseDir: root });
const edges = new Map();
for (const { source, dependencies } of output.modules) {
  const match = PART.exec(source);
  if (!match || isTest(source)) continue;
  const from = match[1] ?? match[2];
  if (!edges.has(from)) edges.set(from, new Set());
  for (const { resolved } of dependencies) {
    const to = PART.exec(resolved);
    const name = to && (to[1] ?? to[2]);
    if (name && name !== from) edges.get(from).add(name);
  }
}
for (const [from, to] of [...edges].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(`${from} -> ${[...to].sort().join(', ') || '(none)'}`);
}
