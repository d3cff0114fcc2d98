import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BUYER_DATA_ELEMENT_ID,
  type BuyerPageData,
  buyerPageModule,
  serializeBuyerPageData,
} from '@b2bpay/domain';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type PrecompressedDocument, precompressDocument } from './precompressed-document';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const ROOT_ELEMENT = '<div id="root"></div>';
const SCRIPT_PATH = /^\/static\/js\/[\w.-]+\.js$/;

/**
 * Serves the built web app (SPA: every unknown non-API GET gets the app's shell) and the widget script
 * at its versioned path. Hashed files under static/ are cached for a year, the rest revalidated.
 * The web build pre-renders the landing page into index.html and keeps the empty shell as app.html:
 * `/` gets index.html, every other page address app.html (index.html when there is no app.html).
 * The buyer's addresses /client/… get the buyer's own document, buyer.html (its own, lighter entry),
 * with the order it shows embedded (packages/domain buyer-page.ts), so its first screen needs no request,
 * and the scripts of the address's page named as modulepreloads (buyer-preloads.json, written by the
 * buyer's build: apps/web/build/buyer-preloads.ts), so they download beside the entry, not after it.
 */
export async function registerWeb(
  app: FastifyInstance,
  options: {
    webDist: string;
    widgetDist: string;
    /** The record to embed for /client/{orderId}[/…]; null when there is none to show (unknown order…). */
    buyerData?: (orderId: string, clientId: number | undefined) => Promise<BuyerPageData | null>;
  },
) {
  const hasWeb = existsSync(join(options.webDist, 'index.html'));
  const hasShell = existsSync(join(options.webDist, 'app.html'));
  const buyerFile = join(options.webDist, 'buyer.html');
  // Read once: the document is filled in per request.
  const buyerShell = hasWeb && existsSync(buyerFile) ? readFileSync(buyerFile, 'utf8') : null;
  const preloads = buyerShell ? readPreloads(join(options.webDist, 'buyer-preloads.json')) : {};
  // Per page module (its preloads), the document around the embedded order is the same on every answer:
  // it is compressed once (gzip and brotli), on the first answer that needs it, and an answer compresses
  // only the order (plugins/precompressed-document.ts).
  const headEnd = buyerShell?.indexOf('</head>') ?? -1;
  const documents = new Map<string, Promise<PrecompressedDocument>>();
  /** The document for a page module: static parts around the order, or one part when it has no root. */
  function buyerDocument(module: string): Promise<PrecompressedDocument> {
    let document = documents.get(module);
    if (!document) {
      const shell = buyerShell ?? '';
      const links = (headEnd > 0 ? (preloads[module] ?? []) : [])
        .map((href) => `<link rel="modulepreload" crossorigin href="${href}">`)
        .join('');
      const withLinks = headEnd > 0 ? shell.slice(0, headEnd) + links + shell.slice(headEnd) : shell;
      const root = withLinks.indexOf(ROOT_ELEMENT);
      const at = root + ROOT_ELEMENT.length;
      document = precompressDocument(root < 0 ? [withLinks] : [withLinks.slice(0, at), withLinks.slice(at)]);
      // A failed compression is not kept: the next answer tries again.
      document.catch(() => documents.delete(module));
      documents.set(module, document);
    }
    return document;
  }
  await registerStaticFiles(app, { ...options, hasWeb });
  async function embeddedData(path: string, query: string): Promise<string> {
    const orderId = path.split('/')[2];
    if (!options.buyerData || !orderId) return '';
    const rawClientId = new URLSearchParams(query).get('client_id');
    // The browser entry reads ?client_id= the same way (features/buyer/pages/order-page.tsx); any other
    // value is left for the page's own request to answer (a 400 or 404 screen).
    if (rawClientId !== null && !/^[1-9]\d{0,14}$/.test(rawClientId)) return '';
    try {
      const data = await options.buyerData(orderId, rawClientId === null ? undefined : Number(rawClientId));
      if (!data) return '';
      return `<script type="application/json" id="${BUYER_DATA_ELEMENT_ID}">${serializeBuyerPageData(data)}</script>`;
    } catch (error) {
      // Unknown order, database trouble: the page asks for the order itself and shows its error screens.
      app.log.debug({ err: error }, 'buyer page without embedded order');
      return '';
    }
  }

  return {
    /** Answers /client/… with the buyer's document and its order; false when this is not such a page. */
    async sendBuyerPage(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
      const [path = '', query = ''] = request.url.split('?');
      if (!buyerShell || !(path === '/client' || path.startsWith('/client/'))) return false;
      // Only modules the build names get a document of their own; the rest share the one without preloads.
      const module = buyerPageModule(path) ?? '';
      const document = buyerDocument(Object.hasOwn(preloads, module) ? module : '');
      const data = await embeddedData(path, query);
      // A shell without the root element has no place for the order.
      const ready = await document;
      const { body, encoding } = ready.render(
        ready.parts === 2 ? [data] : [],
        request.headers['accept-encoding'],
      );
      reply
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding')
        .type('text/html; charset=utf-8');
      if (encoding) reply.header('content-encoding', encoding);
      reply.send(body);
      return true;
    },
    /** Answers a page request with the app's shell, or false when there is no built app. */
    sendApp(reply: {
      request: { url: string };
      sendFile: (f: string) => unknown;
      header: (k: string, v: string) => unknown;
    }) {
      if (!hasWeb) return false;
      reply.header('cache-control', 'no-cache');
      const path = reply.request.url.split('?')[0];
      reply.sendFile(path === '/' || !hasShell ? 'index.html' : 'app.html');
      return true;
    },
  };
}

/**
 * The built files: the web app's (its .br and .gz beside them; hashed ones under /static/ cached for
 * good) and the widget's under /widget/, open to every origin.
 */
async function registerStaticFiles(
  app: FastifyInstance,
  options: { webDist: string; widgetDist: string; hasWeb: boolean },
) {
  const { hasWeb } = options;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: options.webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      // The web build writes .br and .gz beside its text files.
      preCompressed: true,
      setHeaders: (res, path) => {
        res.header('cache-control', path.includes('/static/') ? IMMUTABLE : 'no-cache');
      },
    });
  }
  if (existsSync(options.widgetDist)) {
    await app.register(fastifyStatic, {
      root: options.widgetDist,
      prefix: '/widget/',
      decorateReply: !hasWeb,
      setHeaders: (res) => {
        res.header('cache-control', 'public, max-age=300');
        res.header('access-control-allow-origin', '*');
      },
    });
  }
}

/** Page module → the scripts to preload; empty (no preloads) for a build without the file. */
function readPreloads(file: string): Record<string, string[]> {
  if (!existsSync(file)) return {};
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const preloads: Record<string, string[]> = {};
  for (const [page, hrefs] of Object.entries(parsed as Record<string, unknown>)) {
    // Only the build's own script paths: nothing else may end up in an attribute of the page.
    if (Array.isArray(hrefs) && hrefs.every((href) => typeof href === 'string' && SCRIPT_PATH.test(href))) {
      preloads[page] = hrefs;
    } else throw new Error(`${file}: ${page} is not a list of /static/js/ scripts`);
  }
  return preloads;
}
