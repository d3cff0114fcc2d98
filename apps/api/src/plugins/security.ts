import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { SCRIPTS_AFTER_PAINT_HASH } from './scripts-after-paint';

/**
 * Security headers on every page. Analytics and error reporting are the only third parties the web
 * app talks to, and only when configured. (The API's own answers get API_HEADERS below.)
 */
const HEADERS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      // The one inline script: the server-rendered buyer page's scripts asked for after its first paint.
      scriptSrc: ["'self'", SCRIPTS_AFTER_PAINT_HASH, 'https://mc.yandex.ru', 'https://yastatic.net'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https://mc.yandex.ru'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: [
        "'self'",
        'https://mc.yandex.ru',
        'https://*.ingest.sentry.io',
        'https://*.ingest.de.sentry.io',
      ],
      frameSrc: ["'self'", 'https://mc.yandex.ru'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'self'"],
    },
  },
  // The widget script is loaded by shops' own sites.
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  crossOriginEmbedderPolicy: false,
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
};

/**
 * What helmet does to a response with these options, worked out once. Every directive above is a
 * constant, so the headers are the same for every request; @fastify/helmet instead rebuilds helmet
 * (parsing the CSP) on every request, which was a measurable share of a simple GET's CPU.
 */
function computeHeaders(options: HelmetOptions) {
  const set: [string, string][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.push([name, String(value)]);
    },
    removeHeader(name: string) {
      removed.push(name);
    },
  };
  helmet(options)(
    {} as Parameters<ReturnType<typeof helmet>>[0],
    recorder as unknown as ServerResponse,
    () => {},
  );
  return { set, removed };
}

/**
 * The API's JSON (and CSV, and event stream) answers are never rendered as a page: they get what
 * OWASP's REST cheat sheet asks of an API — no source of anything, never in a frame, no sniffing, HTTPS
 * only — and none of the page headers (COOP, Origin-Agent-Cluster, the old IE and Flash ones), which
 * took 700 bytes of every answer. The reference at /api/docs is a page and keeps the page's headers.
 */
const API_HEADERS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  },
  crossOriginResourcePolicy: { policy: 'cross-origin' },
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: { policy: 'no-referrer' },
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: { action: 'deny' },
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

const PAGE_SECURITY_HEADERS = computeHeaders(HEADERS);
const API_SECURITY_HEADERS = computeHeaders(API_HEADERS);

/** Whether the address is one of the API's answers rather than a page (the reference is a page). */
export function isApiAnswer(url: string | undefined): boolean {
  return Boolean(url?.startsWith('/api/') && !url.startsWith('/api/docs'));
}

/** Puts the security headers on a raw response, exactly as helmet would. */
export function applySecurityHeaders(req: { url?: string }, res: ServerResponse) {
  const headers = isApiAnswer(req.url) ? API_SECURITY_HEADERS : PAGE_SECURITY_HEADERS;
  for (const name of headers.removed) res.removeHeader(name);
  for (const [name, value] of headers.set) res.setHeader(name, value);
}

/**
 * On every request before any other hook can answer it (rate limit, auth, 404). The router's own
 * answers to malformed URLs never reach hooks: app.ts's frameworkErrors calls applySecurityHeaders.
 */
export async function registerSecurity(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    applySecurityHeaders(request.raw, reply.raw);
    done();
  });
}
