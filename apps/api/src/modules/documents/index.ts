/** The documents module: the legal PDFs with the operator's details. */
export { documentsRoutes } from './documents.routes';
