// Who may import whom (ARCHITECTURE.md, "Boundaries"):
// - web: a feature (apps/web/src/features/<f>) imports no other feature and not app/, only shared/;
//   shared/ imports no feature and not app/; app/ puts the features together;
// - API: a module (apps/api/src/modules/<m>) reaches another module only through that module's
//   `*.service.ts` files, never its repositories, routes or other files;
// - packages/domain imports nothing outside itself and no app.
import ts from 'typescript';
import { relativeImports } from './imports.mjs';

const WEB = 'apps/web/src/';
const MODULES = 'apps/api/src/modules/';
const DOMAIN = 'packages/domain/';

const featureOf = (path) => (path.startsWith(`${WEB}features/`) ? path.split('/')[4] : null);
const moduleOf = (path) => (path.startsWith(MODULES) ? path.split('/')[4] : null);

/** The breach of one import from `file` to the repository path `target`, or null. */
export function importBreach(file, target) {
  if (file.startsWith(WEB)) {
    const from = featureOf(file);
    const to = featureOf(target);
    if (from && to && from !== to)
      return `feature '${from}' imports feature '${to}' (move the shared piece to shared/)`;
    if (from && target.startsWith(`${WEB}app/`))
      return `feature '${from}' imports app/ (app/ imports features, not back)`;
    if (file.startsWith(`${WEB}shared/`) && (to || target.startsWith(`${WEB}app/`))) {
      return 'shared/ imports a feature or app/';
    }
  }
  const fromModule = moduleOf(file);
  const toModule = moduleOf(target);
  if (fromModule && toModule && fromModule !== toModule && !target.endsWith('.service.ts')) {
    return `module '${fromModule}' imports ${target.slice(MODULES.length)}: modules reach each other only through their *.service.ts`;
  }
  if (file.startsWith(DOMAIN) && !target.startsWith(DOMAIN))
    return 'packages/domain imports a file outside it';
  return null;
}

/** Problems in the given files ({ file, source }), each '<file>:<line>: …'; `exists` tells a path is a file. */
export function checkLayers(files, exists) {
  const problems = [];
  for (const { file, source } of files) {
    for (const { specifier, line, target } of relativeImports(file, source, exists)) {
      const breach = target === null ? null : importBreach(file, target);
      if (breach) problems.push(`${file}:${line}: ${breach} — '${specifier}'`);
    }
    if (file.startsWith(DOMAIN)) {
      for (const imported of ts.preProcessFile(source, true, true).importedFiles) {
        if (/^@b2bpay\/(?!domain$)/.test(imported.fileName)) {
          const line = source.slice(0, imported.pos).split('\n').length;
          problems.push(`${file}:${line}: packages/domain imports an app — '${imported.fileName}'`);
        }
      }
    }
  }
  return problems;
}
