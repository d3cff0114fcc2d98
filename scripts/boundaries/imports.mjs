// Who may import whom, checked with dependency-cruiser and the rules of `.dependency-cruiser.cjs`, plus
// one rule dependency-cruiser cannot state: no cycle between the API's modules taken as wholes (module A
// reaching B while B, through any of its files, reaches A), which a file-level cycle check misses and a
// folder-level one blurs (apps/api/src holds both config.ts, which db/ imports, and app.ts, which
// imports every module).
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { cruise } from 'dependency-cruiser';

const require = createRequire(import.meta.url);
const CONFIG = join(import.meta.dirname, '..', '..', '.dependency-cruiser.cjs');

/** The folders cruised, relative to the repository root: every package that has rules. */
export const PACKAGES = [
  'apps/api',
  'apps/web',
  'apps/widget',
  'apps/sandbox-bank',
  'packages/domain',
  'sdks/typescript',
];

const MODULE = /^apps\/api\/src\/modules\/([^/]+)\//;
const isTest = (path) => /\.test\.tsx?$|^apps\/api\/test\//.test(path);

function describe(violation) {
  const { from, to } = violation;
  const cycle = violation.cycle?.map((step) => step.name ?? step);
  const path = cycle?.length ? [from, ...cycle].join(' -> ') : `${from} -> ${to}`;
  return `${violation.rule.name}: ${path}`;
}

/**
 * Cycles in the graph of API modules (an edge A -> B when a source file of A imports a file of B), each
 * as 'no-cycle-between-api-modules: a -> b -> a', found from the strongly connected components.
 */
export function moduleCycles(modules) {
  const edges = new Map();
  for (const { source, dependencies } of modules) {
    const from = MODULE.exec(source)?.[1];
    if (!from || isTest(source)) continue;
    for (const { resolved } of dependencies) {
      const to = MODULE.exec(resolved)?.[1];
      if (!to || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from).add(to);
    }
  }
  // Tarjan's strongly connected components; each with more than one module is a loop.
  let index = 0;
  const order = new Map();
  const low = new Map();
  const stack = [];
  const components = [];
  const visit = (node) => {
    order.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node), order.get(next)));
    }
    if (low.get(node) === order.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const node of [...edges.keys()].sort()) if (!order.has(node)) visit(node);
  return components.map((component) => {
    const inside = new Set(component);
    const pairs = component.flatMap((a) =>
      [...(edges.get(a) ?? [])].filter((b) => inside.has(b)).map((b) => `${a} -> ${b}`),
    );
    return `no-cycle-between-api-modules: modules ${component.join(', ')} depend on each other in a loop (${pairs.join('; ')})`;
  });
}

/** Breaches of the import rules in the tree at `root`, each '<rule>: <from> -> <to>'. */
export async function checkImports(root) {
  const config = require(CONFIG);
  const { existsSync } = await import('node:fs');
  const targets = PACKAGES.filter((dir) => existsSync(join(root, dir)));
  const result = await cruise(targets, {
    ...config.options,
    baseDir: root,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
  });
  const { modules, summary } = result.output;
  return [...summary.violations.map(describe), ...moduleCycles(modules)];
}
