import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake of B2BPay's bank API (/api/bank/v1) on node:http, answering as the bank protocol says for the
 * calls the sandbox makes, recording each call, and able to fail the next N calls with a given status.
 */

export interface RecordedCall {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  body: unknown;
  status: number;
  /** Which bank the API key belongs to; null for an unknown key. */
  bankId: string | null;
  /** Answered by failNext rather than by the API's rules. */
  injectedFailure: boolean;
  answer: object;
}

interface WireOffer {
  id: string;
  kind: string;
  term_days: number | null;
  term_months: number | null;
  fee: number;
  monthly_payment: number | null;
  valid_until: string;
}

export interface FakeApplication {
  id: string;
  bankId: string;
  status: 'pending' | 'approved' | 'rejected' | 'expired' | 'withdrawn';
  order: { id: string; number: string; amount: number };
  respond_by: string;
  decided_at: string | null;
  offers: WireOffer[];
  accepted_offer_id: string | null;
  payment: { amount: number; reference: string; paid_at: string } | null;
  created_at: string;
}

interface StoredAnswer {
  rawBody: string;
  status: number;
  body: object;
}

export interface FakeB2BPay {
  url: string;
  calls: RecordedCall[];
  applications: Map<string, FakeApplication>;
  refunds: Map<string, { applicationId: string; amount: number; reference: string | null }>;
  addApplication(bankId: string, fields: { id: string; orderId: string; amount: number }): FakeApplication;
  /** Calls other than those answered by failNext. */
  answered(): RecordedCall[];
  /** The next `count` calls get `status` (500 by default) and change nothing. */
  failNext(count: number, status?: number): void;
  /** Resolves once `count` calls in all have been recorded. */
  waitForCalls(count: number): Promise<void>;
  close(): Promise<void>;
}

function apiError(status: number, code: string, message: string): { status: number; body: object } {
  return { status, body: { detail: message, error: { code, message, request_id: 'req-fake' } } };
}

