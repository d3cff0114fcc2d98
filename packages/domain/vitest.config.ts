import { defineConfig } from 'vitest/config';

// Pure functions: one worker runs file after file in the same modules (no process per file).
export default defineConfig({ test: { name: 'domain', include: ['src/**/*.test.ts'], isolate: false } });
