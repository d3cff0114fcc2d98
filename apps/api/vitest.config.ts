import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // Migrated PGlite and PostgreSQL templates that every test database starts from.
    globalSetup: ['./test/support/global-setup.ts'],
    // A worker runs file after file in the same loaded modules instead of a fresh process and import
    // per file (the app's graph took as much CPU to import as many files take to run). Every file
    // starts its own apps and databases, and what the modules keep per process is already made for
    // several apps in one (the key cache's generation, one mailer per SMTP address); nothing here
    // mocks a module.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
