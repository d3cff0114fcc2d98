// dist/cjs/ holds the CommonJS build (tsconfig.cjs.json) of a package whose own "type" is "module":
// this package.json tells Node and TypeScript that the .js and .d.ts files in that folder are CommonJS.
import { writeFileSync } from 'node:fs';

writeFileSync(
  new URL('../dist/cjs/package.json', import.meta.url),
  `${JSON.stringify({ type: 'commonjs' })}\n`,
);