export async function startFakeB2BPay(apiKeys: Record<string, string>): Promise<FakeB2BPay> {
  const calls: RecordedCall[] = [];
  const applications = new Map<string, FakeApplication>();
  const refunds = new Map<string, { applicationId: string; amount: number; reference: string | null }>();
  const idempotency = new Map<string, StoredAnswer>();
  const failures = { left: 0, status: 500 };
  let waiters: { count: number; resolve: () => void }[] = [];

  function ownApplication(bankId: string, id: string): FakeApplication | null {
    const application = applications.get(id);
    return application && application.bankId === bankId ? application : null;
  }

  function route(
    bankId: string,
    method: string,
    path: string,
    body: unknown,
  ): { status: number; body: object } {
    const input = (body ?? {}) as Record<string, unknown>;
    let match = /^\/api\/bank\/v1\/applications\/([^/]+)$/.exec(path);
    if (match && method === 'GET') {
      const application = ownApplication(bankId, decodeURIComponent(match[1] ?? ''));
      return application
        ? { status: 200, body: publicView(application) }
        : apiError(404, 'APPLICATION_NOT_FOUND', 'Заявка не найдена.');
    }
    match = /^\/api\/bank\/v1\/applications\/([^/]+)\/(decision|payment)$/.exec(path);
    if (match && method === 'POST') {
      const application = ownApplication(bankId, decodeURIComponent(match[1] ?? ''));
      if (!application) return apiError(404, 'APPLICATION_NOT_FOUND', 'Заявка не найдена.');
      return match[2] === 'decision' ? decide(application, input) : pay(application, input);
    }
    match = /^\/api\/bank\/v1\/refunds\/([^/]+)\/confirmation$/.exec(path);
    if (match && method === 'POST') {
      const refundId = decodeURIComponent(match[1] ?? '');
      const refund = refunds.get(refundId);
      if (!refund || applications.get(refund.applicationId)?.bankId !== bankId) {
        return apiError(404, 'REFUND_NOT_FOUND', 'Возврат не найден.');
      }
      if (typeof input.reference !== 'string') return apiError(400, 'VALIDATION_ERROR', 'Нет reference.');
      refund.reference = input.reference;
      return {
        status: 200,
        body: {
          refund_id: refundId,
          application_id: refund.applicationId,
          amount: refund.amount,
          reference: input.reference,
          confirmed_at: new Date().toISOString(),
        },
      };
    }
    return apiError(404, 'NOT_FOUND', 'Не найдено.');
  }

  function decide(application: FakeApplication, input: Record<string, unknown>) {
    const decision = input.decision;
    const offers = Array.isArray(input.offers) ? (input.offers as Record<string, unknown>[]) : [];
    if (decision !== 'approved' && decision !== 'rejected') {
      return apiError(400, 'VALIDATION_ERROR', 'Неизвестное решение.');
    }
    if ((decision === 'approved') !== offers.length > 0) {
      return apiError(400, 'VALIDATION_ERROR', 'Одобрение — с предложениями, отказ — без них.');
    }
    if (application.status === 'withdrawn' || application.status === 'expired') {
      return apiError(409, 'APPLICATION_CLOSED', 'Заявка закрыта.');
    }
    if (application.status !== 'pending') {
      return application.status === decision
        ? { status: 200, body: publicView(application) }
        : apiError(409, 'DECISION_CONFLICT', 'Решение уже принято.');
    }
    application.status = decision;
    application.decided_at = new Date().toISOString();
    application.offers = offers.map((offer) => ({
      id: String(offer.id),
      kind: String(offer.kind),
      term_days: typeof offer.term_days === 'number' ? offer.term_days : null,
      term_months: typeof offer.term_months === 'number' ? offer.term_months : null,
      fee: Number(offer.fee),
      monthly_payment: typeof offer.monthly_payment === 'number' ? offer.monthly_payment : null,
      valid_until: String(offer.valid_until),
    }));
    return { status: 200, body: publicView(application) };
  }

  function pay(application: FakeApplication, input: Record<string, unknown>) {
    if (!application.accepted_offer_id) return apiError(409, 'OFFER_NOT_ACCEPTED', 'Предложение не принято.');
    if (input.amount !== application.order.amount) {
      return apiError(400, 'PAYMENT_AMOUNT_MISMATCH', 'Сумма не совпадает с суммой заказа.');
    }
    application.payment = {
      amount: Number(input.amount),
      reference: String(input.reference),
      paid_at: String(input.paid_at),
    };
    return { status: 200, body: publicView(application) };
  }

  async function serve(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString('utf8');
    const method = request.method ?? 'GET';
    const path = request.url ?? '/';
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const bankId = token ? (apiKeys[token] ?? null) : null;
    let body: unknown = null;
    try {
      body = rawBody ? JSON.parse(rawBody) : null;
    } catch {
      body = rawBody;
    }
    const injectedFailure = failures.left > 0;
    const answer = answerCall(bankId, method, path, rawBody, body, request.headers);
    calls.push({
      method,
      path,
      headers: request.headers,
      rawBody,
      body,
      status: answer.status,
      bankId,
      injectedFailure,
      answer: answer.body,
    });
    response
      .writeHead(answer.status, { 'content-type': 'application/json' })
      .end(JSON.stringify(answer.body));
    waiters = waiters.filter((waiter) => {
      if (calls.length < waiter.count) return true;
      waiter.resolve();
      return false;
    });
  }

  function answerCall(
    bankId: string | null,
    method: string,
    path: string,
    rawBody: string,
    body: unknown,
    headers: IncomingHttpHeaders,
  ): { status: number; body: object } {
    if (failures.left > 0) {
      failures.left -= 1;
      return apiError(failures.status, 'FAKE_FAILURE', 'Сбой (подстроен тестом).');
    }
    if (!bankId) return apiError(401, 'UNAUTHORIZED', 'Неверный ключ.');
    if (method !== 'POST') return route(bankId, method, path, body);
    const key = headers['idempotency-key'];
    if (typeof key !== 'string' || key.length < 1 || key.length > 255) {
      return apiError(400, 'IDEMPOTENCY_KEY_REQUIRED', 'Нужен заголовок Idempotency-Key.');
    }
    const stored = idempotency.get(`${bankId}\n${key}`);
    if (stored) {
      return stored.rawBody === rawBody
        ? { status: stored.status, body: stored.body }
        : apiError(409, 'IDEMPOTENCY_KEY_REUSED', 'Ключ уже использован с другим телом.');
    }
    const answer = route(bankId, method, path, body);
    if (answer.status < 500) idempotency.set(`${bankId}\n${key}`, { rawBody, ...answer });
    return answer;
  }

  const server = createServer((request, response) => {
    serve(request, response).catch(() => response.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    applications,
    refunds,
    addApplication(bankId, { id, orderId, amount }) {
      const application: FakeApplication = {
        id,
        bankId,
        status: 'pending',
        order: { id: orderId, number: '1001', amount },
        respond_by: new Date(Date.now() + 86_400_000).toISOString(),
        decided_at: null,
        offers: [],
        accepted_offer_id: null,
        payment: null,
        created_at: new Date().toISOString(),
      };
      applications.set(id, application);
      return application;
    },
    answered: () => calls.filter((call) => !call.injectedFailure),
    failNext(count, status = 500) {
      failures.left = count;
      failures.status = status;
    },
    waitForCalls(count) {
      if (calls.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function publicView(application: FakeApplication): object {
  const { bankId: _bankId, ...view } = application;
  return view;
}
