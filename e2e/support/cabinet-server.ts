import { type SmtpSink, startSmtpSink } from '@b2bpay/test-sinks';
import { inject } from 'vitest';
import { type RunningServer, startServer } from './server';
import { eventually } from './sinks';

/**
 * A server of its own for the personal cabinet's browser tests: the cabinet's letters (confirmation,
 * reset, invitation) go to a loopback SMTP sink, and the links in them point at this server.
 */
export interface CabinetServer {
  baseUrl: string;
  server: RunningServer;
  smtp: SmtpSink;
  /** The link to `path` (e.g. /cabinet/confirm) in the `nth` letter to `email` that has one. */
  linkFor: (email: string, path: string, nth?: number) => Promise<string>;
  /** Letters to `email` so far. */
  mailCount: (email: string) => number;
  /** A confirmed owner with a new shop, made through the API as the pages would: sign-up, letter, confirm. */
  registerOwner: (email: string, password: string) => Promise<{ shopId: string; secretKey: string }>;
  stop: () => Promise<void>;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

let counter = 0;
/** An address no other test of the run uses. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now() % 1_000_000}-${counter}@example.ru`;
}

export async function startCabinetServer(): Promise<CabinetServer> {
  const smtp = await startSmtpSink();
  const server = await startServer({
    WEB_DIST: inject('webDist'),
    SMTP_URL: smtp.url,
    WORKER_POLL_MS: '100',
  });
  const baseUrl = server.baseUrl;
  const lettersTo = (email: string) =>
    smtp.mails.filter((mail) => mail.to.toLowerCase().includes(email.toLowerCase()));

  async function linkFor(email: string, path: string, nth = 0): Promise<string> {
    const pattern = new RegExp(`${escapeRegExp(baseUrl)}${escapeRegExp(path)}\\?token=[A-Za-z0-9_-]+`, 'g');
    return eventually(() => {
      const links = lettersTo(email).flatMap((mail) => mail.text.match(pattern) ?? []);
      return links[nth];
    }, `a letter to ${email} with ${path}`);
  }

  async function post<T>(path: string, body: unknown): Promise<T> {
    const response = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  return {
    baseUrl,
    server,
    smtp,
    linkFor,
    mailCount: (email) => lettersTo(email).length,
    async registerOwner(email, password) {
      await post('/api/cabinet/signup', {
        email,
        password,
        name: 'Анна Смирнова',
        company: { inn: '7707083893' },
      });
      const link = new URL(await linkFor(email, '/cabinet/confirm'));
      const confirmed = await post<{ created_shop: { id: string; secret_key: string } }>(
        '/api/cabinet/confirm',
        {
          token: link.searchParams.get('token'),
        },
      );
      return { shopId: confirmed.created_shop.id, secretKey: confirmed.created_shop.secret_key };
    },
    stop: async () => {
      await server.stop();
      await smtp.close();
    },
  };
}
