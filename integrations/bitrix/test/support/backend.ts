import type { AddressInfo } from 'node:net';
import { type DbKind, newShop, startTestApp, type TestApp } from '../../../../apps/api/test/support/test-app';
import { startSandboxBanks } from './sandbox-banks';

/** A JSON answer of B2BPay's API. */
export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field in the test
  body: any;
}

/**
 * The B2BPay server the Bitrix site talks to: started in-process on a test database (with its own
 * shop, a clock the test moves and a worker it runs), or one already running, named by
 * B2BPAY_BASE_URL with B2BPAY_SECRET_KEY and B2BPAY_WEBHOOK_SECRET of a shop on it (a development
 * server: it must send webhooks to loopback, WEBHOOK_ALLOW_PRIVATE=true, show one-time codes at
 * /dev/outbox.json, and allow a few hundred requests a minute, RATE_LIMIT_PER_MINUTE=1000).
 */
export interface Backend {
  description: string;
  baseUrl: string;
  secretKey: string;
  webhookSecret: string;
  /** The shop's API (its secret key), or a buyer's public call with `auth: false`. */
  api(method: string, path: string, body?: unknown, auth?: boolean): Promise<Answer>;
  /** Runs B2BPay's background work due now (webhooks, bank jobs); a running server does it itself. */
  deliver(): Promise<void>;
  /**
   * The sandbox banks work until the order is `status`: the clock moved, or waited for. They decide
   * by themselves; they pay only once the buyer has signed an offer (signFirstOffer).
   */
  settle(orderId: string, status: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Polls `check` until it returns a value, up to `ms` (a running server works at its own pace). Every
 * `everyMs`: a check that calls the API counts against the server's rate limit.
 */
export async function until<T>(
  what: string,
  check: () => Promise<T | undefined>,
  ms = 60_000,
  everyMs = 250,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

function caller(baseUrl: string, secretKey: () => string) {
  return async (method: string, path: string, body?: unknown, auth = true): Promise<Answer> => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(auth ? { authorization: `Bearer ${secretKey()}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text === '' ? null : JSON.parse(text) };
  };
}

export function externalBackend(): Backend | null {
  const baseUrl = process.env.B2BPAY_BASE_URL?.replace(/\/+$/, '');
  const secretKey = process.env.B2BPAY_SECRET_KEY;
  const webhookSecret = process.env.B2BPAY_WEBHOOK_SECRET;
  if (!baseUrl || !secretKey || !webhookSecret) return null;
  const api = caller(baseUrl, () => secretKey);
  return {
    description: `the B2BPay server at ${baseUrl}`,
    baseUrl,
    secretKey,
    webhookSecret,
    api,
    async deliver() {},
    async settle(orderId, status) {
      await until(
        `order ${orderId} to be ${status}`,
        async () =>
          (await api('GET', `/api/order/orders/${orderId}`)).body?.status === status ? true : undefined,
        180_000,
        1000,
      );
    },
    async close() {},
  };
}

export async function inProcessBackend(kind: DbKind): Promise<Backend> {
  const t: TestApp = await startTestApp(kind, { WEBHOOK_ALLOW_PRIVATE: 'true' });
  // Webhook timestamps come from the app's clock; the site checks them against its own (5 minutes).
  t.clock.set(new Date());
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const banks = await startSandboxBanks(t, baseUrl);
  const shop = await newShop(t, 'ООО «Ромашка» на 1С-Битрикс');
  const api = caller(baseUrl, () => shop.secret_key);
  return {
    description: `B2BPay in-process on ${kind}`,
    baseUrl,
    secretKey: shop.secret_key,
    webhookSecret: shop.webhook_secret,
    api,
    async deliver() {
      await t.worker.drain();
    },
    async settle(orderId, status) {
      // Each second: our messages to the banks go out (the worker), then the banks' answers due by
      // then come back over HTTP.
      let last = '';
      for (let second = 0; second < 30; second += 1) {
        await t.worker.drain();
        last = (await api('GET', `/api/order/orders/${orderId}`)).body?.status;
        if (last === status) break;
        t.clock.advance(1000);
        await banks.advance(1000);
      }
      await t.worker.drain();
      if (last !== status) throw new Error(`order ${orderId} stayed ${last}, not ${status}:\n${banks.log()}`);
    },
    close: async () => {
      await banks.close();
      await t.close();
    },
  };
}
