import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import helmetMiddleware from 'helmet';

/**
 * Security headers on every answer (pages and API). Analytics and error reporting are the only
 * third parties the web app talks to, and only when configured.
 */
const HEADERS: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", 'https://mc.yandex.ru', 'https://yastatic.net'],
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

export async function registerSecurity(app: FastifyInstance) {
  await app.register(helmet, HEADERS);
}

const middleware = helmetMiddleware(HEADERS as Parameters<typeof helmetMiddleware>[0]);

/**
 * The same headers for the answers Fastify's router gives before any hook runs (a malformed URL:
 * see `frameworkErrors` in app.ts), which the plugin's onRequest hook never sees.
 */
export function applySecurityHeaders(req: IncomingMessage, res: ServerResponse) {
  middleware(req, res, () => {});
}
