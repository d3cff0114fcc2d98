import { describe, expect, it } from 'vitest';
import { isValidOgrn } from './ogrn';

describe('ОГРН', () => {
  it('takes 13 digits whose last is the first twelve mod 11 mod 10', () => {
    // Real registrations: ПАО Сбербанк, ООО «ЯНДЕКС».
    expect(isValidOgrn('1027700132195')).toBe(true);
    expect(isValidOgrn('1027700229193')).toBe(true);
    // The remainder 10 gives the check digit 0.
    expect(isValidOgrn('1027700000008')).toBe(true);
  });

  it('refuses a wrong check digit, another length, non-digits and all zeros', () => {
    expect(isValidOgrn('1027700132196')).toBe(false);
    expect(isValidOgrn('102770013219')).toBe(false);
    expect(isValidOgrn('10277001321950')).toBe(false);
    expect(isValidOgrn('10277OO132195')).toBe(false);
    expect(isValidOgrn('0000000000000')).toBe(false);
  });
});
