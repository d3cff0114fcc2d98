import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { validateInn } from '@b2bpay/domain';
import { describe, expect, it } from 'vitest';
import { COMPANY_DIRECTORY_FILE, CompanyDirectory } from './company-directory';

/** The INN is the first column and never quoted, so the text before the first comma is enough. */
function readCompanyInns(): string[] {
  const lines = readFileSync(COMPANY_DIRECTORY_FILE, 'utf8')
    .split('\n')
    .filter((line) => line !== '');
  expect(lines[0]).toBe('inn,kpp,ogrn,name');
  return lines.slice(1).map((line) => line.slice(0, line.indexOf(',')));
}

describe('the company directory', () => {
  it('is the repository copy in apps/api/data', () => {
    const repoRoot = fileURLToPath(new URL('../../../../../', import.meta.url));
    expect(fileURLToPath(COMPANY_DIRECTORY_FILE)).toBe(`${repoRoot}apps/api/data/ru-companies.csv`);
  });

  it('holds 628 companies whose INNs all pass the domain checksum', () => {
    const inns = readCompanyInns();
    expect(inns).toHaveLength(628);
    expect(new Set(inns).size).toBe(628);
    const failing = inns.filter((inn) => validateInn(inn) !== null);
    expect(failing).toEqual([]);
    expect(CompanyDirectory.fromFile(COMPANY_DIRECTORY_FILE).size).toBe(628);
  });
});
