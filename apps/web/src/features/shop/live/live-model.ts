import { getStatusInfo, type LiveEvent, pluralRu } from '@b2bpay/domain';
import type { QueryKey } from '@tanstack/react-query';
import { queryKeys } from '../../../shared/api/queries';
import { shopKeys } from '../shared/api/shop-queries';

/** At most this many toasts for one burst of events; the rest are summed up in one more. */
export const MAX_TOASTS = 3;

function orderLabel(event: LiveEvent): string {
  return event.order_number ? `Заказ №${event.order_number}` : 'Заказ';
}

/** What one order's events of a burst say, the status change first (it arrives with the others). */
function orderText(events: readonly LiveEvent[]): string | null {
  const first = events[0];
  if (!first) return null;
  const changes = events.filter((e) => e.event === 'order.status.changed' && e.status);
  const change = changes.at(-1);
  if (change?.status) return `${orderLabel(change)}: ${getStatusInfo(change.status).text}`;
  if (events.some((e) => e.event === 'order.refund.created')) return `${orderLabel(first)}: оформлен возврат`;
  if (events.some((e) => e.event === 'order.payment.completed'))
    return `${orderLabel(first)}: оплата получена`;
  if (events.some((e) => e.event === 'order.client.updated'))
    return `${orderLabel(first)}: покупатель заполнил данные`;
  if (events.some((e) => e.event === 'order.created'))
    return first.order_number ? `Новый заказ №${first.order_number}` : 'Новый заказ';
  return null;
}

/**
 * The toasts for a burst of events, one per order ('Заказ №12: Банк одобрил заявку'); test webhooks
 * say nothing (the settings page shows their outcome itself).
 */
export function toastTexts(events: readonly LiveEvent[]): string[] {
  const byOrder = new Map<string, LiveEvent[]>();
  for (const event of events) {
    if (!event.order_id) continue;
    const list = byOrder.get(event.order_id) ?? [];
    list.push(event);
    byOrder.set(event.order_id, list);
  }
  const texts = [...byOrder.values()].map(orderText).filter((text): text is string => text !== null);
  if (texts.length <= MAX_TOASTS) return texts;
  const rest = texts.length - (MAX_TOASTS - 1);
  return [
    ...texts.slice(0, MAX_TOASTS - 1),
    `Изменения ещё в ${rest} ${pluralRu(rest, ['заказе', 'заказах', 'заказах'])}`,
  ];
}

/** The cached data a burst makes stale: the list, statistics, and each order's screens and webhooks. */
export function staleKeys(events: readonly LiveEvent[]): QueryKey[] {
  const keys: QueryKey[] = [];
  const orders = new Set(events.map((e) => e.order_id).filter((id): id is string => Boolean(id)));
  if (orders.size > 0) keys.push(queryKeys.orders, shopKeys.stats);
  for (const id of orders) keys.push(['order', id], shopKeys.historyOf(id), shopKeys.refundsOf(id));
  // Every event (a test one too) fans out into a webhook delivery.
  if (events.length > 0) keys.push(shopKeys.deliveries);
  return keys;
}
