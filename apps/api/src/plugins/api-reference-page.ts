import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type ReferenceDocument, renderApiReference } from './api-reference';

export interface ApiReferencePage {
  html: string;
  gzip: Buffer;
  etag: string;
}

/** The reference page, its gzip and its ETag, made once (the document does not change while the process runs). */
export function apiReferencePage(doc: Record<string, unknown>): ApiReferencePage {
  const html = renderApiReference(doc as ReferenceDocument);
  return {
    html,
    gzip: gzipSync(html, { level: 9 }),
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
  if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
    return reply.header('content-encoding', 'gzip').send(page.gzip);
  }
  return reply.send(page.html);
}
