// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SDK_EXAMPLES, SDK_LANGUAGES } from './sdk-examples';

const ROOT = path.resolve(import.meta.dirname, '../../../../..');
const DIRS = { node: 'sdks/typescript/examples', php: 'sdks/php/examples' } as const;

describe('API page SDK examples', () => {
  const shown = Object.values(SDK_EXAMPLES).flatMap((set) =>
    SDK_LANGUAGES.map((l) => ({ ...set[l.id], dir: DIRS[l.id] })),
  );

  it('are the files of sdks/*/examples/ that the SDK tests run, byte for byte', () => {
    expect(shown).toHaveLength(4);
    for (const example of shown) {
      expect(example.code, example.file).toBe(
        readFileSync(path.join(ROOT, example.dir, example.file), 'utf8'),
      );
    }
  });

  it('comment in Russian, like the rest of the page', () => {
    for (const example of shown) {
      const comments = example.code.split('\n').flatMap((line) => {
        const at = line.indexOf('// ');
        return at >= 0 && !line.slice(0, at).includes("'") ? [line.slice(at + 3)] : [];
      });
      expect(comments.length, example.file).toBeGreaterThan(0);
      for (const comment of comments) expect(comment, example.file).toMatch(/[а-яё]/i);
    }
  });

  it('name the file in their run line', () => {
    for (const example of shown) expect(example.run, example.file).toContain(example.file);
  });
});
