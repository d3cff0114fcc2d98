import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
// By path, not by package name: Vite bundles a config's relative imports, and Node loads no .ts from node_modules.
import { renderPdf } from '../../../packages/documents/src/render-pdf.ts';

/**
 * Documents kept as Markdown are rendered to PDF when the app is built (and on request in the dev
 * server), so the repository holds the text, not a binary: the 1C-Bitrix module's guide. The legal
 * documents carry the operator's details from the API's settings: the API renders those
 * (packages/documents, apps/api/src/modules/documents).
 */
export interface PdfDocumentSpec {
  /** Markdown source, relative to apps/web. */
  source: string;
  /** Output path under the site root, e.g. `guides/bitrix.pdf`. */
  output: string;
}

export function pdfDocuments(specs: PdfDocumentSpec[], root: string): Plugin {
  const render = (spec: PdfDocumentSpec) => renderPdf(readFileSync(path.join(root, spec.source), 'utf8'));
  return {
    name: 'b2bpay-pdf-documents',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const spec = specs.find((s) => req.url?.split('?')[0] === `/${s.output}`);
        if (!spec) return next();
        render(spec).then(
          (pdf) => {
            res.setHeader('Content-Type', 'application/pdf');
            res.end(pdf);
          },
          (error: unknown) => next(error),
        );
      });
    },
    async generateBundle() {
      for (const spec of specs) {
        this.emitFile({ type: 'asset', fileName: spec.output, source: await render(spec) });
      }
    },
  };
}
