import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One rule for «ё» in the interface: a text the spec quotes is kept exactly as the spec
 * writes it (the spec writes «е»: 'Подтвержденные заказы', 'Попробуйте еще раз'); every other text
 * writes «ё» where the word has it. This looks for the words the app uses that are written both ways.
 */
const root = join(import.meta.dirname, '../../../');
const spec = readFileSync(join(root, 'docs/product/spec/product-spec.md'), 'utf8');
// Quotes, not apostrophes: a quote mark has no letter on its outer side ('shop's' is not a quote).
const specTexts = [...spec.matchAll(/(?<!\p{L})'([^'\n]+?)'(?!\p{L})/gu)]
  .map((m) => m[1] ?? '')
  .filter((text) => /[а-яё]/iu.test(text));

// Words of the interface that take «ё», as they would be misspelt with «е».
const WITHOUT_YO = /(?<![а-яё])(еще|подтвержденн[а-я]*|расчетн[а-я]*|счет|счета|сохранен)(?![а-яё])/giu;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function offences(): string[] {
  const found: string[] = [];
  for (const file of [...sources(join(root, 'apps/web/src')), ...sources(join(root, 'apps/widget/src'))]) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        if (/^\s*(\/\/|\*|\/\*)/.test(line)) return; // comments are not interface text
        for (const match of line.matchAll(WITHOUT_YO)) {
          const quotedBySpec = specTexts.some((text) => text.includes(match[0]) && line.includes(text));
          if (!quotedBySpec) found.push(`${file.slice(root.length)}:${index + 1}: ${match[0]}`);
        }
      });
  }
  return found;
}

describe('«ё» in the interface texts', () => {
  it('the spec quotes are found (so the rule below has something to keep)', () => {
    expect(specTexts).toContain('Подтвержденные заказы');
    expect(specTexts).toContain('Не удалось создать заказ. Попробуйте еще раз.');
  });

  it('is written everywhere but in texts the spec quotes with «е»', () => {
    expect(offences()).toEqual([]);
  });
});
