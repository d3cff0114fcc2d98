import { rmSync } from 'node:fs';
import { DEMO_SHOP, type Order, type ProductCreate } from '@b2bpay/domain';
import { type HttpReceiver, startHttpReceiver } from '@b2bpay/test-sinks';
import { snapshotWebDist } from './build-web';
import { signOffer } from './offer-signing';
import { type RunningServer, startServer } from './server';

/**
 * A server of its own for the shop area's live, statistics and settings tests: webhooks may go to
 * loopback (WEBHOOK_ALLOW_PRIVATE), retries are quick, the sandbox banks decide and pay after short
 * delays (paying once the buyer has signed an offer: signOffer), and the buyer's codes are read from
 * the development outbox (/dev/outbox.json). Its own
 * server also keeps key rotation away from the shared one's demo shop.
 */
export interface ShopServer {
  baseUrl: string;
  server: RunningServer;
  /** The shop's secret key now (rotation changes it). */
  token: () => string;
  setToken: (token: string) => void;
  api: <T>(path: string, init?: RequestInit) => Promise<T>;
  createOrder: (options?: { products?: ProductCreate[]; webhookUrl?: string }) => Promise<Order>;
  shopOrder: (orderId: string) => Promise<Order>;
  /** The buyer's part through the public API: link opened, step 1, both codes, step 2 submitted. */
  submitApplication: (orderId: string, email?: string) => Promise<void>;
  /**
   * The buyer signs the order's first offer (or offer `index`) with the SMS code, once a bank has
   * approved: only then does the sandbox bank pay (DESIGN §13). Resolves with the signed order.
   */
  signOffer: (orderId: string, index?: number) => Promise<Order>;
  /** Resolves with the time the order reached `status` (polled every 100 ms). */
  waitForStatus: (orderId: string, status: string, timeoutMs?: number) => Promise<number>;
  stop: () => Promise<void>;
}

export interface ShopServerOptions {
  decisionDelayMs?: number;
  paymentDelayMs?: number;
}

const STEP1 = {
  surname: 'Петров',
  name: 'Пётр',
  middlename: 'Петрович',
  inn: '7707083893',
  organization_name: 'ПАО «Сбербанк России»',
};

let counter = 0;
function contacts(prefix: string) {
  counter += 1;
  const n = `${Date.now() % 100_000}${counter}`.padStart(7, '0').slice(-7);
  return { phone: `+7901${n}`, email: `${prefix}${n}@example.ru` };
}

export async function startShopServer(options: ShopServerOptions = {}): Promise<ShopServer> {
  const webDist = snapshotWebDist();
  const server = await startServer({
    WEB_DIST: webDist,
    WEBHOOK_ALLOW_PRIVATE: 'true',
    WEBHOOK_RETRY_SCHEDULE: '500ms',
    WEBHOOK_TIMEOUT_MS: '2000',
    SANDBOX_DECISION_DELAY_MS: String(options.decisionDelayMs ?? 600_000),
    SANDBOX_PAYMENT_DELAY_MS: String(options.paymentDelayMs ?? 600_000),
    WORKER_POLL_MS: '100',
  });
  const baseUrl = server.baseUrl;
  let token: string = DEMO_SHOP.secretKey;

  async function call<T>(path: string, init: RequestInit = {}, auth = true): Promise<T> {
    const response = await fetch(`${baseUrl}${path}`, {
      ...init,
      headers: {
        'Content-Type': 'application/json',
        ...(auth ? { Authorization: `Bearer ${token}` } : {}),
        ...init.headers,
      },
    });
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  async function lastCode(recipient: string): Promise<string> {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const { notifications } = await call<{
        notifications: Array<{ recipient: string; kind: string; body: string }>;
      }>('/dev/outbox.json', {}, false);
      const found = notifications.find((n) => n.recipient === recipient && n.kind === 'code');
      const code = /\b(\d{6})\b/.exec(found?.body ?? '')?.[1];
      if (code) return code;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no code for ${recipient} in /dev/outbox.json`);
  }

  const patch = <T>(orderId: string, body: object) =>
    call<T>(`/api/order/orders/${orderId}/client`, { method: 'PATCH', body: JSON.stringify(body) }, false);

  const shopOrder = (orderId: string) => call<Order>(`/api/order/orders/${orderId}`);

  return {
    baseUrl,
    server,
    token: () => token,
    setToken: (next) => {
      token = next;
    },
    api: call,
    createOrder: ({ products, webhookUrl } = {}) =>
      call<Order>('/api/order/orders', {
        method: 'POST',
        body: JSON.stringify({
          products: products ?? [{ name: 'Бумага офисная А4, 500 листов', price: 450.5, quantity: 10 }],
          ...(webhookUrl ? { webhook_url: webhookUrl } : {}),
        }),
      }),
    shopOrder,
    async submitApplication(orderId, email) {
      const buyer = contacts('buyer');
      const address = email ?? buyer.email;
      // The buyer opens the link (the funnel's "link opened"), then fills in both steps.
      const seen = await call<{ version: number }>(`/api/order/orders/${orderId}`, {}, false);
      const client = await patch<{ id: number }>(orderId, STEP1);
      const phone = await patch<{ phone_number: string }>(orderId, {
        client_id: client.id,
        phone_number: buyer.phone,
      });
      const mail = await patch<{ email: string }>(orderId, { client_id: client.id, email: address });
      await patch(orderId, {
        client_id: client.id,
        ...STEP1,
        phone_number: buyer.phone,
        email: address,
        sms_code_input: await lastCode(phone.phone_number),
        email_code_input: await lastCode(mail.email),
        personal_data_consent: true,
        bank_transfer_consent: true,
        order_version: seen.version,
      });
    },
    signOffer: (orderId, index = 0) => signOffer({ api: call, shopOrder }, orderId, { index }),
    async waitForStatus(orderId, status, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      let last = '';
      while (Date.now() < deadline) {
        last = (await shopOrder(orderId)).status;
        if (last === status) return Date.now();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`order ${orderId} stayed ${last}, expected ${status}`);
    },
    stop: async () => {
      await server.stop();
      rmSync(webDist, { recursive: true, force: true });
    },
  };
}

export type WebhookReceiver = HttpReceiver;

/** A shop's webhook endpoint on loopback that keeps what it receives. */
export function startWebhookReceiver(): Promise<WebhookReceiver> {
  return startHttpReceiver('/webhooks/b2bpay');
}
