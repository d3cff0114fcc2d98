import { afterAll, beforeAll, inject } from 'vitest';
import { setBaseUrl } from './browser';
import { type RunningServer, startServer } from './server';

/**
 * Every test file gets a server and embedded database of its own (vitest `setupFiles` run once per
 * file), so files run side by side without seeing each other's orders, keys or limits. The built app
 * is the run's one snapshot (global-setup.ts); the database starts from the built template folder.
 */
let server: RunningServer | undefined;

beforeAll(async () => {
  server = await startServer({ WEB_DIST: inject('webDist') });
  setBaseUrl(server.baseUrl);
});

afterAll(async () => {
  await server?.stop();
});
