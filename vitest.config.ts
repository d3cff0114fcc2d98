import { defineConfig } from 'vitest/config';

// One run covers the pure domain rules, the API (PGlite, and PostgreSQL when DATABASE_URL is set)
// and the web app's component tests. Browser tests live in e2e/ and run after these.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/api', 'apps/web', 'apps/widget', 'sdks', 'scripts/vitest.config.mjs'],
  },
});
