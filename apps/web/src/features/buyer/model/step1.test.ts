// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { cleanStep1, isStep1Complete, step1FieldOf, validateStep1 } from './step1';

const valid = {
  surname: 'Петров',
  name: 'Пётр',
  middlename: '',
  organizationName: 'ПАО «Сбербанк России»',
  inn: '7707083893',
};

describe('step 1 rules (spec §5)', () => {
  it('accepts a complete form; middlename is optional', () => {
    expect(validateStep1(valid)).toEqual({});
    expect(isStep1Complete(valid)).toBe(true);
  });

  it('names every empty required field with its text', () => {
    expect(
      validateStep1({ surname: ' ', name: '', middlename: '', organizationName: '  ', inn: '' }),
    ).toEqual({
      surname: 'Фамилия не может быть пустой',
      name: 'Имя не может быть пустым',
      organizationName: 'Название организации не может быть пустым',
      inn: 'ИНН обязателен',
    });
  });

  it('treats invisible characters as empty and drops bidi controls, as the server does', () => {
    expect(
      validateStep1({ ...valid, surname: '\u200B\u00AD', name: '\u2060 ', organizationName: '\u202E\u2066' }),
    ).toEqual({
      surname: 'Фамилия не может быть пустой',
      name: 'Имя не может быть пустым',
      organizationName: 'Название организации не может быть пустым',
    });
    expect(cleanStep1({ ...valid, organizationName: '\u202EООО «Ромашка»\u202C' }).organizationName).toBe(
      'ООО «Ромашка»',
    );
  });

  it('a name with no letter or digit (braille blank, tag space, variation selector…) is empty, as on the server', () => {
    expect(
      validateStep1({
        ...valid,
        surname: '\u2800\u2800',
        name: '\u{E0020}\uFE0F',
        organizationName: '\u034F\uFFF9',
      }),
    ).toEqual({
      surname: 'Фамилия не может быть пустой',
      name: 'Имя не может быть пустым',
      organizationName: 'Название организации не может быть пустым',
    });
  });

  it.each([
    ['123', 'ИНН должен состоять из 10 или 12 цифр'],
    ['12345678901', 'ИНН должен состоять из 10 или 12 цифр'],
    ['7707083890', 'Неверный ИНН организации (10 цифр)'],
    ['500100732250', 'Неверный ИНН физлица (12 цифр)'],
  ])('INN %s → %s', (inn, message) => {
    expect(validateStep1({ ...valid, inn }).inn).toBe(message);
  });

  it('accepts a valid 12-digit INN and strips decoration before checking', () => {
    expect(validateStep1({ ...valid, inn: '500100732259' }).inn).toBeUndefined();
    expect(validateStep1({ ...valid, inn: '7707 083 893' }).inn).toBeUndefined();
  });

  it('trims names and keeps INN digits only when sending', () => {
    expect(cleanStep1({ ...valid, surname: ' Петров ', inn: '77-07-083893' })).toMatchObject({
      surname: 'Петров',
      inn: '7707083893',
    });
  });

  it('maps server field names to form fields', () => {
    expect(step1FieldOf('organization_name')).toBe('organizationName');
    expect(step1FieldOf('inn')).toBe('inn');
    expect(step1FieldOf('client_id')).toBeUndefined();
    expect(step1FieldOf(undefined)).toBeUndefined();
  });
});
