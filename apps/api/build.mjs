// `npm run build -w @b2bpay/api`: the API as plain JavaScript (main, worker, cli) in
// dist/bundles/<build>/, named by dist/bundle.json, so a start does not compile TypeScript through tsx
// (about 2 s); and the pre-initialised database folder dist/pgdata-template/, so a first start does
// not run PGlite's initdb (5–20 s).
//
//   node apps/api/build.mjs               both
//   node apps/api/build.mjs --bundle      only the bundle
//   node apps/api/build.mjs --template    only the database folder (made when not current)
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import {
  BUILD_INFO,
  BUNDLES_DIR,
  bundleIsFresh,
  CURRENT_BUNDLE,
  currentBundleDir,
  REPO_ROOT,
} from './build-state.mjs';

const API_DIR = join(REPO_ROOT, 'apps/api');

/**
 * Packages left to node_modules: PGlite loads its WASM and data files next to its own code, pg has an
 * optional native binding, @fastify/swagger reads its package.json from its folder, pino starts
 * transport workers from files beside it, ioredis reads its package.json for its version, and pdfkit
 * reads its font metrics from its folder (the DejaVu fonts are found through their package.json).
 */
const EXTERNAL = [
  '@electric-sql/pglite',
  '@electric-sql/pglite/*',
  'pg',
  'pg-native',
  '@fastify/swagger',
  'pino',
  'ioredis',
  'pdfkit',
  'dejavu-fonts-ttf',
];

/**
 * Our sources find files relative to themselves (migrations, the company directory, the web build).
 * In the bundle `import.meta.url` is the bundle's address, so each source gets its own back: its
 * path relative to the bundle's folder, resolved against the bundle's address at run time.
 */
function sourceLocation(outdir) {
  return {
    name: 'source-location',
    setup(b) {
      b.onLoad({ filter: /\.(ts|mts|mjs)$/ }, async (args) => {
        if (args.path.includes(`${sep}node_modules${sep}`)) return undefined;
        const text = await readFile(args.path, 'utf8');
        if (!text.includes('import.meta')) return undefined;
        if (/import\.meta\.(dirname|filename|resolve)/.test(text)) {
          return {
            errors: [{ text: 'use new URL(…, import.meta.url): only import.meta.url is mapped back' }],
          };
        }
        const own = JSON.stringify(relative(outdir, args.path).split(sep).join('/'));
        return {
          contents: text.replaceAll('import.meta.url', `new URL(${own}, import.meta.url).href`),
          loader: extname(args.path) === '.mjs' ? 'js' : 'ts',
          resolveDir: join(args.path, '..'),
        };
      });
    },
  };
}

async function bundle() {
  const startedAtMs = Date.now();
  const name = `${startedAtMs}-${process.pid}`;
  const outdir = join(BUNDLES_DIR, name);
  const result = await build({
    absWorkingDir: REPO_ROOT,
    entryPoints: {
      main: join(API_DIR, 'src/main.ts'),
      worker: join(API_DIR, 'src/worker.ts'),
      cli: join(API_DIR, 'src/cli.ts'),
      'build-data-dir-template': join(API_DIR, 'src/db/build-data-dir-template.ts'),
    },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    // main.ts loads the HTTP side with import() while the database opens: separate chunks.
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL,
    // Less to parse at start-up; names are kept, and the source map leads back to the sources.
    minifyWhitespace: true,
    minifySyntax: true,
    // CommonJS packages inside an ES module bundle still call require() for Node's own modules.
    banner: {
      js: "import { createRequire as __b2bpayCreateRequire } from 'node:module'; const require = __b2bpayCreateRequire(import.meta.url);",
    },
    sourcemap: true,
    metafile: true,
    plugins: [sourceLocation(outdir)],
    logLevel: 'warning',
  });
  // A bundled package that looks for files beside itself would look in the bundle's folder and fail
  // at run time: refuse the build instead, so the package can be added to EXTERNAL.
  for (const file of Object.keys(result.metafile.outputs).filter((f) => f.endsWith('.mjs'))) {
    if (/\b__(dirname|filename)\b/.test(readFileSync(join(REPO_ROOT, file), 'utf8'))) {
      rmSync(outdir, { recursive: true, force: true });
      throw new Error(`${file} uses __dirname or __filename: add the package that does to EXTERNAL`);
    }
  }
  const inputs = Object.keys(result.metafile.inputs).filter((path) => !path.includes('node_modules/'));
  writeFileSync(join(outdir, BUILD_INFO), `${JSON.stringify({ startedAtMs, inputs }, null, 2)}\n`);

  // Switch over in one rename, then drop all but this build and the one before it (a process that
  // started on that one may still be loading its chunks).
  const previous = currentBundleDir();
  const pointer = `${CURRENT_BUNDLE}.tmp-${process.pid}`;
  writeFileSync(pointer, `${JSON.stringify({ dir: name })}\n`);
  renameSync(pointer, CURRENT_BUNDLE);
  for (const old of readdirSync(BUNDLES_DIR)) {
    if (old !== name && join(BUNDLES_DIR, old) !== previous) {
      rmSync(join(BUNDLES_DIR, old), { recursive: true, force: true });
    }
  }
  console.log(`api: ${relative(REPO_ROOT, outdir)} in ${Date.now() - startedAtMs} ms`);
}

/** initdb and the migrations, run from the bundle (no tsx needed); a current template is kept. */
async function template() {
  if (!bundleIsFresh()) await bundle();
  const made = spawnSync(process.execPath, [join(currentBundleDir(), 'build-data-dir-template.mjs')], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  if (made.status !== 0) process.exit(made.status ?? 1);
}

const { values } = parseArgs({ options: { bundle: { type: 'boolean' }, template: { type: 'boolean' } } });
const all = !values.bundle && !values.template;
mkdirSync(BUNDLES_DIR, { recursive: true });
if (all || values.bundle) await bundle();
if (all || values.template) await template();
