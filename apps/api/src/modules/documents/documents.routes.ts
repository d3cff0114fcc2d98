import { LEGAL_DOCUMENTS, type Operator, renderLegalDocument } from '@b2bpay/documents';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';

/** The operator's details as the settings give them (config.ts: required in production). */
export function operatorOf(config: AppDeps['config']): Operator {
  return {
    name: config.OPERATOR_NAME,
    ogrn: config.OPERATOR_OGRN,
    inn: config.OPERATOR_INN,
    address: config.OPERATOR_ADDRESS,
  };
}

/**
 * The documents visitors and buyers agree to (/confidentiality.pdf, /agreement.pdf and the two
 * consents), with the operator's name, ОГРН, ИНН and address from the settings — which is why the API
 * renders them rather than the web build. Each is rendered once per process, on first request.
 */
export async function documentsRoutes(app: FastifyInstance, deps: AppDeps) {
  const operator = operatorOf(deps.config);
  const rendered = new Map<string, Promise<Buffer>>();
  for (const document of LEGAL_DOCUMENTS) {
    app.get(document.path, { schema: { hide: true } }, async (_request, reply) => {
      let pdf = rendered.get(document.path);
      if (!pdf) {
        pdf = renderLegalDocument(document.source, operator);
        rendered.set(document.path, pdf);
        // A failed render is tried again by the next request, not remembered.
        pdf.catch(() => rendered.delete(document.path));
      }
      return reply
        .type('application/pdf')
        .header('cache-control', 'public, max-age=300')
        .send(await pdf);
    });
  }
}
