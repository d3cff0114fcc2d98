import { ApiError, serverMessage } from '../../../shared/api/http';
import type { WebhookDelivery } from '../api/shop-api';

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
