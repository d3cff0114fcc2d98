// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXAMPLES, LANGUAGES } from './examples';

const DIR = `${path.resolve(import.meta.dirname, '../../../../../docs/examples')}/`;

describe('API page examples', () => {
  const shown = Object.values(EXAMPLES).flatMap((set) => LANGUAGES.map((l) => set[l.id]));

  it('are the files of docs/examples/, byte for byte, every one of them', () => {
    for (const example of shown) {
      expect(example.code, example.file).toBe(readFileSync(`${DIR}${example.file}`, 'utf8'));
    }
    expect(shown.map((e) => e.file).sort()).toEqual(readdirSync(DIR).sort());
  });

  it('name the file in their run line', () => {
    for (const example of shown) expect(example.run, example.file).toContain(example.file);
  });
});
