import { createRequire } from 'node:module';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { PREACT_COMPAT } from './vite.config.ts';

/**
 * The tests that run on Preact: the buyer's (its pages and the buyer's route table, which ship in
 * buyer.html's build) and the landing's pre-render and hydration as the build does them.
 */
export const BUYER_TESTS = [
  'src/features/buyer/**/*.test.{ts,tsx}',
  'src/app/buyer-routes.test.ts',
  // The buyer's pages as the server renders them (built with the buyer's Preact aliases).
  'src/buyer-server.test.tsx',
  // Its only user is the buyer's order page.
  'src/shared/lib/preloadable.test.tsx',
  'src/app/landing-root.preact.test.tsx',
];

/**
 * The buyer's tests on Preact, as the buyer's pages ship (vite.config.ts, mode "buyer"): the same
 * react → preact/compat aliases, and Testing Library's act from preact/test-utils. The libraries that
 * import react are inlined, so that the aliases reach them as the build's bundling does; otherwise
 * Node would load React beside Preact.
 */
// Testing Library's ES module build: its CommonJS main would require react-dom past the aliases.
const testingLibraryEsm = createRequire(import.meta.url).resolve(
  '@testing-library/react/dist/@testing-library/react.esm.js',
);

export default defineConfig({
  plugins: [react()],
  // ES module builds (the `module` condition), whose imports the aliases can reach.
  resolve: {
    conditions: ['module', 'browser', 'development'],
    alias: [
      { find: /^@testing-library\/react$/, replacement: testingLibraryEsm },
      { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
      ...PREACT_COMPAT,
    ],
  },
  test: {
    name: 'web-buyer',
    environment: 'jsdom',
    include: BUYER_TESTS,
    setupFiles: ['./src/test/setup.ts'],
    // One worker runs file after file in the same modules and DOM (no fresh process and jsdom per
    // file: the phase's CPU halved). What a file changes is undone after each test (src/test/setup.ts);
    // no file mocks a module, which would reach files that share it (src/test/goals.ts).
    isolate: false,
    // As the web project (vitest.config.ts): whole pages render in jsdom beside the API files.
    testTimeout: 20_000,
    server: {
      deps: {
        // Testing Library whole: user-event must share dom's configuration (the act wrapper) with
        // react's ES build, or its events would not be wrapped in Preact's act.
        inline: [
          /@testing-library\//,
          /react-router/,
          /@tanstack\/react-query/,
          /@radix-ui/,
          /qrcode\.react/,
        ],
      },
    },
  },
});
