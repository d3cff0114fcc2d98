import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const WEB_DIR = fileURLToPath(new URL('../../apps/web/', import.meta.url));
export const ARTIFACTS_DIR = fileURLToPath(new URL('../artifacts/', import.meta.url));
