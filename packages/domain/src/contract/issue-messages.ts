import type { z } from 'zod';

/**
 * Validation messages in plain Russian for the checks that have no text of their own (every message the API sends is Russian):
 * zod's Russian locale says «Неверный ввод: ожидалось int, получено число», which tells a person
 * nothing. A schema's own message (`.min(1, 'Укажите имя')`) always wins over these.
 * Set with `z.config({ localeError: plainRussianError })`.
 */

const TYPE_NAMES: Record<string, string> = {
  string: 'строка',
  number: 'число',
  int: 'целое число',
  bigint: 'целое число',
  boolean: 'true или false',
  array: 'список',
  object: 'объект',
  date: 'дата',
  null: 'null',
};

const FORMAT_NAMES: Record<string, string> = {
  uuid: 'id в формате UUID',
  guid: 'id в формате UUID',
  email: 'адрес e-mail',
  url: 'адрес URL',
  datetime: 'дата-время ISO 8601, например 2026-11-24T10:00:00+03:00',
  date: 'дата ГГГГ-ММ-ДД',
  time: 'время ЧЧ:ММ',
  regex: 'значение в допустимом формате',
};

function plural(n: number, one: string, few: string, many: string): string {
  const tens = Math.abs(n) % 100;
  const last = tens % 10;
  if (tens >= 11 && tens <= 19) return many;
  if (last === 1) return one;
  if (last >= 2 && last <= 4) return few;
  return many;
}

function sizeUnit(origin: string | undefined, n: number): string {
  if (origin === 'string') return ` ${plural(n, 'символ', 'символа', 'символов')}`;
  if (origin === 'array' || origin === 'set' || origin === 'map') {
    return ` ${plural(n, 'элемент', 'элемента', 'элементов')}`;
  }
  return '';
}

const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** One issue's message; undefined leaves it to zod (never reached for the codes handled here). */
export function plainRussianMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return 'Обязательное поле';
      const expected = TYPE_NAMES[issue.expected] ?? issue.expected;
      return `Ожидается ${expected}`;
    }
    case 'too_small': {
      const n = Number(issue.minimum);
      if ((issue.origin === 'string' || issue.origin === 'array') && n === 1 && issue.inclusive !== false) {
        return 'Не может быть пустым';
      }
      const unit = sizeUnit(issue.origin, n);
      if (issue.origin === 'string') return `Не короче ${n}${unit}`;
      if (issue.origin === 'array') return `Не меньше ${n}${unit}`;
      return issue.inclusive === false ? `Должно быть больше ${n}` : `Не меньше ${n}`;
    }
    case 'too_big': {
      const n = Number(issue.maximum);
      const unit = sizeUnit(issue.origin, n);
      if (issue.origin === 'string') return `Не длиннее ${n}${unit}`;
      if (issue.origin === 'array') return `Не больше ${n}${unit}`;
      return issue.inclusive === false ? `Должно быть меньше ${n}` : `Не больше ${n}`;
    }
    case 'invalid_format':
      return `Ожидается ${FORMAT_NAMES[issue.format] ?? 'значение в допустимом формате'}`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `Допустимое значение: ${shown(issue.values[0])}`
        : `Допустимые значения: ${issue.values.map(shown).join(', ')}`;
    case 'not_multiple_of':
      return `Должно делиться на ${shown(issue.divisor)}`;
    case 'unrecognized_keys':
      return issue.keys.length > 1
        ? `Неизвестные поля: ${issue.keys.join(', ')}`
        : `Неизвестное поле: ${issue.keys[0] ?? ''}`;
    case 'invalid_key':
      return 'Недопустимый ключ';
    case 'invalid_element':
      return 'Недопустимое значение в списке';
    case 'invalid_union':
      return 'Недопустимое значение';
    default:
      return 'Недопустимое значение';
  }
}

export const plainRussianError = (issue: z.core.$ZodRawIssue) => plainRussianMessage(issue);
