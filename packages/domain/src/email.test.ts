import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN, isValidEmail, maskEmail, normalizeEmail } from './email';

describe('EMAIL_PATTERN', () => {
  it('is the loose spec pattern', () => {
    expect(EMAIL_PATTERN.source).toBe('^\\S+@\\S+\\.\\S+$');
  });
});

describe('isValidEmail', () => {
  it.each([
    'ivan@mail.ru',
    'a@b.c',
    'Ivan.Petrov+b2b@Example.COM',
    'buh@компания.рф',
    'decline-1@sandbox.b2bpay.example',
    "o'brien_jr@mail.ru",
    'xn--80aswg.xn--p1ai@xn--80aswg.xn--p1ai',
    // One script per part: each part may use its own.
    'иван@почта.рф',
    'ivan@почта.рф',
    'иван.петров@mail.ru',
    'buh-2@компания-1.рф',
    'müller@beispiel.de',
    'σοφία@παράδειγμα.ελ',
  ])('accepts %j', (s) => {
    expect(isValidEmail(s)).toBe(true);
  });

  it.each([
    '',
    'ivan',
    'ivan@',
    '@mail.ru',
    'ivan@mail',
    'ivan@mail.',
    'ivan@.ru',
    'ivan mail@mail.ru',
    'ivan@mail .ru',
    ' ivan@mail.ru',
    'ivan@mail.ru ',
    'ivan.mail.ru',
    // What the loose pattern lets through but no mail server takes as one address.
    'a@b@c.d',
    'ivan@mail..ru',
    'ivan..petrov@mail.ru',
    '.ivan@mail.ru',
    'ivan.@mail.ru',
    'ivan@-mail.ru',
    'ivan@mail-.ru',
    'ivan@mail.ru,boss@evil.ru',
    'ivan;boss@mail.ru',
    '"ivan"@mail.ru',
    '<ivan@mail.ru>',
    'ivan@mail.ru.',
    'ivan@[127.0.0.1]',
    'ivan@10.0.0.1',
    'ivan@mail_ru.ru',
    // Latin, Cyrillic and Greek letters that look alike, mixed in one part: the address reads as
    // another mailbox (Cyrillic а U+0430, о U+043E, у U+0443; Greek ο U+03BF).
    'iv\u0430n@example.ru',
    'ivan@ex\u0430mple.ru',
    'ivan@example.r\u0443',
    'ivan@mail.r\u0443',
    'pe\u0442rov@mail.ru',
    'iv\u03BFn@mail.ru',
    '\u0438v\u0430n@mail.ru',
    'иван@почт\u0061.рф',
    'ivan.петров@mail.ru',
  ])('refuses %j', (s) => {
    expect(isValidEmail(s)).toBe(false);
  });

  it('allows at most 254 characters', () => {
    const domain = '@mail.ru';
    const at254 = `${'a'.repeat(254 - domain.length)}${domain}`;
    expect(at254).toHaveLength(254);
    expect(isValidEmail(at254)).toBe(true);
    expect(isValidEmail(`a${at254}`)).toBe(false);
  });
});

describe('normalizeEmail', () => {
  it.each([
    ['  Ivan@Mail.RU ', 'ivan@mail.ru'],
    ['ivan@mail.ru', 'ivan@mail.ru'],
    ['\tBUH@КОМПАНИЯ.РФ\n', 'buh@компания.рф'],
    ['', ''],
  ])('%j → %j', (s, expected) => {
    expect(normalizeEmail(s)).toBe(expected);
  });

  it('makes a padded address valid', () => {
    expect(isValidEmail(' Ivan@Mail.ru ')).toBe(false);
    expect(isValidEmail(normalizeEmail(' Ivan@Mail.ru '))).toBe(true);
  });
});

describe('maskEmail', () => {
  it.each([
    ['ivan@mail.ru', 'i***@mail.ru'],
    ['a@b.c', 'a***@b.c'],
    ['ivan.petrov@company.example', 'i***@company.example'],
    ['a@b@c.d', 'a***@c.d'],
  ])('%j → %j', (s, masked) => {
    expect(maskEmail(s)).toBe(masked);
  });

  it.each(['', 'ivan', '@mail.ru'])('reveals nothing of %j', (s) => {
    expect(maskEmail(s)).toBe('***');
  });
});
