import type { TestProject } from 'vitest/node';
import { buildWebIfNeeded } from './build-web';
import { ensureChromium } from './chromium';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** Once per run: Chromium present, web app built, one real server; its URL goes to every test file. */
export default async function setup(project: TestProject) {
  ensureChromium();
  buildWebIfNeeded();
  const server = await startServer();
  project.provide('baseUrl', server.baseUrl);
  return async () => {
    await server.stop();
  };
}
