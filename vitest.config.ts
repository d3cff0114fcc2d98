import { defineConfig } from 'vitest/config';

// One run covers the pure domain rules, the API (PGlite, and PostgreSQL when DATABASE_URL is set),
// the web app's component tests, the SDKs and the 1C-Bitrix module (a php -S "Bitrix site" against the
// API). Browser tests live in e2e/ and run after these.
// Vitest's default on this 2-core machine is one worker (cores − 1), and an API test file spends
// much of its time waiting on PostgreSQL or a socket: three files at a time keep both cores busy.
// VITEST_WORKERS overrides it.
export default defineConfig({
  test: {
    maxWorkers: Number(process.env.VITEST_WORKERS ?? 3),
    projects: [
      'packages/domain',
      'packages/documents',
      'apps/api',
      'apps/web',
      'apps/web/vitest.buyer.config.ts',
      'apps/widget',
      'apps/sandbox-bank',
      'sdks',
      'integrations/bitrix',
      'scripts/vitest.config.mjs',
      'bench/vitest.config.mjs',
    ],
  },
});
