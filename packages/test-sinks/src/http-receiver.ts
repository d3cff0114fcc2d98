import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  headers: IncomingHttpHeaders;
  body: string;
}

export interface HttpReceiver {
  url: string;
  requests: ReceivedRequest[];
  /** The status the next requests are answered with (200 at first): a failing endpoint on demand. */
  answerWith: (status: number) => void;
  close: () => Promise<void>;
}

/** A loopback HTTP receiver that answers 200 and keeps every request (SMS gateway, webhook endpoint). */
export async function startHttpReceiver(path = '/'): Promise<HttpReceiver> {
  const requests: ReceivedRequest[] = [];
  let status = 200;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      requests.push({ headers: req.headers, body });
      res.writeHead(status, { 'content-type': 'application/json' }).end(`{"ok":${status === 200}}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    requests,
    answerWith: (next) => {
      status = next;
    },
    // Keep-alive sockets of the sender would hold close() open.
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
