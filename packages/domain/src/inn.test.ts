import { describe, expect, it } from 'vitest';
import { isValidInn, normalizeInnInput, validateInn } from './inn';
import { INN_CHECKSUM_HINT, innErrorHint } from './inn-hint';
import { MESSAGES } from './messages';

describe('normalizeInnInput', () => {
  it.each([
    ['', ''],
    ['7707083893', '7707083893'],
    [' 7707 083 893 ', '7707083893'],
    ['77-07-08-38-93', '7707083893'],
    ['ИНН: 7707083893', '7707083893'],
    ['5001007322591234', '500100732259'],
    ['abc', ''],
    ['１２３', ''],
  ])('%j → %j', (raw, expected) => {
    expect(normalizeInnInput(raw)).toBe(expected);
  });
});

describe('validateInn', () => {
  it.each([
    ['7707083893', 'Сбербанк'],
    ['7736050003', 'Газпром'],
    ['7708503727', 'РЖД'],
    ['7712040126', 'Аэрофлот'],
    ['7702070139', 'ВТБ'],
    ['7740000076', 'МТС'],
    ['7710140679', 'Т-Банк'],
    ['7707049388', 'Ростелеком'],
    ['7708004767', 'ЛУКОЙЛ'],
    ['7736207543', 'Яндекс'],
    ['2801023444', 'Азиатско-Тихоокеанский Банк'],
    ['7744001497', 'Газпромбанк'],
    ['1000000010', 'sum mod 11 = 10, so the check digit is 0'],
  ])('accepts the organization INN %s (%s)', (inn) => {
    expect(validateInn(inn)).toBeNull();
    expect(isValidInn(inn)).toBe(true);
  });

  it.each(['500100732259', '526317984689'])('accepts the individual INN %s', (inn) => {
    expect(validateInn(inn)).toBeNull();
    expect(isValidInn(inn)).toBe(true);
  });

  it.each(['', ' ', '   '])('asks for an INN when it is %j', (inn) => {
    expect(validateInn(inn)).toBe(MESSAGES.innRequired);
    expect(isValidInn(inn)).toBe(false);
  });

  it.each([
    '7',
    '770708389',
    '77070838931',
    '5001007322591',
    '1234567890123',
    '770708389a',
    '7707 08389',
    ' 7707083893',
    '7707083893 ',
    '５００１００７３２２５９',
  ])('refuses the length or shape of %j', (inn) => {
    expect(validateInn(inn)).toBe(MESSAGES.innLength);
  });

  it.each(['7707083890', '7707083894', '7707083883', '7736050013', '1000000011', '0000000000'])(
    'refuses the organization checksum of %s',
    (inn) => {
      expect(validateInn(inn)).toBe(MESSAGES.innLegalChecksum);
      expect(isValidInn(inn)).toBe(false);
    },
  );

  it.each([
    ['500100732250', '12th digit wrong'],
    ['500100732209', '11th digit wrong'],
    ['500100732266', '11th digit wrong, 12th consistent with it'],
    ['526317984680', '12th digit wrong'],
    ['000000000000', 'all zeros'],
    ['770708389300', 'an organization INN padded to 12'],
  ])('refuses the individual checksum of %s (%s)', (inn) => {
    expect(validateInn(inn)).toBe(MESSAGES.innPersonChecksum);
    expect(isValidInn(inn)).toBe(false);
  });

  it('refuses every other check digit of a valid organization INN', () => {
    for (let d = 0; d < 10; d++) if (d !== 3) expect(isValidInn(`770708389${d}`)).toBe(false);
  });

  it('refuses every change of the check digits of a valid individual INN', () => {
    for (let d = 0; d < 10; d++) {
      if (d !== 9) expect(isValidInn(`50010073225${d}`)).toBe(false);
      if (d !== 5) expect(isValidInn(`5001007322${d}9`)).toBe(false);
    }
  });
});

describe('innErrorHint: a checksum error is not a length error', () => {
  it('explains a 10- or 12-digit INN whose check digit is wrong', () => {
    expect(innErrorHint(validateInn('7707083890'))).toBe(INN_CHECKSUM_HINT);
    expect(innErrorHint(validateInn('500100732250'))).toBe(INN_CHECKSUM_HINT);
    expect(INN_CHECKSUM_HINT).toMatch(/Количество цифр верное/);
  });

  it('adds nothing to the other errors, or to none', () => {
    expect(innErrorHint(validateInn('12345'))).toBeNull();
    expect(innErrorHint(validateInn(''))).toBeNull();
    expect(innErrorHint(validateInn('7707083893'))).toBeNull();
    expect(innErrorHint(undefined)).toBeNull();
  });
});
