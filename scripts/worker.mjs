#!/usr/bin/env node
import { join } from 'node:path';
// A background worker process from the built bundle (deploy/systemd/b2bpay-worker@.service): the same
// code as `npm run worker`, without compiling TypeScript at start. `npm run build` makes the bundle.
import { pathToFileURL } from 'node:url';
import { bundleIsFresh, currentBundleDir } from '../apps/api/build-state.mjs';

if (!bundleIsFresh()) {
  console.error('Сборка API устарела или отсутствует: выполните npm run build и запустите снова.');
  process.exit(1);
}
// In this process, so that SIGTERM reaches the worker itself.
await import(pathToFileURL(join(currentBundleDir(), 'worker.mjs')).href);
