/**
 * CSV writing for the accounting export: RFC 4180 quoting and OWASP's "CSV injection" defusing.
 * Kept as our own code rather than a CSV library: a library quotes, but none defuses a formula
 * that follows a separator inside a cell, which is the part that matters here (see `defuse`).
 */

/** A number as the ru-RU locale writes it (`1050,60`): left unquoted so spreadsheets read a number. */
export interface CsvNumber {
  readonly number: string;
}

export type CsvValue = string | CsvNumber | null;

const PLAIN_NUMBER = /^\d+(,\d+)?$/;

export function csvNumber(value: number | string): CsvNumber {
  const number = String(value);
  // Only digits go out unquoted: anything else is text and must take the text path.
  if (!PLAIN_NUMBER.test(number)) throw new Error(`not a plain number for CSV: ${number}`);
  return { number };
}

/** What a spreadsheet takes for the start of a formula (OWASP: = + - @, tab, carriage return). */
const FORMULA_START = '[=+\\-@\\t\\r]';

/**
 * Where a reader could begin a cell inside our text: the text's start, or after any character some
 * reader takes for a separator or a line end (`,` in an English locale or Python's csv, `;`, tab,
 * line breaks), with quotes and spaces between. A file read with the wrong separator must not turn
 * `ООО Ромашка,=HYPERLINK(…)` into a formula cell, and quoting the cell does not stop that: for a
 * reader splitting on `,` our quote is in the middle of its cell, not at its start.
 */
const CELL_START_FORMULA = new RegExp(`(^|[,;\\t\\r\\n])([ "]*)(?=${FORMULA_START})`, 'g');

/** An apostrophe before every formula start, which spreadsheets show as text. */
function defuse(text: string): string {
  return text.replace(CELL_START_FORMULA, "$1$2'");
}

/**
 * One cell: text is defused and always quoted, its quotes doubled (RFC 4180), so no reader that
 * honours quotes splits it; numbers are written as they are; null is an empty cell.
 */
export function csvCell(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value !== 'string') return value.number;
  return `"${defuse(value).replaceAll('"', '""')}"`;
}

export function csvLine(cells: readonly CsvValue[], separator: string): string {
  return `${cells.map(csvCell).join(separator)}\r\n`;
}
