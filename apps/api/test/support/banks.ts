import { PARTNER_BANKS } from '@b2bpay/domain';
import { type BankCredentials, createBank } from '../../src/modules/banks';
import { lastCodeFromOutbox } from './buyer';
import type { TestApp } from './test-app';

/**
 * Partner banks for an API test: the three sandbox banks' ids and names, registered as sandbox banks are
 * (keys and secrets of their own), reached at `endpoint` (by default a closed port: what is sent to
 * them fails and waits for its retry, which these tests play by hand through the bank API).
 */
export async function seedBanks(
  t: TestApp,
  endpoint: (id: string) => string = () => 'http://127.0.0.1:9/closed',
  slaSeconds?: number,
): Promise<Record<string, BankCredentials>> {
  const out: Record<string, BankCredentials> = {};
  for (const b of PARTNER_BANKS) {
    out[b.id] = await createBank(
      t.db,
      {
        id: b.id,
        name: b.name,
        endpointUrl: endpoint(b.id),
        // They stand in for the sandbox: test orders (the demo shop's) reach them, and live ones too.
        sandbox: true,
        ...(slaSeconds ? { decisionSlaSeconds: slaSeconds } : {}),
      },
      t.clock.now(),
    );
  }
  return out;
}

let keyCounter = 0;

/** One bank API call with the bank's key (and a fresh Idempotency-Key on a POST unless one is given). */
export function bankCall(
  t: TestApp,
  creds: BankCredentials | { api_key: string },
  method: 'GET' | 'POST',
  path: string,
  payload?: object,
  idempotencyKey: string | null = method === 'POST' ? `k-${++keyCounter}` : null,
) {
  return t.app.inject({
    method,
    url: `/api/bank/v1${path}`,
    headers: {
      authorization: `Bearer ${creds.api_key}`,
      ...(idempotencyKey === null ? {} : { 'idempotency-key': idempotencyKey }),
    },
    ...(payload === undefined ? {} : { payload }),
  });
}

