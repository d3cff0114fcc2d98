import { defineConfig } from 'vitest/config';

/**
 * `npm run test:reliability`: the heavy reliability suites — processes killed with
 * SIGKILL mid-load, PostgreSQL stopped and started, two API processes sharing Redis. One file at a
 * time: the PostgreSQL restart must not overlap anything. They need DATABASE_URL (a local cluster)
 * and REDIS_TEST_URL; without them they are skipped. The light suites (fuzzing, OWASP, concurrency,
 * in-process faults, data safety) live beside them as *.test.ts and run in `npm test`.
 */
export default defineConfig({
  test: {
    name: 'api-reliability',
    root: import.meta.dirname,
    include: ['test/reliability/**/*.reliability.ts'],
    // Migrated PGlite and PostgreSQL templates that every test database starts from.
    globalSetup: ['./test/support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 180_000,
  },
});
