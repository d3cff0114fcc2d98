import { templateIsCurrent } from './data-dir-template-state.mjs';
import { buildTemplate } from './make-data-dir-template';

/**
 * Run by the build (apps/api/build.mjs, from the bundle): makes the pre-initialised data directory
 * unless the current one still matches PGlite and the migrations; `--force` makes it anyway.
 */
if (process.argv.includes('--force') || !templateIsCurrent()) {
  const started = performance.now();
  await buildTemplate();
  console.log(`api: pre-initialised data directory in ${Math.round(performance.now() - started)} ms`);
}
