import { defineConfig } from 'vitest/config';

// The 1C-Bitrix module's test (a project of the main run; `npm run test:bitrix` runs it alone): the
// module built, unpacked into a php -S "Bitrix site" and driven against the API started in-process
// from the migrated templates of the API's global setup, or against B2BPAY_BASE_URL when it is set.
export default defineConfig({
  test: {
    name: 'bitrix',
    include: ['test/**/*.test.ts'],
    globalSetup: ['../../apps/api/test/support/global-setup.ts'],
    testTimeout: 240_000,
    hookTimeout: 180_000,
  },
});
