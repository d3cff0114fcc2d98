import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  DEMO_SHOP,
  type Order,
  type OrderCreate,
  type OrderStatus,
  type ProductCreate,
  type StatusHistoryEntry,
} from '@b2bpay/domain';
import { WEB_DIR } from './paths';
import { type RunningServer, startServer } from './server';
import {
  eventually,
  type HttpReceiver,
  type SmtpSink,
  sixDigits,
  startHttpReceiver,
  startSmtpSink,
} from './sinks';

/**
 * A server of its own for the buyer's browser tests: codes go to a local SMTP sink and SMS receiver
 * (so the tests read them the way a buyer would), bank decisions come after a short delay.
 */
export interface BuyerServer {
  baseUrl: string;
  server: RunningServer;
  smtp: SmtpSink;
  sms: HttpReceiver;
  /** The newest SMS code sent to the phone (+7XXXXXXXXXX), after `after` messages to it. */
  smsCode: (phone: string, after?: number) => Promise<string>;
  /** The newest e-mail code sent to the address, after `after` messages to it. */
  emailCode: (email: string, after?: number) => Promise<string>;
  smsCount: (phone: string) => number;
  mailCount: (email: string) => number;
  /** An order of the demo shop; `extra`: more of the creation's fields (return_url, cancel_url…). */
  createOrder: (products?: ProductCreate[], extra?: Partial<OrderCreate>) => Promise<Order>;
  /** The order as the shop sees it (its own key). */
  shopOrder: (orderId: string) => Promise<Order>;
  /** The shop returns `amount` roubles of a paid order (POST …/refunds). */
  refund: (orderId: string, amount: number, reason: string) => Promise<void>;
  /** The order's status history as its shop reads it (GET …/history): every move, oldest first. */
  orderStatuses: (orderId: string) => Promise<OrderStatus[]>;
  stop: () => Promise<void>;
}

export interface BuyerServerOptions {
  decisionDelayMs?: number;
  paymentDelayMs?: number;
}

function smsTo(receiver: HttpReceiver, phone: string): string[] {
  return receiver.requests.flatMap((request) => {
    const body = JSON.parse(request.body) as { to?: string; text?: string };
    return body.to === phone && body.text ? [body.text] : [];
  });
}

function mailTo(sink: SmtpSink, email: string): string[] {
  return sink.mails
    .filter((mail) => mail.to.toLowerCase().includes(email.toLowerCase()))
    .map((mail) => mail.text);
}

/** Whether a copied build is whole: index.html and every script it names. */
function isWholeBuild(dir: string): boolean {
  const index = path.join(dir, 'index.html');
  if (!existsSync(index)) return false;
  const scripts = [...readFileSync(index, 'utf8').matchAll(/(?:src|href)="\/(static\/js\/[^"]+)"/g)];
  return scripts.length > 0 && scripts.every((match) => existsSync(path.join(dir, match[1] ?? '')));
}

async function copyBuiltApp(): Promise<string> {
  for (let attempt = 0; attempt < 30; attempt++) {
    const dir = mkdtempSync(path.join(tmpdir(), 'b2bpay-e2e-web-'));
    cpSync(path.join(WEB_DIR, 'dist'), dir, { recursive: true });
    if (isWholeBuild(dir)) return dir;
    // Caught in the middle of a rebuild: try again shortly.
    rmSync(dir, { recursive: true, force: true });
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error('apps/web/dist is missing or incomplete; run npm run build -w @b2bpay/web');
}

export async function startBuyerServer(options: BuyerServerOptions = {}): Promise<BuyerServer> {
  const smtp = await startSmtpSink();
  const sms = await startHttpReceiver('/sms');
  // A private copy of the built app: a rebuild of apps/web/dist during the run (another suite, a
  // developer) must not swap the script parts under an open page.
  const webDist = await copyBuiltApp();
  const server = await startServer({
    WEB_DIST: webDist,
    SMTP_URL: smtp.url,
    SMS_PROVIDER: 'http',
    SMS_HTTP_URL: sms.url,
    SANDBOX_DECISION_DELAY_MS: String(options.decisionDelayMs ?? 60_000),
    SANDBOX_PAYMENT_DELAY_MS: String(options.paymentDelayMs ?? 600_000),
    WORKER_POLL_MS: '100',
  });
  const baseUrl = server.baseUrl;

  const api = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    const response = await fetch(`${baseUrl}${path}`, {
      ...init,
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${DEMO_SHOP.secretKey}`,
        ...init.headers,
      },
    });
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };

  return {
    baseUrl,
    server,
    smtp,
    sms,
    smsCount: (phone) => smsTo(sms, phone).length,
    mailCount: (email) => mailTo(smtp, email).length,
    smsCode: async (phone, after = 0) =>
      sixDigits(await eventually(() => smsTo(sms, phone)[after], `SMS #${after + 1} to ${phone}`)),
    emailCode: async (email, after = 0) =>
      sixDigits(await eventually(() => mailTo(smtp, email)[after], `e-mail #${after + 1} to ${email}`)),
    createOrder: (
      products = [{ name: 'Бумага офисная А4, 500 листов', price: 450.5, quantity: 10 }],
      extra = {},
    ) => api<Order>('/api/order/orders', { method: 'POST', body: JSON.stringify({ ...extra, products }) }),
    shopOrder: (orderId) => api<Order>(`/api/order/orders/${orderId}`),
    refund: async (orderId, amount, reason) => {
      await api(`/api/order/orders/${orderId}/refunds`, {
        method: 'POST',
        body: JSON.stringify({ amount, reason }),
      });
    },
    orderStatuses: async (orderId) => {
      const history = await api<StatusHistoryEntry[]>(`/api/order/orders/${orderId}/history`);
      return [...history]
        .sort((a, b) => a.created_at.localeCompare(b.created_at))
        .map((entry) => entry.to_status);
    },
    stop: async () => {
      await server.stop();
      await Promise.all([smtp.close(), sms.close()]);
      rmSync(webDist, { recursive: true, force: true });
    },
  };
}
