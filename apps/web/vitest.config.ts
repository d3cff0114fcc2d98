import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { BUYER_TESTS } from './vitest.buyer.config.ts';

/**
 * The web app's component tests. The buyer's pages ship on Preact (vite.config.ts, mode "buyer"), and
 * their tests run on it too: vitest.buyer.config.ts is the same project with react → preact/compat;
 * this one, the app's (shop area, landing, documentation), runs on React and leaves the buyer's out.
 * The app ships on Preact as well: the browser tests (e2e/), which run the build, cover that.
 */
export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    exclude: BUYER_TESTS,
    setupFiles: ['./src/test/setup.ts'],
    // One worker runs file after file in the same modules and DOM (no fresh process and jsdom per
    // file: the phase's CPU halved). What a file changes is undone after each test (src/test/setup.ts);
    // no file mocks a module, which would reach files that share it (src/test/goals.ts).
    isolate: false,
    // A test renders whole pages in jsdom (the API docs page is thousands of nodes): ≈3 s alone on
    // this 2-core machine, and more beside the API files `npm test` runs at the same time. Vitest's
    // 5 s default then fails a correct test for the machine's load; a time limit is not an assertion.
    testTimeout: 20_000,
  },
});
