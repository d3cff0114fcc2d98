import { defineConfig } from 'vitest/config';

// The sandbox banks against a fake B2BPay bank API on node:http; one file starts server.ts as a child
// process (tsx compiles it on start), hence the longer time limit.
export default defineConfig({
  test: {
    name: 'sandbox-bank',
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
  },
});
