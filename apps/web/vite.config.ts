import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { pdfDocuments } from './build/pdf-documents.ts';
import { precompressAssets } from './build/precompress.ts';
import { prerenderLanding } from './build/prerender-landing.ts';
import { LANDING_ENTRY } from './src/features/landing/prerender/html.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    pdfDocuments(
      [
        { source: 'documents/bitrix-guide.md', output: 'guides/bitrix.pdf' },
        { source: 'documents/confidentiality.md', output: 'confidentiality.pdf' },
        { source: 'documents/agreement.md', output: 'agreement.pdf' },
        { source: 'documents/personal-data-consent.md', output: 'personal-data-consent.pdf' },
        { source: 'documents/bank-transfer-consent.md', output: 'bank-transfer-consent.pdf' },
      ],
      root,
    ),
    prerenderLanding({ root }),
    precompressAssets(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'static',
    rolldownOptions: {
      // The app (index.html → main.tsx) and the pre-rendered landing's own, smaller entry, which
      // build/prerender-landing.ts puts into the landing's index.html instead of the app's.
      input: { index: `${root}index.html`, 'landing-main': `${root}${LANDING_ENTRY}` },
      output: {
        // The API serves /static/js/* with long-lived caching; every script part lives there.
        entryFileNames: 'static/js/[name]-[hash].js',
        chunkFileNames: 'static/js/[name]-[hash].js',
        assetFileNames: 'static/assets/[name]-[hash][extname]',
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
