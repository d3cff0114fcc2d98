import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app (SPA: every unknown non-API GET gets the app's shell) and the widget script
 * at its versioned path. Hashed files under static/ are cached for a year, the rest revalidated.
 * The web build pre-renders the landing page into index.html and keeps the empty shell as app.html:
 * `/` gets index.html, every other page address app.html (index.html when there is no app.html).
 */
export async function registerWeb(app: FastifyInstance, options: { webDist: string; widgetDist: string }) {
  const hasWeb = existsSync(join(options.webDist, 'index.html'));
  const hasShell = existsSync(join(options.webDist, 'app.html'));
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
  return {
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
