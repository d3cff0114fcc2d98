import {
  MAX_WIDGET_ORIGINS,
  WIDGET_ORIGIN_INVALID,
  WIDGET_ORIGINS_TOO_MANY,
  widgetOriginFromInput,
} from '@b2bpay/domain';
import { ApiError, serverMessage } from '../../../shared/api/http';
import type { WebhookDelivery } from '../shared/api/shop-api';

/** 'sk_live_…a1b2' → 'sk_live_••••••••a1b2': a key shown masked, never in full after it was issued. */
export function maskedHint(hint: string | null): string {
  if (!hint) return 'нет активного ключа';
  return hint.replace('…', '••••••••');
}

/** The URL field's value as the API wants it: trimmed, and null for an empty field (no default). */
export function webhookUrlValue(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

/** An error that belongs under the URL field (the API names the field), or null. */
export function urlFieldError(error: unknown): string | null {
  if (!(error instanceof ApiError) || !error.field) return null;
  return /(^|\.)(webhook_url|url)$/.test(error.field) ? (serverMessage(error) ?? error.message) : null;
}

export type TestOutcome =
  | { tone: 'info'; text: string }
  | { tone: 'success'; text: string }
  | { tone: 'warning'; text: string }
  | { tone: 'error'; text: string };

/** What the last test event's delivery says so far. */
export function testOutcome(delivery: WebhookDelivery): TestOutcome {
  if (delivery.status === 'delivered') {
    const code = delivery.last_status_code === null ? '' : ` (HTTP ${delivery.last_status_code})`;
    return { tone: 'success', text: `Тестовое событие доставлено${code}.` };
  }
  const answer =
    delivery.last_status_code !== null
      ? `ответ HTTP ${delivery.last_status_code}`
      : (delivery.last_error ?? '');
  if (delivery.status === 'failed') {
    return { tone: 'error', text: `Тестовое событие не доставлено${answer ? `: ${answer}` : ''}.` };
  }
  if (delivery.attempts > 0) {
    return {
      tone: 'warning',
      text: `Первая попытка не удалась${answer ? `: ${answer}` : ''}. Повторим по расписанию.`,
    };
  }
  return { tone: 'info', text: 'Тестовое событие отправляется...' };
}

/**
 * How long the old key (or the old signing secret) keeps working after a rotation:
 * the select's choices and the `expire_old_in_seconds` each sends.
 */
export const ROTATION_OVERLAPS = [
  { label: 'сразу', seconds: 0 },
  { label: 'через 1 час', seconds: 3_600 },
  { label: 'через 24 часа', seconds: 86_400 },
  { label: 'через 7 дней', seconds: 604_800 },
] as const;

/** The rotation request's overlap field: left out for «сразу», the API's default. */
export function overlapField(seconds: number): { expire_old_in_seconds?: number } {
  return seconds > 0 ? { expire_old_in_seconds: seconds } : {};
}

/** The select's label for an overlap, e.g. 'через 1 час'. */
export function overlapLabel(seconds: number): string {
  return ROTATION_OVERLAPS.find((o) => o.seconds === seconds)?.label ?? 'сразу';
}

export const WIDGET_ORIGIN_REQUIRED = 'Введите адрес сайта';
export const WIDGET_ORIGIN_DUPLICATE = 'Этот сайт уже в списке';

/**
 * A typed site made into the origin the server accepts (the domain's widgetOriginFromInput: `https://`
 * added when missing, an international domain in punycode, as browsers send it) and checked with the
 * server's Russian texts: the origin to add, or the error to show under the field.
 */
export function checkWidgetOrigin(
  text: string,
  listed: readonly string[],
): { origin: string } | { error: string } {
  if (text.trim() === '') return { error: WIDGET_ORIGIN_REQUIRED };
  const origin = widgetOriginFromInput(text);
  if (!origin) return { error: WIDGET_ORIGIN_INVALID };
  if (listed.includes(origin)) return { error: WIDGET_ORIGIN_DUPLICATE };
  if (listed.length >= MAX_WIDGET_ORIGINS) return { error: WIDGET_ORIGINS_TOO_MANY };
  return { origin };
}

/** An error that belongs to the site list (`widget_origins` or one of its items), or null. */
export function originsFieldError(error: unknown): string | null {
  if (!(error instanceof ApiError) || !error.field) return null;
  return /^widget_origins(\.|$)/.test(error.field) ? (serverMessage(error) ?? error.message) : null;
}
