// Builds the one widget script, dist/v1/b2bpay.js, which the API serves at /widget/v1/b2bpay.js.
// The major version is in the path: a breaking change gets /v2/ and old shop pages keep working.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = new URL('.', import.meta.url);
const outfile = new URL('dist/v1/b2bpay.js', root).pathname;
const { version } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));

await build({
  entryPoints: [new URL('src/index.ts', root).pathname],
  outfile,
  bundle: true,
  minify: true,
  format: 'iife',
  // Browsers with native custom elements, shadow DOM and fetch (2020 on).
  target: ['es2020', 'chrome80', 'firefox78', 'safari14.1'],
  legalComments: 'none',
  banner: { js: `/*! B2BPay widget v${version} */` },
  logLevel: 'warning',
});

const code = readFileSync(outfile);
console.log(
  `widget: dist/v1/b2bpay.js ${(code.length / 1024).toFixed(1)} KB, gzip ${(gzipSync(code, { level: 9 }).length / 1024).toFixed(1)} KB`,
);
