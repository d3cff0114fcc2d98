// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  CancelBody,
  ClientInfo,
  ClientPatch,
  Enquiry,
  ExternalId,
  ProductCreate,
  RefundCreate,
  ShopCreate,
} from './contract';
import { MESSAGES } from './messages';
import { cleanText, trimText } from './text';

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

describe('cleanText', () => {
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

/**
 * Characters that show nothing or almost nothing but are neither spaces nor the trimmed invisibles:
 * a value made only of them was stored as a name. Braille blank, combining grapheme joiner, variation
 * selector 16, tag space, musical begin-beam, Khmer inherent vowel, Mongolian variation selector,
 * inhibit symmetric swapping, interlinear annotation anchor.
 */
const NO_LETTER = [
  ['U+2800', '\u2800'],
  ['U+034F', '\u034F'],
  ['U+FE0F', '\uFE0F'],
  ['U+E0020', '\u{E0020}'],
  ['U+1D173', '\u{1D173}'],
  ['U+17B5', '\u17B5'],
  ['U+180B', '\u180B'],
  ['U+206A', '\u206A'],
  ['U+FFF9', '\uFFF9'],
] as const;

describe('cleanText: a text holds at least one letter or digit', () => {
  it.each(NO_LETTER)('makes a value of only %s (and spaces) empty', (_name, c) => {
    expect(cleanText(`${c}${c} ${c}`)).toBe('');
    expect(cleanText(`\u200B${c}\u2060`)).toBe('');
  });

  it('makes every mix of them empty, and punctuation or emoji alone too', () => {
    expect(cleanText(NO_LETTER.map(([, c]) => c).join(''))).toBe('');
    expect(cleanText('—.—')).toBe('');
    expect(cleanText('📦')).toBe('');
  });

  it('does not count a Hangul filler (a "letter" that shows nothing) as a letter', () => {
    expect(cleanText('\u2800\u3164\u2800')).toBe('');
    expect(cleanText('\u2800\u115F\u1160\uFFA0\u2800')).toBe('');
  });

  it('keeps any text with a letter or a digit of any script, as it is', () => {
    for (const text of ['ООО «Ромашка»', '7', 'Ω', '東京', '❤️ Подарок', 'Бумага\u2800А4', 'Ⅻ']) {
      expect(cleanText(text)).toBe(text);
    }
  });

  it.each(NO_LETTER)('every stored text refuses %s with the field’s own required-message', (_name, c) => {
    const value = ` ${c}${c} `;
    const product = ProductCreate.safeParse({ name: value, price: 1, quantity: 1 });
    expect(product.error?.issues.map((i) => i.message)).toEqual([MESSAGES.productNameRequired]);
    const prefill = ClientInfo.safeParse({ organization_name: value });
    expect(prefill.error?.issues.map((i) => i.message)).toEqual([MESSAGES.organizationRequired]);
    const refund = RefundCreate.safeParse({ amount: 1, reason: value });
    expect(refund.error?.issues.map((i) => i.message)).toEqual(['Укажите причину возврата']);
    const enquiry = Enquiry.safeParse({ name: value, phone: '+7 916 123-45-67' });
    expect(enquiry.error?.issues.map((i) => i.message)).toEqual(['Укажите имя']);
    const shop = ShopCreate.safeParse({ name: value, email: 'shop@example.ru' });
    expect(shop.error?.issues.map((i) => i.message)).toEqual(['Укажите название магазина']);
    // Fields the service requires (step 1) and optional ones arrive empty, as a blank value does.
    expect(
      ClientPatch.parse({ surname: value, name: value, middlename: value, organization_name: value }),
    ).toEqual({ surname: '', name: '', middlename: '', organization_name: '' });
    expect(CancelBody.parse({ reason: value })).toEqual({ reason: '' });
  });
});

describe('trimText (identifiers)', () => {
  it('trims and drops bidi controls but keeps an external_id without letters, which is the shop’s own key', () => {
    expect(trimText('\u200B#-1\u202E ')).toBe('#-1');
    expect(ExternalId.parse(' -- ')).toBe('--');
    expect(ExternalId.safeParse('\u200B').error?.issues[0]?.message).toBe('external_id не может быть пустым');
  });
});
