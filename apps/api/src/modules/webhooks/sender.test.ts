import type { LookupAddress } from 'node:dns';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sendWebhook } from './sender';
import { PRIVATE_ADDRESS_MESSAGE, type Resolver } from './ssrf-guard';

/**
 * A receiver that counts connections and lets each test decide what happens to a request; a new one
 * (a new port, so a new origin and agent) for each test, so no connection is kept from the last.
 */
let server: http.Server;
let port = 0;
const connections = new Set<Socket>();
let connectionCount = 0;
let requests: { connection: number; body: string }[] = [];
let onRequest: (req: http.IncomingMessage, res: http.ServerResponse, n: number) => void = (_req, res) =>
  res.writeHead(200).end('ok');

beforeEach(async () => {
  requests = [];
  onRequest = (_req, res) => res.writeHead(200).end('ok');
  server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      requests.push({ connection: (req.socket as Socket & { n: number }).n, body });
      onRequest(req, res, requests.length);
    });
  });
  server.on('connection', (socket: Socket & { n?: number }) => {
    connectionCount += 1;
    socket.n = connectionCount;
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
});
afterEach(async () => {
  for (const socket of connections) socket.destroy();
  await new Promise<void>((done) => server.close(() => done()));
});

const send = (body: string, options: { url?: string; allowPrivate?: boolean; resolve?: Resolver } = {}) =>
  sendWebhook({
    url: options.url ?? `http://127.0.0.1:${port}/hook`,
    headers: { 'content-type': 'application/json' },
    body,
    timeoutMs: 5000,
    allowPrivate: options.allowPrivate ?? true,
    ...(options.resolve ? { resolve: options.resolve } : {}),
  });

describe('the webhook sender', () => {
  it('sends consecutive deliveries to one receiver over one kept-alive connection', async () => {
    const first = connectionCount;
    for (const body of ['{"n":1}', '{"n":2}', '{"n":3}']) {
      expect(await send(body)).toMatchObject({ ok: true, statusCode: 200, error: null });
    }
    expect(requests.map((r) => r.body)).toEqual(['{"n":1}', '{"n":2}', '{"n":3}']);
    expect(connectionCount - first).toBe(1);
    expect(new Set(requests.map((r) => r.connection)).size).toBe(1);
  });

  it('sends once more on a new connection when a kept one turns out closed', async () => {
    expect((await send('{"n":1}')).ok).toBe(true);
    // The receiver drops the kept connection as the second request arrives on it, unanswered.
    onRequest = (req, res, n) => {
      if (n === 2) req.socket.destroy();
      else res.writeHead(200).end('ok');
    };
    expect(await send('{"n":2}')).toMatchObject({ ok: true, statusCode: 200, error: null });
    expect(requests.map((r) => r.body)).toEqual(['{"n":1}', '{"n":2}', '{"n":2}']);
    const [a, b, c] = requests.map((r) => r.connection);
    expect(a).toBe(b);
    expect(c).not.toBe(b);
  });

  it('does not send again when a new connection fails', async () => {
    onRequest = (req) => req.socket.destroy();
    const result = await send('{"n":1}');
    expect(result).toMatchObject({ ok: false, statusCode: null });
    expect(result.error).toContain('ECONNRESET');
    expect(requests).toHaveLength(1);
  });

  it('runs the SSRF guard for every new connection: a name that resolves inside is refused each time', async () => {
    const asked: string[] = [];
    const resolve: Resolver = async (host) => {
      asked.push(host);
      return [{ address: '127.0.0.1', family: 4 } satisfies LookupAddress];
    };
    // A kept connection to the very address exists, opened without the guard.
    expect((await send('{"open":true}')).ok).toBe(true);
    for (let i = 0; i < 3; i++) {
      const refused = await send('{"guarded":true}', {
        url: `http://hooks.shop.example:${port}/hook`,
        allowPrivate: false,
        resolve,
      });
      expect(refused).toMatchObject({ ok: false, statusCode: null });
      expect(refused.error).toContain(PRIVATE_ADDRESS_MESSAGE);
    }
    expect(asked).toEqual(['hooks.shop.example', 'hooks.shop.example', 'hooks.shop.example']);
    expect(requests.map((r) => r.body)).toEqual(['{"open":true}']);
  });
});
