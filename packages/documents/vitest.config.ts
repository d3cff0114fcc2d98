import { defineConfig } from 'vitest/config';

export default defineConfig({ test: { name: 'documents', include: ['src/**/*.test.ts'] } });
