import http from 'node:http';
import https from 'node:https';
import { BlockedAddressError, guardedLookup, isBlockedHost, type Resolver } from './ssrf-guard';

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

/**
 * One webhook POST with node:http(s) — not fetch — so that the connect-time SSRF guard sees the
 * resolved address through the `lookup` option. Redirects are never followed (a 3xx is a failure);
 * the whole exchange has one deadline; the response body is read and thrown away.
 */
export function sendWebhook(req: SendRequest): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    let statusCode: number | null = null;
    let location: string | undefined;
    let timer: NodeJS.Timeout | undefined;
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
      resolve({ ok, statusCode, error: message, durationMs: elapsed() });
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
    const request = client.request(url, {
      method: 'POST',
      headers: { ...req.headers, 'content-length': String(Buffer.byteLength(req.body)) },
      agent: false,
      ...(req.allowPrivate ? {} : { lookup: guardedLookup(req.resolve) }),
    });
    timer = setTimeout(() => {
      // A receiver that sent its status but trickles the body has answered; one that has not, has not.
      if (statusCode !== null) finish(null);
      else finish(`Нет ответа за ${req.timeoutMs} мс`);
      request.destroy();
    }, req.timeoutMs);

    request.on('response', (response) => {
      statusCode = response.statusCode ?? null;
      const header = response.headers.location;
      location = Array.isArray(header) ? header[0] : header;
      response.on('end', () => finish(null));
      response.on('error', () => finish(null));
      response.on('close', () => finish(null));
      response.resume();
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (statusCode !== null) finish(null);
      else finish(describeNetworkError(error));
    });
    request.end(req.body);
  });
}
