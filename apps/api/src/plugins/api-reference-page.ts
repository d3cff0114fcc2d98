import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type ReferenceDocument, renderApiReference } from './api-reference';
import { type PrecompressedDocument, precompressDocument } from './precompressed-document';

export interface ApiReferencePage {
  /** Compressed once, gzip and brotli; each answer's encoding negotiated from Accept-Encoding. */
  document: PrecompressedDocument;
  etag: string;
}

/** The reference page, compressed, and its ETag, made once (the document does not change while the process runs). */
export async function apiReferencePage(doc: Record<string, unknown>): Promise<ApiReferencePage> {
  const html = renderApiReference(doc as ReferenceDocument);
  return {
    document: await precompressDocument([html]),
    etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
  };
}

export function sendApiReference(request: FastifyRequest, reply: FastifyReply, page: ApiReferencePage) {
  reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('etag', page.etag)
    .header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
  const { body, encoding } = page.document.render([], request.headers['accept-encoding']);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(body);
}
