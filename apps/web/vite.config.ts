import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { pdfDocuments } from './build/pdf-documents.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    pdfDocuments([{ source: 'documents/bitrix-guide.md', output: 'guides/bitrix.pdf' }], root),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'static',
    rolldownOptions: {
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
