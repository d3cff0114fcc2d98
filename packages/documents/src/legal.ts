import { readFileSync } from 'node:fs';

/** Who runs the service: the operator of personal data the buyer consents to (152-FZ, art. 18.1). */
export interface Operator {
  name: string;
  ogrn: string;
  inn: string;
  address: string;
}

/** The documents a visitor or a buyer agrees to, at the addresses the pages link (packages/domain banks.ts). */
export const LEGAL_DOCUMENTS = [
  { path: '/confidentiality.pdf', source: 'confidentiality.md' },
  { path: '/agreement.pdf', source: 'agreement.md' },
  { path: '/personal-data-consent.pdf', source: 'personal-data-consent.md' },
  { path: '/bank-transfer-consent.pdf', source: 'bank-transfer-consent.md' },
] as const;

export type LegalDocumentPath = (typeof LEGAL_DOCUMENTS)[number]['path'];

const PLACEHOLDER = '{{operator}}';

/** The operator as the documents name it: «ООО «…», ОГРН …, ИНН …, адрес: …». */
export function operatorText(operator: Operator): string {
  return `${operator.name}, ОГРН ${operator.ogrn}, ИНН ${operator.inn}, адрес: ${operator.address}`;
}

/** A document's Markdown with the operator filled in; each one names the operator at least once. */
export function legalMarkdown(source: string, operator: Operator): string {
  const markdown = readFileSync(new URL(`../legal/${source}`, import.meta.url), 'utf8');
  if (!markdown.includes(PLACEHOLDER)) throw new Error(`${source}: no ${PLACEHOLDER} to fill in`);
  return markdown.replaceAll(PLACEHOLDER, operatorText(operator));
}

/**
 * A legal document as PDF with the operator's details. The PDF renderer (pdfkit and its fonts, about
 * 100 ms to load) is loaded on the first document asked for, not when the API starts.
 */
export async function renderLegalDocument(source: string, operator: Operator): Promise<Buffer> {
  const { renderPdf } = await import('./render-pdf');
  return renderPdf(legalMarkdown(source, operator));
}
