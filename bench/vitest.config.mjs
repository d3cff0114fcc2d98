import { defineConfig } from 'vitest/config';

// The bench's pure parts (its budget checks); the measurements themselves run with `npm run bench`.
export default defineConfig({ test: { name: 'bench', include: ['*.test.mjs'] } });
