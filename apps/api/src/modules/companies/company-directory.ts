import { readFileSync } from 'node:fs';
import type { CompanySuggestion } from '@b2bpay/domain';

/** The one copy of the company directory in the repository, described in apps/api/data/README.md. */
export const COMPANY_DIRECTORY_FILE = new URL('../../../data/ru-companies.csv', import.meta.url);

/**
 * The offline INN directory: real companies (name with legal form + INN) from the exchanges' public
 * lists, shipped as data with its date (see apps/api/data/README.md). Used when DADATA_API_KEY is not set.
 */
export class CompanyDirectory {
  readonly #companies: CompanySuggestion[];

  constructor(csv: string) {
    this.#companies = parseCsv(csv)
      .slice(1)
      .flatMap((cells) => {
        const [inn, , , name] = cells;
        return inn && name ? [{ inn, value: name }] : [];
      })
      .sort((a, b) => a.inn.localeCompare(b.inn));
  }

  static fromFile(path: URL) {
    return new CompanyDirectory(readFileSync(path, 'utf8'));
  }

  get size() {
    return this.#companies.length;
  }

  /** Companies whose INN starts with `prefix`, at most `limit`, by INN. */
  suggest(prefix: string, limit = 10): CompanySuggestion[] {
    const out: CompanySuggestion[] = [];
    for (const company of this.#companies) {
      if (company.inn.startsWith(prefix)) out.push(company);
      if (out.length === limit) break;
    }
    return out;
  }
}

/** RFC 4180: quoted cells may hold commas and doubled quotes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else if (ch !== '\r') cell += ch;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}
