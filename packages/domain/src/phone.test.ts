import { describe, expect, it } from 'vitest';
import {
  formatPhone,
  formatPhoneInput,
  isMobilePhone,
  isValidPhone,
  maskPhone,
  normalizePhone,
  PHONE_NOT_MOBILE_MESSAGE,
  PHONE_PATTERN,
  phoneNationalDigits,
  phoneProblem,
} from './phone';

describe('PHONE_PATTERN', () => {
  it('is the spec pattern', () => {
    expect(PHONE_PATTERN.source).toBe('^(\\+7|7|8)?\\d{10}$');
  });
});

describe('isValidPhone', () => {
  it.each([
    '+79161234567',
    '79161234567',
    '89161234567',
    '9161234567',
    '+7 916 123-45-67',
    '+7 (916) 123-45-67',
    '8 (916) 123 45 67',
    '8-916-123-45-67',
    ' 9161234567 ',
    '+7\t916\u00a0123 45 67',
  ])('accepts %j', (raw) => {
    expect(isValidPhone(raw)).toBe(true);
  });

  it.each([
    '',
    '+7',
    '916123456',
    '+7916123456',
    '+791612345678',
    '+89161234567',
    '69161234567',
    '+19161234567',
    '8916123456789',
    '+7.916.123.45.67',
    '+7/916/1234567',
    '+7 916 123-45-6a',
    'телефон',
    '++79161234567',
  ])('refuses %j', (raw) => {
    expect(isValidPhone(raw)).toBe(false);
  });
});

describe('normalizePhone', () => {
  it.each([
    ['89161234567', '+79161234567'],
    ['79161234567', '+79161234567'],
    ['+79161234567', '+79161234567'],
    ['9161234567', '+79161234567'],
    ['8 (916) 123-45-67', '+79161234567'],
    ['+7 (916) 123-45-67', '+79161234567'],
    ['7.916.123.45.67', '+79161234567'],
    ['8 800 555 35 35', '+78005553535'],
    ['4951234567', '+74951234567'],
  ])('%j → %j', (raw, expected) => {
    expect(normalizePhone(raw)).toBe(expected);
  });

  it.each([
    '',
    'abc',
    '916123456',
    '69161234567',
    '19161234567',
    '+19161234567',
    '791612345678',
    '+7 916 123 45 678',
    // A leading 8 or 7 is the prefix: ten digits after it are nine of the number's, never re-shifted.
    '8 916 123-45-6',
    '8916123456',
    '7916123456',
    '8005553535',
    '+8 916 123-45-67',
  ])('gives null for %j', (raw) => {
    expect(normalizePhone(raw)).toBeNull();
  });

  it('always yields the canonical form when it succeeds', () => {
    for (const raw of ['89161234567', '79161234567', '9161234567', '(916) 123-45-67']) {
      expect(normalizePhone(raw)).toMatch(/^\+7\d{10}$/);
    }
  });
});

describe('maskPhone', () => {
  it.each([
    ['+79161234567', '+7 *** ***-**-67'],
    ['89161234567', '+7 *** ***-**-67'],
    ['+7 (916) 123-45-01', '+7 *** ***-**-01'],
  ])('%j → %j', (raw, masked) => {
    expect(maskPhone(raw)).toBe(masked);
  });

  it('reveals nothing of a number it cannot read', () => {
    expect(maskPhone('12345')).toBe('***');
    expect(maskPhone('')).toBe('***');
  });
});

describe('formatPhone (the order details show the phone as everywhere else)', () => {
  it('formats a Russian phone as +7 916 123-45-67', () => {
    expect(formatPhone('+79161234567')).toBe('+7 916 123-45-67');
    expect(formatPhone('8 (916) 123-45-67')).toBe('+7 916 123-45-67');
  });

  it('shows anything else as given', () => {
    expect(formatPhone('12345')).toBe('12345');
  });
});

