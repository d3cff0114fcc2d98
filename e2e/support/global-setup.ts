import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { buildApiIfNeeded } from './build-api';
import { buildWebIfNeeded, snapshotWebDist } from './build-web';
import { buildWidgetIfNeeded } from './build-widget';
import { ensureChromium } from './chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's snapshot of apps/web/dist, served by every file's server. */
    webDist: string;
  }
}

/**
 * Once per run: Chromium present, the web app, widget and API bundle (with its pre-initialised
 * database folder) built, and one snapshot of the built app that every file's server serves
 * (support/file-server.ts starts a server per file).
 */
export default async function setup(project: TestProject) {
  ensureChromium();
  buildWebIfNeeded();
  buildWidgetIfNeeded();
  buildApiIfNeeded();
  const webDist = snapshotWebDist();
  project.provide('webDist', webDist);
  return async () => {
    rmSync(webDist, { recursive: true, force: true });
  };
}
