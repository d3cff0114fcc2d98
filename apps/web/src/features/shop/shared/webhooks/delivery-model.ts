import type { DeliveryStatus, WebhookAttempt, WebhookDelivery } from '../api/shop-api';

/** Russian names of webhook events; unknown ones show their code. */
const EVENT_TEXT: Record<string, string> = {
  'order.created': 'Заказ создан',
  'order.status.changed': 'Статус заказа изменился',
  'order.client.updated': 'Покупатель заполнил данные',
  'order.payment.completed': 'Оплата получена',
  'webhook.test': 'Тестовое событие',
};

export function eventText(event: string): string {
  return EVENT_TEXT[event] ?? event;
}

export const DELIVERY_STATUS: Record<DeliveryStatus, { text: string; color: string }> = {
  pending: { text: 'Ожидает отправки', color: '#1E90FF' },
  delivered: { text: 'Доставлено', color: '#16a34a' },
  failed: { text: 'Не доставлено', color: '#DC143C' },
};

/** A pending delivery is being sent already: only a delivered or failed one can be sent again. */
export function canRetry(delivery: Pick<WebhookDelivery, 'status'>): boolean {
  return delivery.status !== 'pending';
}

/** A delivery waiting for its retry (tried, the next attempt planned): «Отправить сейчас». */
export function canSendNow(
  delivery: Pick<WebhookDelivery, 'status' | 'attempts' | 'next_attempt_at'>,
): boolean {
  return delivery.status === 'pending' && delivery.attempts > 0 && delivery.next_attempt_at !== null;
}

/** 'HTTP 200' when the receiver answered, else the transport error of the attempt. */
export function attemptOutcome(
  attempt: Pick<WebhookAttempt, 'status_code' | 'error' | 'duration_ms'>,
): string {
  if (attempt.status_code !== null) return `HTTP ${attempt.status_code}`;
  if (attempt.error) return attempt.error;
  return attempt.duration_ms === null ? 'Выполняется' : 'Нет ответа';
}

/** The last answer of a delivery, for its summary line. */
export function lastAnswer(delivery: Pick<WebhookDelivery, 'last_status_code' | 'last_error' | 'attempts'>) {
  if (delivery.attempts === 0) return 'Ещё не отправлялся';
  if (delivery.last_status_code !== null) return `Ответ: HTTP ${delivery.last_status_code}`;
  return delivery.last_error ? 'Нет ответа' : 'Ответа пока нет';
}
