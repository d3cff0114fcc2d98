import { randomUUID } from 'node:crypto';
import type {
  WebhookEndpoint,
  WebhookEndpointCreate,
  WebhookEndpointDeleted,
  WebhookEndpointList,
  WebhookEndpointListQuery,
  WebhookEndpointSecretRotate,
  WebhookEndpointUpdate,
} from '@b2bpay/domain';
import type { AppDeps } from '../../deps';
import { newWebhookSecret } from '../../shared/crypto';
import { notFound, validationError } from '../../shared/errors';
import { isUuid } from '../../shared/uuid';
import { type AuditBy, recordAudit } from '../audit';
import * as repo from './endpoints.repository';
import { webhookSecretHint } from './signing';
import { assertWebhookUrlAllowed } from './ssrf-guard';
import * as settings from './webhooks.service';

export const ENDPOINT_NOT_FOUND = 'Адрес вебхука не найден';
const ENDPOINT_CURSOR_UNKNOWN = 'starting_after: нет такого адреса вебхука';
/** Deliveries still waiting when their endpoint is deleted fail with this. */
export const ENDPOINT_DELETED = 'Адрес вебхука удалён';

type ShopMode = settings.ShopMode;

/** Which of the event choices an endpoint keeps: `*` alone stands for every type. */
const normalizeEvents = (events: readonly string[]) => (events.includes('*') ? ['*'] : [...new Set(events)]);

function toView(e: repo.EndpointRow, now: Date, secret?: string): WebhookEndpoint {
  const previousLive =
    e.previous_secret_until && e.previous_secret_until > now ? e.previous_secret_until : null;
  return {
    id: e.id,
    url: e.url,
    description: e.description,
    enabled_events: e.enabled_events as WebhookEndpoint['enabled_events'],
    status: e.disabled ? 'disabled' : 'enabled',
    livemode: e.livemode,
    legacy: e.legacy,
    secret_hint: webhookSecretHint(e.secret),
    ...(secret ? { secret } : {}),
    previous_secret_expires_at: previousLive ? previousLive.toISOString() : null,
    created_at: e.created_at.toISOString(),
    updated_at: e.updated_at.toISOString(),
  };
}

async function found(deps: AppDeps, shop: ShopMode, id: string): Promise<repo.EndpointRow> {
  const row = isUuid(id)
    ? await repo.findEndpoint(deps.db, { shopId: shop.shopId, livemode: shop.livemode, id })
    : null;
  if (!row) throw notFound(ENDPOINT_NOT_FOUND);
  return row;
}

/** The shop's endpoints of the request's mode, oldest first (the legacy one among them). */
export async function listEndpoints(
  deps: AppDeps,
  shop: ShopMode,
  q: WebhookEndpointListQuery,
): Promise<WebhookEndpointList> {
  if (q.starting_after) {
    const after = await repo.findEndpoint(deps.db, { ...shop, id: q.starting_after });
    if (!after) throw validationError('starting_after', ENDPOINT_CURSOR_UNKNOWN);
  }
  const rows = await repo.listEndpoints(deps.db, {
    ...shop,
    afterId: q.starting_after ?? null,
    // One row more than the page tells whether more follow.
    limit: q.limit + 1,
  });
  const now = deps.clock.now();
  return { items: rows.slice(0, q.limit).map((r) => toView(r, now)), has_more: rows.length > q.limit };
}

export async function getEndpoint(deps: AppDeps, shop: ShopMode, id: string): Promise<WebhookEndpoint> {
  return toView(await found(deps, shop, id), deps.clock.now());
}

