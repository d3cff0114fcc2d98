// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ProductCreate, RefundCreate } from './contract';
import { MESSAGES } from './messages';
import { cleanText } from './text';

const INVISIBLES = ['\u200B', '\u200C', '\u200D', '\u2060', '\u00AD', '\uFEFF', '\u180E', '\u3164'];
const BIDI = [
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200E',
  '\u200F',
  '\u061C',
];

describe('cleanText (issue 16)', () => {
  it.each([...INVISIBLES, ...BIDI, ' ', '\u00A0', '\t'])(
    'makes a value of only %j (and spaces) empty',
    (c) => {
      expect(cleanText(`${c}${c} ${c}`)).toBe('');
    },
  );

  it('removes bidi controls anywhere and trims invisible characters at the ends only', () => {
    expect(cleanText('\u202EООО «Ромашка»\u202C')).toBe('ООО «Ромашка»');
    expect(cleanText('Бумага\u2066 А4\u2069')).toBe('Бумага А4');
    expect(cleanText('\u200B Скрепки \u2060')).toBe('Скрепки');
    // A joiner inside a word or an emoji sequence is part of the text.
    expect(cleanText('👩\u200D💻 Ноутбук')).toBe('👩\u200D💻 Ноутбук');
  });

  it('is what the contract stores: the required-message for an invisible-only value', () => {
    const name = ProductCreate.safeParse({ name: '\u200B\u2060\u00AD', price: 1, quantity: 1 });
    expect(name.error?.issues[0]?.message).toBe(MESSAGES.productNameRequired);
    const reason = RefundCreate.safeParse({ amount: 1, reason: ' \u202E ' });
    expect(reason.error?.issues[0]?.message).toBe('Укажите причину возврата');
    expect(ProductCreate.parse({ name: '\u202Eвоклинет\u202C ', price: 1, quantity: 1 }).name).toBe(
      'воклинет',
    );
  });
});
