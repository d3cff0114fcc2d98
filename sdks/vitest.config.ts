import { defineConfig } from 'vitest/config';

// The SDKs' tests: the TypeScript SDK's generated types and client, and both SDKs installed in a
// project outside the repository, run against the API (PGlite, and PostgreSQL when DATABASE_URL is
// set) started in-process from the migrated templates of the API's global setup.
export default defineConfig({
  test: {
    name: 'sdks',
    include: ['*/test/**/*.test.ts'],
    globalSetup: ['../apps/api/test/support/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
