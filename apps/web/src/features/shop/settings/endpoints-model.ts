import { ORDER_EVENT_LABELS, type OrderEventType } from '@b2bpay/domain';
import type { WebhookEndpoint } from '../shared/api/shop-api';

/** `enabled_events` value meaning every type, new ones too. */
export const ALL_EVENTS = '*';

/** What the endpoint form edits. */
export interface EndpointDraft {
  url: string;
  events: string[];
}

export const NEW_ENDPOINT: EndpointDraft = { url: '', events: [ALL_EVENTS] };

export const URL_REQUIRED = 'Укажите адрес, например https://ваш-сайт.ru/webhooks/b2bpay';
export const EVENTS_REQUIRED = 'Выберите хотя бы одно событие';

/** Why the form cannot be sent yet, or null (the server checks the address itself). */
export function endpointDraftError(draft: EndpointDraft): string | null {
  if (!draft.url.trim()) return URL_REQUIRED;
  if (draft.events.length === 0) return EVENTS_REQUIRED;
  return null;
}

/** The body the API takes: `*` alone when every event is chosen. */
export function endpointBody(draft: EndpointDraft) {
  const events = draft.events.includes(ALL_EVENTS) ? [ALL_EVENTS] : draft.events;
  return { url: draft.url.trim(), enabled_events: events as WebhookEndpoint['enabled_events'] };
}

/** «Все события» or the chosen events' Russian names. */
export function eventsText(events: readonly string[]): string {
  if (events.includes(ALL_EVENTS)) return 'Все события';
  return events.map((e) => ORDER_EVENT_LABELS[e as OrderEventType] ?? e).join(', ');
}

export function statusText(endpoint: Pick<WebhookEndpoint, 'status'>): string {
  return endpoint.status === 'enabled' ? 'Включён' : 'Отключён';
}
