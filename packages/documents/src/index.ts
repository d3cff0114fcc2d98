export {
  LEGAL_DOCUMENTS,
  type LegalDocumentPath,
  legalMarkdown,
  type Operator,
  operatorText,
  renderLegalDocument,
} from './legal';
export { parseMarkdown, renderPdf } from './render-pdf';
