// @vitest-environment node
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, csvNumber } from './csv';

describe('csvCell', () => {
  it('quotes every text and doubles its quotes (RFC 4180); numbers bare; null empty', () => {
    expect(csvCell('ООО «Ромашка»')).toBe('"ООО «Ромашка»"');
    expect(csvCell('ERP "7"; склад\r\nвторая строка')).toBe('"ERP ""7""; склад\r\nвторая строка"');
    expect(csvCell('')).toBe('""');
    expect(csvCell(csvNumber(12))).toBe('12');
    expect(csvCell(csvNumber('1050,60'))).toBe('1050,60');
    expect(csvCell(null)).toBe('');
  });

  it('refuses to write anything but digits as a bare number', () => {
    expect(() => csvNumber('=1+1')).toThrow();
    expect(() => csvNumber('1;2')).toThrow();
  });

  it.each(['=', '+', '-', '@', '\t', '\r'])('puts an apostrophe before a leading %j', (c) => {
    expect(csvCell(`${c}1+1`)).toBe(`"'${c}1+1"`);
  });

  it.each([
    ['ООО Ромашка,=HYPERLINK(A1)', "ООО Ромашка,'=HYPERLINK(A1)"],
    ['ООО; +7 916', "ООО; '+7 916"],
    ['ООО, "=1+1"', 'ООО, "\'=1+1"'],
    ['А\t@SUM(A1)', "А\t'@SUM(A1)"],
    ['А\n-2+3', "А\n'-2+3"],
    ['  =1', "  '=1"],
  ])(
    'defuses a formula that a reader splitting on another separator would start a cell with: %j',
    (text, defused) => {
      expect(parse(csvCell(text), { delimiter: ';' })).toEqual([[defused]]);
    },
  );

  it('leaves ordinary punctuation as it is', () => {
    for (const text of ['ООО «Ромашка», филиал', 'Бумага А4 — 500 листов', 'a-b+c=d@e', 'ИП Иванов И. И.']) {
      expect(parse(csvCell(text), { delimiter: ';' })).toEqual([[text]]);
    }
  });
});

describe('csvLine', () => {
  it('joins cells with the separator and ends with CRLF', () => {
    expect(csvLine([csvNumber(1), 'a;b', null, csvNumber('0,00')], ';')).toBe('1;"a;b";;0,00\r\n');
  });
});
