import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser tests: one real server (built web app + API on the embedded database) for the whole run,
// Debian's Chromium driven by playwright-core. Files run one after another: they share the server.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'e2e',
    include: ['tests/**/*.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 300_000,
    teardownTimeout: 30_000,
  },
});
