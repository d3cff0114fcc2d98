import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { preloadLinks, readPreloads } from './page-preloads';
import { type PrecompressedDocument, precompressDocument } from './precompressed-document';

/** Written by the app's build beside app.html (apps/web/build/shop-preloads.ts). */
export const SHOP_PRELOADS_FILE = 'shop-preloads.json';

/** The shop area's pages under /shops/{shopId}/… (apps/web/src/app/router.tsx) → their page module. */
const SHOP_PAGES: Array<[RegExp, string]> = [
  [/^$/, 'shop-home-page'],
  [/^all-orders$/, 'orders-page'],
  [/^generate-qr$/, 'new-order-page'],
  [/^orders\/[^/]+$/, 'order-details-page'],
  [/^stats$/, 'stats-page'],
  [/^settings$/, 'settings-page'],
  [/^team$/, 'team-page'],
  [/^faq$/, 'shop-faq-page'],
  [/^support$/, 'shop-support-page'],
];
/** Addresses under /shops/ that are not a shop: the entry page and the public documentation pages. */
const NOT_A_SHOP = new Set(['button-demo', 'api-docs']);

/**
 * The page module an address of the shop area shows (the frame, shop-layout, comes with each), or
 * undefined for any other address.
 */
export function shopPageModule(path: string): string | undefined {
  const match = /^\/shops\/([^/]+)(?:\/(.*?))?\/?$/.exec(path);
  if (!match?.[1] || NOT_A_SHOP.has(match[1])) return undefined;
  if (match[1] === 'order-qr') return match[2] && !match[2].includes('/') ? 'order-qr-page' : undefined;
  const rest = match[2] ?? '';
  return SHOP_PAGES.find(([pattern]) => pattern.test(rest))?.[1];
}

/**
 * The app's shell for the shop area's pages: app.html with the scripts of the shop frame and of the
 * address's page named as modulepreloads, so they download beside the entry instead of after it has
 * run and the router has asked for them (one round trip, then another, less before the page shows).
 * Each page's document is made and compressed once, on its first request. Null when the build has
 * no app.html or no shop-preloads.json: then every page gets app.html as it is.
 */
export function shopDocuments(webDist: string) {
  const shellFile = join(webDist, 'app.html');
  const preloadsFile = join(webDist, SHOP_PRELOADS_FILE);
  if (!existsSync(shellFile) || !existsSync(preloadsFile)) return null;
  const shell = readFileSync(shellFile, 'utf8');
  const headEnd = shell.indexOf('</head>');
  if (headEnd < 0) return null;
  const preloads = readPreloads(preloadsFile);
  const made = new Map<string, Promise<PrecompressedDocument>>();

  function documentFor(page: string): Promise<PrecompressedDocument> {
    let document = made.get(page);
    if (!document) {
      const links = preloadLinks(new Set([...(preloads['shop-layout'] ?? []), ...(preloads[page] ?? [])]));
      // One static part: nothing in it changes per answer (precompressed-document.ts negotiates).
      document = precompressDocument([shell.slice(0, headEnd) + links + shell.slice(headEnd)]);
      // A failed compression is not kept: the next answer tries again.
      document.catch(() => made.delete(page));
      made.set(page, document);
    }
    return document;
  }

  return {
    /** Answers a shop page's address with its document; false for any other address. */
    async send(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
      const page = shopPageModule(request.url.split('?')[0] ?? '');
      if (!page) return false;
      const { body, encoding } = (await documentFor(page)).render([], request.headers['accept-encoding']);
      reply
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding')
        .type('text/html; charset=utf-8');
      if (encoding) reply.header('content-encoding', encoding);
      reply.send(body);
      return true;
    },
  };
}
