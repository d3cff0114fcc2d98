import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { buildWebIfNeeded, snapshotWebDist } from './build-web';
import { buildWidgetIfNeeded } from './build-widget';
import { ensureChromium } from './chromium';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/** Once per run: Chromium present, web app and widget built, one real server; its URL goes to every test file. */
export default async function setup(project: TestProject) {
  ensureChromium();
  buildWebIfNeeded();
  buildWidgetIfNeeded();
  const webDist = snapshotWebDist();
  const server = await startServer({ WEB_DIST: webDist });
  project.provide('baseUrl', server.baseUrl);
  return async () => {
    await server.stop();
    rmSync(webDist, { recursive: true, force: true });
  };
}