/** A new endpoint in the request's mode, `*` unless it names its events; its secret is in this answer only. */
export async function createEndpoint(
  deps: AppDeps,
  shop: ShopMode,
  input: WebhookEndpointCreate,
  audit?: AuditBy,
): Promise<WebhookEndpoint> {
  await assertWebhookUrlAllowed(input.url, deps.config, { field: 'url' });
  const id = randomUUID();
  const secret = newWebhookSecret();
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await repo.insertEndpoint(tx, {
      id,
      shopId: shop.shopId,
      livemode: shop.livemode,
      url: input.url,
      description: input.description || null,
      secret,
      enabledEvents: normalizeEvents(input.enabled_events ?? ['*']),
      legacy: false,
      now,
    });
    if (audit)
      await recordAudit(
        tx,
        { shopId: shop.shopId, ...audit, action: 'webhook_endpoint.created', details: { id, ...input } },
        now,
      );
  });
  return { ...(await getEndpoint(deps, shop, id)), secret };
}

/** Changes an endpoint's address, description, events or whether it is disabled. */
export async function updateEndpoint(
  deps: AppDeps,
  shop: ShopMode,
  id: string,
  input: WebhookEndpointUpdate,
  audit?: AuditBy,
): Promise<WebhookEndpoint> {
  await found(deps, shop, id);
  if (input.url) await assertWebhookUrlAllowed(input.url, deps.config, { field: 'url' });
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    if (!(await repo.findEndpoint(tx, { ...shop, id, lock: true }))) throw notFound(ENDPOINT_NOT_FOUND);
    await repo.updateEndpoint(tx, id, {
      url: input.url,
      description: input.description === undefined ? undefined : input.description || null,
      enabledEvents: input.enabled_events ? normalizeEvents(input.enabled_events) : undefined,
      disabled: input.disabled,
      now,
    });
    if (audit)
      await recordAudit(
        tx,
        { shopId: shop.shopId, ...audit, action: 'webhook_endpoint.updated', details: { id, ...input } },
        now,
      );
  });
  return getEndpoint(deps, shop, id);
}

/** Deletes an endpoint (the legacy one too: the webhook_url setting is then empty). */
export async function deleteEndpoint(
  deps: AppDeps,
  shop: ShopMode,
  id: string,
  audit?: AuditBy,
): Promise<WebhookEndpointDeleted> {
  await found(deps, shop, id);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    if (!(await repo.findEndpoint(tx, { ...shop, id, lock: true }))) throw notFound(ENDPOINT_NOT_FOUND);
    await repo.deleteEndpoint(tx, id, now, ENDPOINT_DELETED);
    if (audit)
      await recordAudit(
        tx,
        { shopId: shop.shopId, ...audit, action: 'webhook_endpoint.deleted', details: { id } },
        now,
      );
  });
  return { id, deleted: true };
}

/**
 * A new secret, shown in this answer only; with `expire_old_in_seconds` the old one keeps signing
 * (a second signature) until then, as the shop's secret rotation does. The legacy endpoint's secret
 * is the shop's: rotating it is that rotation.
 */
export async function rotateEndpointSecret(
  deps: AppDeps,
  shop: ShopMode,
  id: string,
  input: WebhookEndpointSecretRotate,
  audit?: AuditBy,
): Promise<WebhookEndpoint> {
  const endpoint = await found(deps, shop, id);
  if (endpoint.legacy) {
    const rotated = await settings.updateSettings(
      deps,
      shop,
      { rotate_webhook_secret: true, expire_old_in_seconds: input.expire_old_in_seconds },
      audit,
    );
    return { ...(await getEndpoint(deps, shop, id)), secret: rotated.webhook_secret };
  }
  const secret = newWebhookSecret();
  const now = deps.clock.now();
  const overlap = input.expire_old_in_seconds ?? 0;
  const previousUntil = overlap > 0 ? new Date(now.getTime() + overlap * 1000) : null;
  await deps.db.transaction(async (tx) => {
    if (!(await repo.findEndpoint(tx, { ...shop, id, lock: true }))) throw notFound(ENDPOINT_NOT_FOUND);
    await repo.rotateEndpointSecret(tx, { id, secret, previousUntil, now });
    if (audit)
      await recordAudit(
        tx,
        {
          shopId: shop.shopId,
          ...audit,
          action: 'webhook_endpoint.secret_rotated',
          details: { id, ...input },
        },
        now,
      );
  });
  return { ...(await getEndpoint(deps, shop, id)), secret };
}
