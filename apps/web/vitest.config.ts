import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { BUYER_TESTS } from './vitest.buyer.config.ts';

/**
 * The web app's component tests. The buyer's pages ship on Preact (vite.config.ts, mode "buyer"), so
 * their tests run on it too: vitest.buyer.config.ts is the same project with react → preact/compat;
 * this one, the app's (shop area, landing, documentation), keeps React and leaves the buyer's out.
 */
export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    exclude: BUYER_TESTS,
    setupFiles: ['./src/test/setup.ts'],
  },
});