describe('isMobilePhone: a buyer’s phone is a Russian mobile, +7 9XX XXX-XX-XX', () => {
  it.each(['+79161234567', '8 (916) 123-45-67', '9001234567', '+7 999 000-00-00', '79771234567'])(
    'accepts %j',
    (raw) => {
      expect(isMobilePhone(raw)).toBe(true);
      expect(phoneProblem(raw)).toBeNull();
    },
  );

  it.each([
    ['+7 809 123-45-67', 'premium rate'],
    ['8 800 555-35-35', 'freephone'],
    ['+7 495 123-45-67', 'Moscow landline'],
    ['+7 383 123-45-67', 'Novosibirsk landline'],
    ['+7 812 123-45-67', 'St Petersburg landline'],
    ['+7 701 123-45-67', 'Kazakhstan mobile'],
    ['+7 600 123-45-67', 'Kazakhstan'],
    ['+7 100 123-45-67', 'unassigned'],
    ['+7 000 000-00-00', 'unassigned'],
  ])('refuses %j (%s) as not a mobile, though it has the spec’s format', (raw) => {
    expect(isValidPhone(raw)).toBe(true);
    expect(isMobilePhone(raw)).toBe(false);
    expect(phoneProblem(raw)).toBe('not_mobile');
  });

  it('tells a malformed number from a non-mobile one', () => {
    expect(phoneProblem('12345')).toBe('format');
    expect(phoneProblem('')).toBe('format');
    expect(isMobilePhone('12345')).toBe(false);
  });

  it('has a message of its own, distinct from the spec’s format message', () => {
    expect(PHONE_NOT_MOBILE_MESSAGE).toBe('Укажите номер мобильного телефона: +7 9XX XXX-XX-XX');
  });
});

describe('a phone typed with a leading 8 is read as +7, and an incomplete one is refused', () => {
  it('refuses «8 916 123-45-6» as incomplete instead of sending the code to +7 891 612-34-56', () => {
    expect(phoneNationalDigits('8 916 123-45-6')).toBe('916123456');
    expect(normalizePhone('8 916 123-45-6')).toBeNull();
    expect(phoneProblem('8 916 123-45-6')).toBe('format');
    expect(phoneProblem('+7 916 123-45-6')).toBe('format');
  });

  it('reads the prefix +7, 7 or 8 and no prefix alike', () => {
    for (const raw of ['+7 916 123-45-67', '7 916 123 45 67', '8 (916) 123-45-67', '916 123 45 67']) {
      expect(phoneNationalDigits(raw), raw).toBe('9161234567');
      expect(phoneProblem(raw), raw).toBeNull();
    }
  });
});

describe('formatPhoneInput: the masked +7 field', () => {
  it.each([
    ['', ''],
    ['8', '+7'],
    ['7', '+7'],
    ['+', ''],
    ['+7', '+7'],
    ['+7 ', '+7'],
    ['9', '+7 9'],
    ['89', '+7 9'],
    ['+79', '+7 9'],
    ['8916', '+7 916'],
    ['89161', '+7 916 1'],
    ['8 916 123-45-6', '+7 916 123-45-6'],
    ['89161234567', '+7 916 123-45-67'],
    ['+7 (916) 123-45-67', '+7 916 123-45-67'],
    ['9161234567', '+7 916 123-45-67'],
    ['8 916 123 45 678', '+7 916 123-45-67 8'],
  ])('%j is shown as %j', (raw, shown) => {
    expect(formatPhoneInput(raw)).toBe(shown);
  });

  it('is stable: what it shows reads back as the same number', () => {
    for (const raw of [
      '8',
      '89',
      '8 916 123-45-6',
      '89161234567',
      '88',
      '+7 800 555-35-35',
      '8 916 123 45 678',
    ]) {
      const shown = formatPhoneInput(raw);
      expect(formatPhoneInput(shown), raw).toBe(shown);
      expect(phoneNationalDigits(shown), raw).toBe(phoneNationalDigits(raw));
    }
  });

  it('leaves no separator at the end, so Backspace always takes a digit', () => {
    let shown = formatPhoneInput('89161234567');
    const seen: string[] = [shown];
    while (shown !== '') {
      shown = formatPhoneInput(shown.slice(0, -1));
      seen.push(shown);
    }
    expect(seen).toEqual([
      '+7 916 123-45-67',
      '+7 916 123-45-6',
      '+7 916 123-45',
      '+7 916 123-4',
      '+7 916 123',
      '+7 916 12',
      '+7 916 1',
      '+7 916',
      '+7 91',
      '+7 9',
      '+7',
      '',
    ]);
  });

  it('keeps what a finished number is shown as: formatPhone’s', () => {
    expect(formatPhoneInput('89161234567')).toBe(formatPhone('89161234567'));
  });
});
