import { describe, expect, it } from 'vitest';
import { LEGAL_DOCUMENTS, legalMarkdown, operatorText } from './legal';

const OPERATOR = { name: 'ООО «Проба»', ogrn: '1027700132195', inn: '7707083893', address: 'г. Москва' };

describe('the legal documents', () => {
  it('each names the operator, and no placeholder is left', () => {
    for (const document of LEGAL_DOCUMENTS) {
      const text = legalMarkdown(document.source, OPERATOR);
      expect(text, document.source).toContain(
        'ООО «Проба», ОГРН 1027700132195, ИНН 7707083893, адрес: г. Москва',
      );
      expect(text, document.source).not.toContain('{{');
    }
  });

  it('writes the operator as one phrase', () => {
    expect(operatorText(OPERATOR)).toBe('ООО «Проба», ОГРН 1027700132195, ИНН 7707083893, адрес: г. Москва');
  });
});
