import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface OtherOriginSite {
  /** e.g. http://localhost:41234 — another host name and port than the API's http://127.0.0.1:N. */
  origin: string;
  /** Serves `html` at `path` from now on. */
  page: (path: string, html: string) => string;
  close: () => Promise<void>;
}

/**
 * A shop's own site: a plain node HTTP server that knows nothing about B2BPay and serves the HTML it is
 * given. Pages that load the widget from the API are therefore cross-origin, as on a real shop.
 */
export async function startOtherOrigin(): Promise<OtherOriginSite> {
  const pages = new Map<string, string>();
  const server: Server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://x').pathname;
    // Browsers ask every site for a favicon; a shop without one is not an error of the page.
    if (pathname === '/favicon.ico') {
      response.writeHead(204).end();
      return;
    }
    const html = pages.get(pathname);
    if (html === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://localhost:${port}`;
  return {
    origin,
    page: (path, html) => {
      pages.set(path, html);
      return `${origin}${path}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A bare shop page around some body HTML. */
export function shopPage(body: string, head = ''): string {
  return `<!doctype html>
<html lang="ru">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Магазин «Канцтовары»</title>${head}</head>
<body>
<main>
<h1>Бумага офисная А4</h1>
${body}
</main>
</body>
</html>`;
}
