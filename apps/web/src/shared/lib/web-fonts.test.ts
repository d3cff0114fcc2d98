// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { unicodeRangePattern } from './web-fonts';

// The ranges of @fontsource-variable/inter's subsets, as its stylesheet writes them.
const CYRILLIC = 'U+0301, U+0400-045F, U+0490-0491, U+04B0-04B1, U+2116';
const GREEK_EXT = 'U+1F00-1FFF';
const LATIN_EXT = 'U+0100-02BA, U+02BD-02C5, U+02C7-02CC, U+02CE-02D7, U+02DD-02FF, U+20A0-20AB, U+20AD-20C0';

describe('which font files the landing text needs', () => {
  it('matches a subset whose range covers a character of the text', () => {
    expect(unicodeRangePattern(CYRILLIC)?.test('Оставить заявку')).toBe(true);
    expect(unicodeRangePattern(CYRILLIC)?.test('№ 12')).toBe(true);
    // ₽ (U+20BD) lives in the Latin extension, not in the Cyrillic subset.
    expect(unicodeRangePattern(LATIN_EXT)?.test('0 ₽')).toBe(true);
    expect(unicodeRangePattern(CYRILLIC)?.test('0 ₽')).toBe(false);
  });

  it('leaves out a subset the text does not use', () => {
    expect(unicodeRangePattern(GREEK_EXT)?.test('Увеличьте продажи на 40-60%, B2B')).toBe(false);
  });

  it('reads the wildcard form and single code points', () => {
    expect(unicodeRangePattern('U+1F??')?.test('\u1F00')).toBe(true);
    expect(unicodeRangePattern('U+1F??')?.test('\u1FFF')).toBe(true);
    expect(unicodeRangePattern('U+1F??')?.test('\u2000')).toBe(false);
    expect(unicodeRangePattern('U+2116')?.test('№')).toBe(true);
  });

  it('gives no pattern for a range it cannot read, so the face is loaded to be safe', () => {
    expect(unicodeRangePattern('')).toBeNull();
    expect(unicodeRangePattern('not a range')).toBeNull();
  });
});
