import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { configFromEnv } from './env';
import { createSandboxBank, type SandboxBank, type SandboxBankOptions } from './sandbox-bank';

export interface SandboxServerOptions extends SandboxBankOptions {
  /** 0 picks a free port. */
  port: number;
  host?: string;
}

export interface SandboxServer {
  /** e.g. http://127.0.0.1:4100; B2BPay delivers to `${url}/sandbox-bank/<bankId>`. */
  url: string;
  bank: SandboxBank;
  /** Stops taking connections and cancels the banks' scheduled work. */
  close(): Promise<void>;
}

/** Bodies above this are refused (413): B2BPay's messages are a few kilobytes. */
const MAX_BODY_BYTES = 1024 * 1024;
const ROUTE = /^\/sandbox-bank\/([^/?#]+)\/?(?:\?.*)?$/;

/** The sandbox banks behind node:http: `POST /sandbox-bank/:bankId`, the body read as raw bytes. */
export async function startSandboxServer(options: SandboxServerOptions): Promise<SandboxServer> {
  const { port, host = '127.0.0.1', ...bankOptions } = options;
  const bank = createSandboxBank(bankOptions);
  const server = createServer((request, response) => {
    serve(bank, request, response).catch((error: unknown) => {
      if (!response.headersSent) reply(response, 500, { error: 'internal', detail: String(error) });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}`,
    bank,
    close: async () => {
      bank.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
    },
  };
}

async function serve(bank: SandboxBank, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const match = ROUTE.exec(request.url ?? '');
  if (!match?.[1]) return reply(response, 404, { error: 'not_found' });
  if (request.method !== 'POST') return reply(response, 405, { error: 'method_not_allowed' });
  const body = await readBody(request);
  if (!body) return reply(response, 413, { error: 'body_too_large' });
  const answer = await bank.handle(decodeURIComponent(match[1]), request.headers, body);
  reply(response, answer.status, answer.body);
}

async function readBody(request: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

function reply(response: ServerResponse, status: number, body: object): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** `tsx apps/sandbox-bank/src/server.ts`: settings from the environment (env.ts), stops on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  const config = configFromEnv(process.env);
  const server = await startSandboxServer({
    apiBaseUrl: config.apiBaseUrl,
    banks: config.banks,
    decisionDelayMs: config.decisionDelayMs,
    paymentDelayMs: config.paymentDelayMs,
    port: config.port,
    host: config.host,
  });
  console.log(
    `listening on ${server.url} (banks: ${server.bank.bankIds.join(', ')}; B2BPay at ${config.apiBaseUrl})`,
  );
  const stop = () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