/** The order's application at `bank`. */
export async function applicationId(t: TestApp, orderId: string, bank: string): Promise<string> {
  const rows = await t.db.query<{ id: string }>(
    'SELECT id FROM bank_applications WHERE order_id = $1 AND bank = $2',
    [orderId, bank],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error(`no application of ${orderId} at ${bank}`);
  return id;
}

/** Two offers as the sandbox makes them: a 30-day deferral and six monthly instalments. */
export function sampleOffers(amountKopecks: number, validUntil: Date) {
  const deferralFee = Math.round((amountKopecks * 190) / 10_000);
  const instalmentFee = Math.round((amountKopecks * 650) / 10_000);
  const monthly = Math.ceil((amountKopecks + instalmentFee) / 6);
  return [
    {
      id: 'd30',
      kind: 'deferral',
      term_days: 30,
      fee: deferralFee / 100,
      valid_until: validUntil.toISOString(),
    },
    {
      id: 'i6',
      kind: 'instalments',
      term_months: 6,
      fee: instalmentFee / 100,
      monthly_payment: monthly / 100,
      valid_until: validUntil.toISOString(),
    },
  ];
}

/** The bank approves the order's application with the sample offers, valid for a week. */
export async function approve(t: TestApp, creds: BankCredentials, orderId: string) {
  const id = await applicationId(t, orderId, creds.bank.id);
  const order = (await t.app.inject({ method: 'GET', url: `/api/order/orders/${orderId}` })).json();
  const amountKopecks = Math.round(order.amount * 100);
  const week = new Date(t.clock.now().getTime() + 7 * 86_400_000);
  const res = await bankCall(t, creds, 'POST', `/applications/${id}/decision`, {
    decision: 'approved',
    offers: sampleOffers(amountKopecks, week),
  });
  if (res.statusCode !== 200) throw new Error(`approve: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function reject(t: TestApp, creds: BankCredentials, orderId: string) {
  const id = await applicationId(t, orderId, creds.bank.id);
  const res = await bankCall(t, creds, 'POST', `/applications/${id}/decision`, { decision: 'rejected' });
  if (res.statusCode !== 200) throw new Error(`reject: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** The buyer picks the order's first offer (or the given one) and signs it with the SMS code. */
export async function signOffer(t: TestApp, orderId: string, offerIndex = 0) {
  const order = (await t.app.inject({ method: 'GET', url: `/api/order/orders/${orderId}` })).json();
  const offer = order.offers?.[offerIndex];
  if (!offer) throw new Error(`no offer ${offerIndex} on ${orderId}: ${JSON.stringify(order.offers)}`);
  const clientId = order.client.id as number;
  // The outbox is read newest first by time: the signing code must not share the step-2 codes' moment.
  t.clock.advance(1000);
  const sent = await t.app.inject({
    method: 'POST',
    url: `/api/order/orders/${orderId}/offers/${offer.id}/code`,
    payload: { client_id: clientId },
  });
  if (sent.statusCode !== 200) throw new Error(`offer code: ${sent.statusCode} ${sent.body}`);
  const phone = await t.db.query<{ phone_number: string }>('SELECT phone_number FROM clients WHERE id = $1', [
    clientId,
  ]);
  const code = await lastCodeFromOutbox(t, phone[0]?.phone_number ?? '');
  const accepted = await t.app.inject({
    method: 'POST',
    url: `/api/order/orders/${orderId}/offers/${offer.id}/accept`,
    payload: { client_id: clientId, sms_code_input: code },
  });
  if (accepted.statusCode !== 200) throw new Error(`accept: ${accepted.statusCode} ${accepted.body}`);
  return { offer, order: accepted.json() };
}

/** The bank pays the order's amount. */
export async function pay(t: TestApp, creds: BankCredentials, orderId: string, reference = 'SEVER-000001') {
  const id = await applicationId(t, orderId, creds.bank.id);
  const order = (await t.app.inject({ method: 'GET', url: `/api/order/orders/${orderId}` })).json();
  const res = await bankCall(t, creds, 'POST', `/applications/${id}/payment`, {
    amount: order.amount,
    reference,
    paid_at: t.clock.now().toISOString(),
  });
  if (res.statusCode !== 200) throw new Error(`pay: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A submitted order through approval, the buyer's signature and the bank's payment to payment_sent. */
export async function approveSignAndPay(t: TestApp, banks: Record<string, BankCredentials>, orderId: string) {
  const sever = banks.sever;
  if (!sever) throw new Error('seedBanks first');
  await approve(t, sever, orderId);
  await signOffer(t, orderId);
  await pay(t, sever, orderId);
}

export interface StoredBankMessage {
  bank: string;
  type: string;
  status: string;
  /** The signed body as sent: `{type, timestamp, data}`. */
  body: { type: string; timestamp: string; data: Record<string, unknown> };
}

/**
 * The messages stored for the banks about the order (of one type, when given), oldest first; those
 * of one moment by bank, and in no set order within one bank (their ids are random).
 */
export async function bankMessages(t: TestApp, orderId: string, type?: string): Promise<StoredBankMessage[]> {
  const rows = await t.db.query<{ bank: string; type: string; status: string; body: string }>(
    `SELECT m.bank, m.type, m.status, m.body FROM bank_messages m
       JOIN bank_applications a ON a.id = m.application_id
      WHERE a.order_id = $1 AND ($2::text IS NULL OR m.type = $2)
      ORDER BY m.created_at, m.bank, m.id`,
    [orderId, type ?? null],
  );
  return rows.map((r) => ({ bank: r.bank, type: r.type, status: r.status, body: JSON.parse(r.body) }));
}

/** The paying bank confirms a refund (its answer to refund.created) with its document's reference. */
export function confirmRefund(t: TestApp, creds: BankCredentials, refundId: string, reference: string) {
  return bankCall(t, creds, 'POST', `/refunds/${refundId}/confirmation`, { reference });
}
