import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  ms = 30_000,
  everyMs = 50,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((done) => setTimeout(done, everyMs));
  }
}

export const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** Full paths and methods from `app.printRoutes({ commonPrefix: false })`. */
export function routesOf(printed: string): { path: string; methods: string[] }[] {
  const out: { path: string; methods: string[] }[] = [];
  const stack: string[] = [];
  for (const line of printed.split('\n')) {
    const at = line.indexOf('── ');
    if (at < 0) continue;
    const level = Math.round(at / 4);
    const match = /^(.*?)(?: \(([^)]*)\))?$/.exec(line.slice(at + 3).trim());
    const segment = match?.[1] ?? '';
    stack.length = level;
    const path = `${stack.join('')}${segment}`;
    stack.push(segment);
    if (match?.[2]) out.push({ path, methods: match[2].split(',').map((m) => m.trim()) });
  }
  return out;
}

export interface Received {
  id: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A webhook receiver as a careful shop writes one: it verifies the Standard Webhooks signature,
 * applies each `webhook-id` once (a repeat is acknowledged, not applied again) and answers 2xx.
 * `delayMs` holds answers (to be killed mid-request); `down()`/`up()` close and reopen the port.
 */
export async function startDedupReceiver(
  secret: string,
  options: { delayMs?: () => number; port?: number; now?: () => Date } = {},
) {
  const applied = new Map<string, unknown>();
  const requests: Received[] = [];
  let badSignatures = 0;
  const verifier = new Webhook(secret);
  const now = options.now;
  if (now) {
    // The 5-minute timestamp tolerance against the test's clock, not the wall clock.
    Object.assign(verifier, {
      verifyTimestamp(header: string) {
        const seconds = Number(header);
        if (!Number.isFinite(seconds) || Math.abs(now().getTime() / 1000 - seconds) > 300)
          throw new Error('stale');
        return new Date(seconds * 1000);
      },
    });
  }
  const handler = (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      const id = String(req.headers['webhook-id']);
      requests.push({ id, headers: req.headers, body });
      let payload: unknown;
      try {
        payload = verifier.verify(body, req.headers as Record<string, string>);
      } catch {
        badSignatures += 1;
        res.writeHead(400).end('bad signature');
        return;
      }
      const answer = () => {
        if (!applied.has(id)) applied.set(id, payload);
        if (!res.destroyed) res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      };
      const delay = options.delayMs?.() ?? 0;
      if (delay > 0) setTimeout(answer, delay);
      else answer();
    });
  };
  let server: Server = createServer(handler);
  await new Promise<void>((done) => server.listen(options.port ?? 0, '127.0.0.1', done));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/b2bpay`,
    port,
    applied,
    requests,
    get badSignatures() {
      return badSignatures;
    },
    /** Ids received more than once (at-least-once delivery: the receiver deduplicates them). */
    duplicates() {
      const counts = new Map<string, number>();
      for (const r of requests) counts.set(r.id, (counts.get(r.id) ?? 0) + 1);
      return [...counts.values()].filter((n) => n > 1).length;
    },
    async down() {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
    async up() {
      server = createServer(handler);
      await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
    },
    async close() {
      if (!server.listening) return;
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

/** A loopback port that nothing listens on (taken, then released). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}
