import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  BUYER_DATA_ELEMENT_ID,
  type BuyerPageData,
  buyerPageModule,
  serializeBuyerPageData,
} from '@b2bpay/domain';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { preloadLinks, readPreloads } from './page-preloads';
import { type PrecompressedDocument, precompressDocument } from './precompressed-document';
import { scriptsAfterPaint } from './scripts-after-paint';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * Serves the built web app (SPA: every unknown non-API GET gets the app's shell) and the widget script
 * at its versioned path. Hashed files under static/ are cached for a year, the rest revalidated.
 * The web build pre-renders the landing page into index.html and keeps the empty shell as app.html:
 * `/` gets index.html, every other page address app.html (index.html when there is no app.html).
 * The buyer's addresses /client/… get the buyer's own document, buyer.html (its own, lighter entry),
 * with the order it shows embedded (packages/domain buyer-page.ts), so its first screen needs no request,
 * and the scripts of the address's page named as modulepreloads (buyer-preloads.json, written by the
 * buyer's build: apps/web/build/buyer-preloads.ts), so they download beside the entry, not after it.
 * The order page, the application's two steps and the success page also come as HTML: the web build's
 * server module (server/buyer-render.mjs, from apps/web/src/buyer-server.tsx) renders them from the
 * same record (each for the orders its page shows as they are), #root is marked data-server-rendered;
 * their scripts (the entry, the page's own) are asked for right after the browser has painted it
 * (scripts-after-paint.ts), so that the browser's app, which takes the page over at the buyer's first
 * touch or when its refresh is due (apps/web/src/app/server-markup.ts), has them at hand. An
 * order whose page shows the banks' offers gets their lazy part preloaded too (the server module's
 * pagePartsFor).
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
  /**
   * The document for a page module (its preloads) and kind (server-rendered or not): the static parts
   * around #root, whose place the answer's root fills, or one part when the shell has no root.
   */
  function buyerDocument(module: string, parts: string[], rendered: boolean): Promise<PrecompressedDocument> {
    const key = `${rendered ? 'rendered' : 'browser'}:${[module, ...parts].join('+')}`;
    let document = documents.get(key);
    if (!document) {
      const shell = buyerShell ?? '';
      const scripts = [...new Set([module, ...parts].flatMap((name) => preloads[name] ?? []))];
      const head = headEnd > 0 ? shell.slice(0, headEnd) : '';
      // A page with the server's HTML is complete without its scripts: they come after its first paint.
      const withScripts = rendered ? scriptsAfterPaint(head, scripts) : head + preloadLinks(scripts);
      const withLinks = (headEnd > 0 ? withScripts : '') + shell.slice(Math.max(headEnd, 0));
      const root = withLinks.indexOf(ROOT_ELEMENT);
      document = precompressDocument(
        root < 0 ? [withLinks] : [withLinks.slice(0, root), withLinks.slice(root + ROOT_ELEMENT.length)],
      );
      // A failed compression is not kept: the next answer tries again.
      document.catch(() => documents.delete(key));
      documents.set(key, document);
    }
    return document;
  }
  const server = buyerShell ? await loadServerRender(join(options.webDist, SERVER_RENDER_FILE)) : null;
  const renderPage = server?.renderBuyerPage ?? null;
  await registerStaticFiles(app, { ...options, hasWeb });
  /**
   * The page's #root (the page's HTML when the server renders it, then the embedded record) and
   * the lazy parts of the page that this order's page shows (to preload).
   */
  async function pageRoot(path: string, query: string): Promise<{ root: string; parts: string[] }> {
    const empty = { root: '<div id="root"></div>', parts: [] };
    const orderId = path.split('/')[2];
    if (!options.buyerData || !orderId) return empty;
    const rawClientId = new URLSearchParams(query).get('client_id');
    // The browser entry reads ?client_id= the same way (features/buyer/pages/order-page.tsx); any other
    // value is left for the page's own request to answer (a 400 or 404 screen).
    if (rawClientId !== null && !/^[1-9]\d{0,14}$/.test(rawClientId)) return empty;
    let data: BuyerPageData | null;
    try {
      data = await options.buyerData(orderId, rawClientId === null ? undefined : Number(rawClientId));
    } catch (error) {
      // Unknown order, database trouble: the page asks for the order itself and shows its error screens.
      app.log.debug({ err: error }, 'buyer page without embedded order');
      return empty;
    }
    if (!data) return empty;
    const script = `<script type="application/json" id="${BUYER_DATA_ELEMENT_ID}">${serializeBuyerPageData(data)}</script>`;
    let page: ReturnType<RenderBuyerPage> = null;
    let parts: string[] = [];
    try {
      parts = server?.pagePartsFor?.(path, data).filter((name) => Object.hasOwn(preloads, name)) ?? [];
      page = renderPage?.(path, query ? `?${query}` : '', data) ?? null;
    } catch (error) {
      // The browser renders the page as it did before there was a server render.
      app.log.warn({ err: error }, 'buyer page not rendered on the server');
    }
    if (!page) return { root: `<div id="root"></div>${script}`, parts };
    // "idle": the browser's app takes the page over once idle, not only at the buyer's touch.
    const mark = page.takeOverWhenIdle ? 'idle' : '';
    return { root: `<div id="root" data-server-rendered="${mark}">${page.html}</div>${script}`, parts };
  }

  return {
    /** Answers /client/… with the buyer's document and its order; false when this is not such a page. */
    async sendBuyerPage(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
      const [path = '', query = ''] = request.url.split('?');
      if (!buyerShell || !(path === '/client' || path.startsWith('/client/'))) return false;
      // Only modules the build names get a document of their own; the rest share the one without preloads.
      const module = buyerPageModule(path) ?? '';
      const { root, parts } = await pageRoot(path, query);
      const rendered = root.startsWith('<div id="root" data-server-rendered');
      const ready = await buyerDocument(Object.hasOwn(preloads, module) ? module : '', parts, rendered);
      // A shell without the root element has no place for the page.
      const { body, encoding } = ready.render(
        ready.parts === 2 ? [root] : [],
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

/** The web build's server render of the buyer's pages (apps/web/src/buyer-server.tsx). */
const SERVER_RENDER_FILE = 'server/buyer-render.mjs';
type RenderBuyerPage = (
  pathname: string,
  search: string,
  data: BuyerPageData,
) => { html: string; takeOverWhenIdle: boolean } | null;

/** The lazy parts (names in buyer-preloads.json) that the page at `pathname` shows for this record. */
type PagePartsFor = (pathname: string, data: BuyerPageData) => string[];

/** The build's server module, or null for a build without one (the browser renders every page). */
async function loadServerRender(
  file: string,
): Promise<{ renderBuyerPage: RenderBuyerPage; pagePartsFor: PagePartsFor | null } | null> {
  if (!existsSync(file)) return null;
  const module = (await import(pathToFileURL(file).href)) as {
    renderBuyerPage?: unknown;
    pagePartsFor?: unknown;
  };
  if (typeof module.renderBuyerPage !== 'function') throw new Error(`${file} exports no renderBuyerPage`);
  return {
    renderBuyerPage: module.renderBuyerPage as RenderBuyerPage,
    pagePartsFor: typeof module.pagePartsFor === 'function' ? (module.pagePartsFor as PagePartsFor) : null,
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
      // The server render's module is the API's, not a page's.
      allowedPath: (pathName) => !pathName.startsWith('/server/'),
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
