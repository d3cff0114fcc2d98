import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { appChunks } from './build/app-chunks.ts';
import { BUYER_CHUNK_GROUPS } from './build/buyer-chunks.ts';
import { buyerPreloads } from './build/buyer-preloads.ts';
import { buyerStyles } from './build/buyer-styles.ts';
import { pdfDocuments } from './build/pdf-documents.ts';
import { PREACT_COMPAT } from './build/preact-compat.ts';
import { precompressAssets } from './build/precompress.ts';
import { prerenderLanding } from './build/prerender-landing.ts';
import { shopPreloads } from './build/shop-preloads.ts';
import { LANDING_ENTRY } from './src/app/prerender/html.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * `vite build --mode buyer` (the second half of `npm run build`) builds the buyer's document
 * buyer.html (src/buyer-main.tsx) into the same dist/. Its scripts are named buyer-… so that they never
 * share a name with the app's. Every pass here — the app (shop area, cabinet, back office, landing,
 * documentation; and the landing's pre-render, build/prerender-landing.ts), the buyer's document and
 * its server render — resolves react and react-dom to Preact's React compatibility layer
 * (build/preact-compat.ts): the buyer's first load shrank by about 55 KB of gzipped JavaScript (figures
 * in bench/RESULTS.md), the shop area's entry from 120.7 to 63.3 KB. The code keeps React's API and
 * types; the app's unit tests still run on React (vitest.config.ts).
 */
export const BUYER_MODE = 'buyer';
export { PREACT_COMPAT };

/**
 * React Router's package exports only its development build (dev-time warnings and checks kept); its
 * production build, in the same package, is what a browser should get. The buyer's pages and the app
 * take it (the same API, the same version, without the development build's checks).
 */
const REACT_ROUTER_PRODUCTION = {
  find: /^react-router$/,
  replacement: createRequire(import.meta.url)
    .resolve('react-router/package.json')
    .replace(/package\.json$/, 'dist/production/index.mjs'),
};

const buyerConfig = defineConfig({
  plugins: [react(), tailwindcss(), buyerPreloads(), buyerStyles(), precompressAssets()],
  resolve: { alias: [...PREACT_COMPAT, REACT_ROUTER_PRODUCTION] },
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    assetsDir: 'static',
    rolldownOptions: {
      input: { buyer: `${root}buyer.html` },
      output: {
        // The buyer's shared parts in fewer, larger files (build/buyer-chunks.ts).
        codeSplitting: { groups: BUYER_CHUNK_GROUPS },
        entryFileNames: 'static/js/buyer-[name]-[hash].js',
        chunkFileNames: 'static/js/buyer-[name]-[hash].js',
        assetFileNames: 'static/assets/[name]-[hash][extname]',
      },
    },
  },
});

/**
 * `vite build --mode buyer-server` (the third part of `npm run build`): src/buyer-server.tsx for Node,
 * with everything it imports bundled in (dist/server/buyer-render.mjs; the API imports it to put the
 * buyer pages' HTML into buyer.html). Same Preact compatibility layer as the buyer's browser build.
 */
export const BUYER_SERVER_MODE = 'buyer-server';
const buyerServerConfig = defineConfig({
  plugins: [react()],
  resolve: { alias: [...PREACT_COMPAT, REACT_ROUTER_PRODUCTION] },
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: `${root}src/buyer-server.tsx`,
    outDir: 'dist/server',
    emptyOutDir: true,
    copyPublicDir: false,
    rolldownOptions: { output: { entryFileNames: 'buyer-render.mjs', codeSplitting: false } },
  },
});

const APP_CHUNKS = appChunks();
const appConfig = defineConfig({
  plugins: [
    APP_CHUNKS.plugin,
    react(),
    tailwindcss(),
    pdfDocuments(
      [
        // The 1C-Bitrix module's guide is its README: one text for the repository and the shop area.
        { source: '../../integrations/bitrix/README.md', output: 'guides/bitrix.pdf' },
      ],
      root,
    ),
    prerenderLanding({ root }),
    shopPreloads(),
    precompressAssets(),
  ],
  resolve: { alias: [...PREACT_COMPAT, REACT_ROUTER_PRODUCTION] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'static',
    rolldownOptions: {
      // The app (index.html → main.tsx) and the pre-rendered landing's own, smaller entry, which
      // build/prerender-landing.ts puts into the landing's index.html instead of the app's.
      input: { index: `${root}index.html`, 'landing-main': `${root}${LANDING_ENTRY}` },
      output: {
        codeSplitting: { groups: APP_CHUNKS.groups },
        // The API serves /static/js/* with long-lived caching; every script part lives there.
        entryFileNames: 'static/js/[name]-[hash].js',
        chunkFileNames: 'static/js/[name]-[hash].js',
        assetFileNames: 'static/assets/[name]-[hash][extname]',
      },
    },
  },
  server: {
    // The legal documents name the operator from the API's settings: the API renders them.
    proxy: {
      '/api': 'http://localhost:3000',
      '^/(confidentiality|agreement|personal-data-consent|bank-transfer-consent)\\.pdf$':
        'http://localhost:3000',
    },
  },
});

export default defineConfig(({ mode }) =>
  mode === BUYER_MODE ? buyerConfig : mode === BUYER_SERVER_MODE ? buyerServerConfig : appConfig,
);
