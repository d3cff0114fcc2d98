import http from 'node:http';
import https from 'node:https';
import { agentFor } from './agents';
import { BlockedAddressError, isBlockedHost, type Resolver, systemResolver } from './ssrf-guard';

export interface SendRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** WEBHOOK_ALLOW_PRIVATE: skip the SSRF guard (development and tests only). */
  allowPrivate: boolean;
  /** DNS for the connect-time guard; the system resolver by default. */
  resolve?: Resolver;
}

export interface SendResult {
  /** 2xx: the receiver has it. */
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  /** No answer within the time limit (what pauses an address that keeps doing it). */
  timedOut?: boolean;
}

function describeNetworkError(error: NodeJS.ErrnoException): string {
  if (error instanceof BlockedAddressError) return error.message;
  switch (error.code) {
    case 'ECONNREFUSED':
      return 'Соединение отклонено (ECONNREFUSED)';
    case 'ECONNRESET':
      return 'Соединение сброшено получателем (ECONNRESET)';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `Имя сервера не найдено в DNS (${error.code})`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `Сервер недоступен (${error.code})`;
    default:
      return `Ошибка соединения: ${error.code ?? error.message}`.slice(0, 500);
  }
}

/** A kept-alive socket the receiver had closed meanwhile fails at once with one of these. */
const STALE_SOCKET_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);

/**
 * One webhook POST with node:http(s) — not fetch — so that the connect-time SSRF guard sees the
 * resolved address through the `lookup` option of the receiver's keep-alive agent (`agents.ts`).
 * Redirects are never followed (a 3xx is a failure); the whole exchange has one deadline; the
 * response body is read and thrown away. A request that fails on a reused connection before any
 * answer (the receiver closed it while it sat idle) is sent once more on a new one: the receiver
 * may see it twice, which at-least-once delivery allows (it dedupes on webhook-id).
 */
export function sendWebhook(req: SendRequest): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    let statusCode: number | null = null;
    let location: string | undefined;
    let timer: NodeJS.Timeout | undefined;
    let request: http.ClientRequest | undefined;
    let timedOut = false;
    const finish = (error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const ok = error === null && statusCode !== null && statusCode >= 200 && statusCode < 300;
      let message = error;
      if (message === null && statusCode !== null && !ok) {
        message =
          statusCode >= 300 && statusCode < 400
            ? `Переадресация не выполняется: HTTP ${statusCode}${location ? ` → ${location.slice(0, 200)}` : ''}`
            : `Получатель ответил HTTP ${statusCode}`;
      }
      resolve({ ok, statusCode, error: message, durationMs: elapsed(), ...(timedOut ? { timedOut } : {}) });
    };

    let url: URL;
    try {
      url = new URL(req.url);
    } catch {
      finish('Неверный адрес вебхука');
      return;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      finish('Неверный адрес вебхука: ожидается http(s)');
      return;
    }
    // Literal addresses never reach `lookup`, so they are judged here.
    if (!req.allowPrivate && isBlockedHost(url.hostname)) {
      finish(new BlockedAddressError(url.hostname).message);
      return;
    }

    const client = url.protocol === 'https:' ? https : http;
    const agent = agentFor(url, req.allowPrivate ? null : (req.resolve ?? systemResolver));
    const send = (mayResend: boolean) => {
      const attempt = client.request(url, {
        method: 'POST',
        headers: { ...req.headers, 'content-length': String(Buffer.byteLength(req.body)) },
        agent,
      });
      request = attempt;
      attempt.on('response', (response) => {
        statusCode = response.statusCode ?? null;
        const header = response.headers.location;
        location = Array.isArray(header) ? header[0] : header;
        response.on('end', () => finish(null));
        response.on('error', () => finish(null));
        response.on('close', () => finish(null));
        response.resume();
      });
      attempt.on('error', (error: NodeJS.ErrnoException) => {
        if (statusCode !== null) finish(null);
        else if (mayResend && !settled && attempt.reusedSocket && STALE_SOCKET_CODES.has(error.code ?? ''))
          send(false);
        else finish(describeNetworkError(error));
      });
      attempt.end(req.body);
    };
    timer = setTimeout(() => {
      // A receiver that sent its status but trickles the body has answered; one that has not, has not.
      if (statusCode !== null) finish(null);
      else {
        timedOut = true;
        finish(`Нет ответа за ${req.timeoutMs} мс`);
      }
      request?.destroy();
    }, req.timeoutMs);
    send(true);
  });
}
