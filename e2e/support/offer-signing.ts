import type { Order } from '@b2bpay/domain';

/**
 * The buyer's signature of a bank's offer through the buyer API (DESIGN §13), for the shop-area
 * tests that need an order paid: since the bank protocol, the sandbox bank pays only after the
 * buyer has signed one of its offers with an SMS code. The code is read from the development outbox
 * (/dev/outbox.json), the way the shop server's other helpers read the buyer's codes.
 */
export interface SigningServer {
  /** A call to the server; `auth: false` goes without the shop's key, as the buyer does. */
  api: <T>(path: string, init?: RequestInit, auth?: boolean) => Promise<T>;
  /** The order as its shop sees it: the buyer's phone unmasked, the offers. */
  shopOrder: (orderId: string) => Promise<Order>;
}

interface OutboxNotification {
  id: string;
  kind: string;
  recipient: string;
  order_id: string | null;
  body: string;
}

const POLL_MS = 100;
const pause = () => new Promise((resolve) => setTimeout(resolve, POLL_MS));

const outbox = async (server: SigningServer) =>
  (await server.api<{ notifications: OutboxNotification[] }>('/dev/outbox.json', {}, false)).notifications;

async function codeIds(server: SigningServer, phone: string): Promise<Set<string>> {
  const codes = (await outbox(server)).filter((n) => n.recipient === phone && n.kind === 'code');
  return new Set(codes.map((n) => n.id));
}

/**
 * The first code to `phone` about the order that was not in the outbox before (`seen`): the step-2
 * codes went to the same phone, and the outbox lists only the newest messages, so counting them
 * would not tell the new one apart.
 */
async function newCode(server: SigningServer, orderId: string, phone: string, seen: Set<string>) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const found = (await outbox(server)).find(
      (n) => n.recipient === phone && n.kind === 'code' && n.order_id === orderId && !seen.has(n.id),
    );
    const code = /\b(\d{6})\b/.exec(found?.body ?? '')?.[1];
    if (code) return code;
    await pause();
  }
  throw new Error(`no signing code for ${phone} in /dev/outbox.json`);
}

/** The order once the banks' offers are there (a bank approved), polled up to `timeoutMs`. */
async function withOffers(server: SigningServer, orderId: string, count: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let last: Order | undefined;
  while (Date.now() < deadline) {
    last = await server.shopOrder(orderId);
    if (last.status === 'app_approved' && (last.offers?.length ?? 0) >= count) return last;
    await pause();
  }
  throw new Error(
    `order ${orderId} has no offer #${count} (${last?.status}, ${last?.offers?.length} offers)`,
  );
}

/**
 * The buyer signs the order's offer number `index` (0: the first the order lists): waits for a
 * bank's approval, asks for the signing code, reads it, accepts. Resolves with the signed order
 * (still app_approved, `accepted_offer` set); the sandbox bank pays after its payment delay.
 */
export async function signOffer(
  server: SigningServer,
  orderId: string,
  { index = 0, timeoutMs = 30_000 }: { index?: number; timeoutMs?: number } = {},
): Promise<Order> {
  const order = await withOffers(server, orderId, index + 1, timeoutMs);
  const offer = order.offers?.[index];
  const clientId = order.client?.id;
  const phone = order.client?.phone_number;
  if (!offer || !clientId || !phone)
    throw new Error(`order ${orderId}: no offer, client or phone to sign with`);
  const path = `/api/order/orders/${orderId}/offers/${offer.id}`;
  const seen = await codeIds(server, phone);
  await server.api(`${path}/code`, { method: 'POST', body: JSON.stringify({ client_id: clientId }) }, false);
  const code = await newCode(server, orderId, phone, seen);
  return server.api<Order>(
    `${path}/accept`,
    { method: 'POST', body: JSON.stringify({ client_id: clientId, sms_code_input: code }) },
    false,
  );
}
