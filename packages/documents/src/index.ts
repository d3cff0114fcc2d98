export {
  LEGAL_DOCUMENTS,
  type LegalDocumentPath,
  legalMarkdown,
  type Operator,
  operatorText,
  renderLegalDocument,
} from './legal';
