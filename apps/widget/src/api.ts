import { TEXT } from './messages';
import type { OrderBody } from './options';

export interface CreatedOrder {
  id: string;
  order_number: string;
  link: string;
  amount: number;
}

/** A failure the button shows to the person who clicked it. */
export class WidgetError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
    /** What the shop's developer must fix, for the console; the buyer sees only `message`. */
    readonly developerNote: string | null = null,
  ) {
    super(message);
    this.name = 'WidgetError';
  }
}

export const REQUEST_TIMEOUT_MS = 20_000;

/**
 * Where the API lives: the address the script was loaded from, minus `/widget/v1/b2bpay.js`, so
 * that a shop's page on any origin talks to the B2BPay server that served the script.
 */
export function apiBaseFrom(scriptSrc: string | null | undefined, fallback: string): string {
  if (!scriptSrc) return fallback;
  try {
    const url = new URL(scriptSrc, fallback);
    const at = url.pathname.lastIndexOf('/widget/');
    return url.origin + (at >= 0 ? url.pathname.slice(0, at) : '');
  } catch {
    return fallback;
  }
}

function isOrder(value: unknown): value is CreatedOrder {
  if (value === null || typeof value !== 'object') return false;
  const order = value as Record<string, unknown>;
  return typeof order.id === 'string' && typeof order.link === 'string' && order.link !== '';
}

function detailOf(body: unknown): string {
  if (body && typeof body === 'object') {
    const detail = (body as { detail?: unknown }).detail;
    if (typeof detail === 'string' && detail.trim()) return detail.trim();
  }
  return '';
}

/**
 * The API's 403 for a page whose Origin is not among the shop's widget_origins: its detail names
 * the setting (orders.service.ts, WIDGET_ORIGIN_FORBIDDEN), unlike the other 403s of a publishable key.
 */
export function isOriginRefused(status: number, body: unknown): boolean {
  return status === 403 && detailOf(body).includes('widget_origins');
}

/** The console's explanation of an origin refusal, naming the page's origin. */
export function originRefusedNote(pageOrigin: string): string {
  return (
    `Сайт ${pageOrigin} не указан в настройках магазина B2BPay (widget_origins), поэтому сервер ` +
    `отказал в создании заказа (HTTP 403). Добавьте ${pageOrigin} в личном кабинете: «Настройки» → ` +
    '«Сайты кнопки рассрочки», или очистите список, чтобы ключ работал с любого сайта.'
  );
}

/** The Russian text for a refused request. */
export function errorText(status: number, body: unknown): string {
  if (isOriginRefused(status, body)) return TEXT.unavailable;
  if (status === 401 || status === 403) return TEXT.badKey;
  if (status === 429) return TEXT.rateLimited;
  if (status >= 500) return TEXT.server;
  const detail = detailOf(body);
  return detail ? `${TEXT.failedPrefix}: ${detail}` : TEXT.failed;
}

/** POST /api/order/orders with the publishable key; the order or a WidgetError. */
export async function createOrder(
  base: string,
  apiToken: string,
  body: OrderBody,
  idempotencyKey: string,
  log: (...parts: unknown[]) => void,
  pageOrigin: string = location.origin,
): Promise<CreatedOrder> {
  const url = `${base}/api/order/orders`;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  log('POST', url, body);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${apiToken.trim()}`,
        'Content-Type': 'application/json',
        'Idempotency-Key': idempotencyKey,
      },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
  } catch (error) {
    log('сеть недоступна', error);
    throw new WidgetError(TEXT.network);
  } finally {
    clearTimeout(timer);
  }
  let data: unknown = null;
  try {
    data = await response.json();
  } catch {
    /* not JSON: the status decides */
  }
  log('ответ', response.status, data);
  if (response.status === 200 && isOrder(data)) return data;
  throw new WidgetError(
    response.status === 200 ? TEXT.failed : errorText(response.status, data),
    response.status,
    isOriginRefused(response.status, data) ? originRefusedNote(pageOrigin) : null,
  );
}

/** A fresh Idempotency-Key; randomUUID needs a secure context, which plain-http shop pages are not. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
