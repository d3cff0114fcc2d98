import { request as httpsRequest } from 'node:https';
import { PARTNER_BANKS } from '@b2bpay/domain';
import { type SandboxServer, startSandboxServer } from '@b2bpay/sandbox-bank';
import type { Database } from '../../../src/db/database';
import { createBank } from '../../../src/modules/banks';
import { freePort } from './helpers';

/**
 * fetch over node:https that trusts `ca` (the site's self-signed certificate) and calls from
 * `localAddress`: how a bank outside reaches the site through nginx. Only what the sandbox bank's
 * client uses: method, headers, a string body and an abort signal.
 */
export function siteFetch(ca: string, localAddress: string): typeof fetch {
  const fetchThroughSite = (input: string | URL | Request, init: RequestInit = {}) =>
    new Promise<Response>((resolve, reject) => {
      const request = httpsRequest(
        String(input),
        {
          method: init.method ?? 'GET',
          headers: init.headers as Record<string, string> | undefined,
          ca,
          localAddress,
          agent: false,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const headers = new Headers();
            for (const [name, value] of Object.entries(response.headers)) {
              if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
            }
            const status = response.statusCode ?? 0;
            const body = status === 204 || status === 304 ? null : Buffer.concat(chunks);
            resolve(new Response(body, { status, headers }));
          });
        },
      );
      init.signal?.addEventListener('abort', () => request.destroy(new Error('aborted')), { once: true });
      request.on('error', reject);
      request.end(typeof init.body === 'string' ? init.body : undefined);
    });
  return fetchThroughSite as typeof fetch;
}

/** The banks' newest log lines kept for a failure's message. */
const LOG_LINES = 300;

export interface OutsideBanks {
  servers: SandboxServer[];
  /** What the banks logged last (decisions, payments, retries), for a failure's message. */
  log: () => string;
  close: () => Promise<void>;
}

/**
 * The three sandbox banks as outside systems: each on a server and port of its own, registered in
 * B2BPay as production banks are (createBank, its endpoint that server), calling the bank API through
 * the site from an address of its own (127.0.0.201…), as banks on their own hosts do. Killing an API
 * process then never loses what a bank has scheduled, and each bank's calls count against its own
 * address's limit.
 */
export async function startOutsideBanks(
  db: Database,
  site: { url: string; ca: string; decisionDelayMs: number; paymentDelayMs: number },
): Promise<OutsideBanks> {
  const lines: string[] = [];
  const servers: SandboxServer[] = [];
  for (const [index, partner] of PARTNER_BANKS.entries()) {
    const port = await freePort();
    const credentials = await createBank(
      db,
      {
        id: partner.id,
        name: partner.name,
        endpointUrl: `http://127.0.0.1:${port}/sandbox-bank/${partner.id}`,
        sandbox: true,
      },
      new Date(),
    );
    servers.push(
      await startSandboxServer({
        port,
        apiBaseUrl: site.url,
        banks: [{ id: partner.id, apiKey: credentials.api_key, signingSecret: credentials.signing_secret }],
        decisionDelayMs: site.decisionDelayMs,
        paymentDelayMs: site.paymentDelayMs,
        fetch: siteFetch(site.ca, `127.0.0.${201 + index}`),
        log: (message, extra) => {
          lines.push(`${partner.id}: ${message} ${extra ? JSON.stringify(extra) : ''}`);
          if (lines.length > LOG_LINES) lines.shift();
        },
      }),
    );
  }
  return {
    servers,
    log: () => lines.join('\n'),
    close: async () => {
      await Promise.all(servers.map((server) => server.close()));
    },
  };
}
