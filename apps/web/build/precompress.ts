import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Writes a .br and a .gz beside every text file of the build (scripts, styles, pages, SVG, robots,
 * sitemap) that compression makes meaningfully smaller. The API serves them to browsers that accept
 * the encoding (@fastify/static `preCompressed`), so nothing is compressed per request.
 */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|txt|xml|json|map)$/;
const MIN_BYTES = 1024;

export function precompressDirectory(dir: string): string[] {
  const written: string[] = [];
  for (const entry of readdirSync(dir)) {
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) {
      written.push(...precompressDirectory(file));
      continue;
    }
    if (!COMPRESSIBLE.test(entry)) continue;
    const source = readFileSync(file);
    if (source.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    });
    const gzip = gzipSync(source, { level: 9 });
    // Not worth a second file (and a Vary) when it saves less than a tenth.
    if (brotli.length > source.length * 0.9) continue;
    writeFileSync(`${file}.br`, brotli);
    writeFileSync(`${file}.gz`, gzip);
    written.push(file);
  }
  return written;
}

/** Runs last, after every other plugin (the landing pre-render included) has written its files. */
export function precompressAssets(): Plugin {
  return {
    name: 'b2bpay-precompress',
    apply: 'build',
    writeBundle: {
      sequential: true,
      order: 'post',
      handler(output) {
        if (output.dir) precompressDirectory(output.dir);
      },
    },
  };
}
