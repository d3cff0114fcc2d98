import { type EventLog, type EventLogQuery, instantOfBound, type WebhookEvent } from '@b2bpay/domain';
import type { AppDeps } from '../../deps';
import { validationError } from '../../shared/errors';
import { eventLogPage, findEventCursor } from './events.repository';

export const UNKNOWN_EVENT_CURSOR =
  'Нет такого события магазина: after — event_id из журнала или вебхука (старые события удаляются через RETENTION_EVENTS)';

const CURSORS_DISAGREE = 'after и starting_after — один и тот же курсор: передайте один из них';

/**
 * The event log: the shop's order events in the order they became visible, with the very
 * bodies the webhooks carry, for a shop catching up after downtime. One row more than asked tells
 * whether more follow.
 */
export async function listEvents(
  deps: AppDeps,
  shop: { id: string; livemode: boolean },
  query: EventLogQuery,
): Promise<EventLog> {
  const shopId = shop.id;
  if (query.after && query.starting_after && query.after !== query.starting_after)
    throw validationError('starting_after', CURSORS_DISAGREE);
  const field = query.starting_after ? 'starting_after' : 'after';
  const cursorId = query.starting_after ?? query.after;
  const after = cursorId ? await findEventCursor(deps.db, shopId, cursorId) : null;
  if (cursorId && !after) throw validationError(field, UNKNOWN_EVENT_CURSOR);
  const rows = await eventLogPage(deps.db, {
    shopId,
    after,
    types: query.type,
    orderId: query.order_id ?? null,
    since: query.since ? instantOfBound(query.since) : null,
    limit: query.limit + 1,
  });
  const items = rows.slice(0, query.limit).map((e) => withLaterFields(e, shop.livemode));
  return { items, has_more: rows.length > query.limit };
}

/**
 * Events written before a field joined every body (external_id, metadata, refunded_amount and
 * livemode came later) get that field's value, so every item is a whole WebhookEvent: the empty
 * one, and for livemode the shop's mode (every event of a shop row is of its mode).
 */
function withLaterFields(event: WebhookEvent, livemode: boolean): WebhookEvent {
  const stored: Partial<WebhookEvent> = event;
  return {
    ...event,
    external_id: stored.external_id ?? null,
    metadata: stored.metadata ?? {},
    refunded_amount: stored.refunded_amount ?? 0,
    livemode: stored.livemode ?? livemode,
  };
}
