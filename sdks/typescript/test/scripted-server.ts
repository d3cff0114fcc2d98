import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** What the scripted server does with one request: answer, or drop the connection without a word. */
export type Reply = { status: number; headers?: Record<string, string>; body?: string } | 'drop';

/** A local HTTP server answering from a script, one reply per request, recording each request. */
export async function startScriptedServer(replies: Reply[]) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const reply = replies.shift() ?? { status: 500, body: 'no reply scripted' };
      if (reply === 'drop') {
        req.socket.destroy();
        return;
      }
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      res.end(reply.body ?? '{}');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}
