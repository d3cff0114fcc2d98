import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';

// The spec (docs/product/spec/product-spec.md) is the source of truth for the wording; quoting it
// back guards against retyping drift.
const specUrl = new URL('../../../docs/product/spec/product-spec.md', import.meta.url);
const spec = readFileSync(specUrl, 'utf8');

describe('MESSAGES', () => {
  it('has exactly the agreed keys', () => {
    expect(Object.keys(MESSAGES).sort()).toEqual(
      [
        'surnameRequired',
        'nameRequired',
        'organizationRequired',
        'innRequired',
        'innLength',
        'innLegalChecksum',
        'innPersonChecksum',
        'phoneInvalid',
        'emailInvalid',
        'codeNotRequested',
        'smsCodeRequired',
        'emailCodeRequired',
        'consentRequired',
        'productNameRequired',
        'productPriceRequired',
        'productQuantityRequired',
      ].sort(),
    );
  });

  it.each(Object.entries(MESSAGES))('%s is quoted verbatim in spec §5', (_key, text) => {
    const section5 = spec.slice(spec.indexOf('## 5. Validation rules'), spec.indexOf('## 6.'));
    expect(section5).toContain(`'${text}'`);
  });

  it('has no duplicate texts', () => {
    const texts = Object.values(MESSAGES);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it('keeps the exact spellings that are easy to get wrong', () => {
    expect(MESSAGES.consentRequired.endsWith('.')).toBe(true);
    expect(MESSAGES.smsCodeRequired).toBe('Введите код из СМС');
    expect(MESSAGES.phoneInvalid).toBe('Неверный формат номера (+7XXXXXXXXXX)');
  });
});
