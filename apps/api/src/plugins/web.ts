import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app (SPA: every unknown non-API GET gets index.html) and the widget script
 * at its versioned path. Hashed files under static/ are cached for a year, the rest revalidated.
 */
export async function registerWeb(app: FastifyInstance, options: { webDist: string; widgetDist: string }) {
  const hasWeb = existsSync(join(options.webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: options.webDist,
      prefix: '/',
      wildcard: false,
      index: false,
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
    sendApp(reply: { sendFile: (f: string) => unknown; header: (k: string, v: string) => unknown }) {
      if (!hasWeb) return false;
      reply.header('cache-control', 'no-cache');
      reply.sendFile('index.html');
      return true;
    },
  };
}
