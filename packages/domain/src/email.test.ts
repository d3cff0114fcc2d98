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
    // Issue 16: what the loose pattern lets through but no mail server takes as one address.
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
