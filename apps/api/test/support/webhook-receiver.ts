import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedHook {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A local webhook receiver that answers 200 and keeps what it got. */
export async function startWebhookReceiver(path = '/hook') {
  const received: ReceivedHook[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    /** The event types received, in arrival order. */
    events: () => received.map((r) => (JSON.parse(r.body) as { event: string }).event),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

/** Standard Webhooks verification of a received request with `secret`, as a shop does it; throws when it fails. */
export function verifyHook(secret: string, r: ReceivedHook): Record<string, unknown> {
  return new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as Record<string, unknown>;
}
