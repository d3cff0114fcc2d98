import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser tests: Debian's Chromium driven by playwright-core against real servers (built web app + API
// on the embedded database). Every file has its own server and database (support/file-server.ts), so
// files run side by side: E2E_WORKERS at a time (default 3; they mostly wait on the browser).
const workers = Number(process.env.E2E_WORKERS ?? 3);
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'e2e',
    include: ['tests/**/*.test.ts'],
    globalSetup: ['./support/global-setup.ts'],
    setupFiles: ['./support/file-server.ts'],
    maxWorkers: workers,
    testTimeout: 120_000,
    hookTimeout: 300_000,
    teardownTimeout: 30_000,
    // A read straight after a click or key press races React's update; such reads poll instead
    // (expect.poll), for up to 10 s on a loaded machine.
    expect: { poll: { timeout: 10_000 } },
  },
});
