// The relative imports of a source file, resolved to repository paths, found with TypeScript's own
// pre-processor (static imports, re-exports, `import type`, dynamic `import()`).
import { dirname, join, normalize } from 'node:path';
import ts from 'typescript';

const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.mjs', '.js', '/index.ts', '/index.tsx'];

/** [{ specifier, line, target }] where target is the imported file's path, or null when not found. */
export function relativeImports(file, source, exists) {
  const info = ts.preProcessFile(source, true, true);
  const lineOf = (pos) => source.slice(0, pos).split('\n').length;
  return info.importedFiles
    .filter((f) => f.fileName.startsWith('.'))
    .map((f) => {
      const base = normalize(join(dirname(file), f.fileName.replace(/\?.*$/, '')))
        .split('\\')
        .join('/');
      const target = EXTENSIONS.map((ext) => `${base}${ext}`).find((candidate) => exists(candidate)) ?? null;
      return { specifier: f.fileName, line: lineOf(f.pos), target };
    });
}

/** Import cycles among the given files ({ file, source }): each cycle once, as 'a -> b -> a'. */
export function findCycles(files) {
  const known = new Set(files.map((f) => f.file));
  const graph = new Map(
    files.map(({ file, source }) => [
      file,
      relativeImports(file, source, (p) => known.has(p))
        .map((i) => i.target)
        .filter((t) => t !== null),
    ]),
  );
  const state = new Map();
  const stack = [];
  const cycles = new Set();
  const visit = (node) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.add([...stack.slice(stack.indexOf(next)), next].join(' -> '));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return [...cycles].map((cycle) => `import cycle: ${cycle}`);
}
