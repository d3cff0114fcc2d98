import { LEGACY_EVENT_TYPES } from '@b2bpay/domain';
import type { Queryable } from '../../db/database';

/** A configured webhook endpoint (migration 020); a legacy one's secrets are the shop's. */
export interface EndpointRow {
  id: string;
  shop_id: string;
  livemode: boolean;
  url: string;
  description: string | null;
  /** The endpoint's own secrets; for a legacy endpoint, the shop's (read through the shop row). */
  secret: string;
  previous_secret: string | null;
  previous_secret_until: Date | null;
  enabled_events: string[];
  disabled: boolean;
  legacy: boolean;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `ep.id, ep.shop_id, ep.livemode, ep.url, ep.description,
  COALESCE(ep.secret, sh.webhook_secret) AS secret,
  CASE WHEN ep.legacy THEN sh.previous_webhook_secret ELSE ep.previous_secret END AS previous_secret,
  CASE WHEN ep.legacy THEN sh.previous_webhook_secret_until ELSE ep.previous_secret_until END AS previous_secret_until,
  ep.enabled_events, ep.disabled, ep.legacy, ep.created_at, ep.updated_at`;
const FROM = 'shop_webhook_endpoints ep JOIN shops sh ON sh.id = ep.shop_id';

const mapRow = (r: EndpointRow): EndpointRow => ({
  ...r,
  previous_secret_until: r.previous_secret_until === null ? null : new Date(r.previous_secret_until),
});

/** The shop's endpoints of one mode, oldest first, after `afterId` (its created_at, id), at most `limit`. */
export async function listEndpoints(
  db: Queryable,
  f: { shopId: string; livemode: boolean; afterId: string | null; limit: number },
): Promise<EndpointRow[]> {
  const rows = await db.query<EndpointRow>(
    `SELECT ${COLUMNS} FROM ${FROM}
      WHERE ep.shop_id = $1 AND ep.livemode = $2
        AND ($3::uuid IS NULL OR (ep.created_at, ep.id) > (SELECT a.created_at, a.id FROM shop_webhook_endpoints a WHERE a.id = $3::uuid))
      ORDER BY ep.created_at, ep.id LIMIT $4`,
    [f.shopId, f.livemode, f.afterId, f.limit],
  );
  return rows.map(mapRow);
}

/** One of the shop's endpoints of this mode; null for an unknown id, another shop's or another mode's. */
export async function findEndpoint(
  db: Queryable,
  f: { shopId: string; livemode: boolean; id: string; lock?: boolean },
): Promise<EndpointRow | null> {
  const rows = await db.query<EndpointRow>(
    `SELECT ${COLUMNS} FROM ${FROM} WHERE ep.id = $1 AND ep.shop_id = $2 AND ep.livemode = $3${
      f.lock ? ' FOR UPDATE OF ep' : ''
    }`,
    [f.id, f.shopId, f.livemode],
  );
  return rows[0] ? mapRow(rows[0]) : null;
}

/** The shop's legacy endpoint of this mode (its webhook_url setting), or null when none is set. */
export async function findLegacyEndpoint(
  db: Queryable,
  shopId: string,
  livemode: boolean,
): Promise<EndpointRow | null> {
  const rows = await db.query<EndpointRow>(
    `SELECT ${COLUMNS} FROM ${FROM} WHERE ep.shop_id = $1 AND ep.livemode = $2 AND ep.legacy`,
    [shopId, livemode],
  );
  return rows[0] ? mapRow(rows[0]) : null;
}

export async function insertEndpoint(
  tx: Queryable,
  e: {
    id: string;
    shopId: string;
    livemode: boolean;
    url: string;
    description: string | null;
    secret: string | null;
    enabledEvents: readonly string[];
    legacy: boolean;
    now: Date;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO shop_webhook_endpoints (id, shop_id, livemode, url, description, secret, enabled_events, legacy, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::text[], $8, $9, $9)`,
    [e.id, e.shopId, e.livemode, e.url, e.description, e.secret, e.enabledEvents, e.legacy, e.now],
  );
}

/**
 * The shop's webhook_url setting for one mode: its legacy endpoint gets this address (created with the
 * types the setting always received), or goes away with null.
 */
export async function setLegacyUrl(
  tx: Queryable,
  /** `now` null: the database's clock (a shop created by an operator, outside any request). */
  s: { id: string; shopId: string; livemode: boolean; url: string | null; now: Date | null },
): Promise<void> {
  if (s.url === null) {
    await tx.query('DELETE FROM shop_webhook_endpoints WHERE shop_id = $1 AND livemode = $2 AND legacy', [
      s.shopId,
      s.livemode,
    ]);
    return;
  }
  await tx.query(
    `INSERT INTO shop_webhook_endpoints (id, shop_id, livemode, url, enabled_events, legacy, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5::text[], true, COALESCE($6, now()), COALESCE($6, now()))
     ON CONFLICT (shop_id, livemode) WHERE legacy DO UPDATE SET url = EXCLUDED.url, updated_at = EXCLUDED.updated_at`,
    [s.id, s.shopId, s.livemode, s.url, LEGACY_EVENT_TYPES, s.now],
  );
}

export async function updateEndpoint(
  tx: Queryable,
  id: string,
  change: {
    url?: string;
    description?: string | null;
    enabledEvents?: readonly string[];
    disabled?: boolean;
    now: Date;
  },
): Promise<void> {
  await tx.query(
    `UPDATE shop_webhook_endpoints
        SET url = COALESCE($2, url),
            description = CASE WHEN $3 THEN $4 ELSE description END,
            enabled_events = COALESCE($5::text[], enabled_events),
            disabled = COALESCE($6, disabled),
            updated_at = $7
      WHERE id = $1`,
    [
      id,
      change.url ?? null,
      change.description !== undefined,
      change.description ?? null,
      change.enabledEvents ?? null,
      change.disabled ?? null,
      change.now,
    ],
  );
}

/** A new secret of a (non-legacy) endpoint; the current one keeps signing until `previousUntil`, if given. */
export async function rotateEndpointSecret(
  tx: Queryable,
  r: { id: string; secret: string; previousUntil: Date | null; now: Date },
): Promise<void> {
  await tx.query(
    `UPDATE shop_webhook_endpoints
        SET previous_secret = CASE WHEN $3::timestamptz IS NULL THEN NULL ELSE secret END,
            previous_secret_until = $3::timestamptz, secret = $2, updated_at = $4
      WHERE id = $1 AND NOT legacy`,
    [r.id, r.secret, r.previousUntil, r.now],
  );
}

/**
 * Deletes an endpoint; its deliveries still waiting are failed (there is nowhere left to send them),
 * and every delivery keeps its log without the endpoint.
 */
export async function deleteEndpoint(tx: Queryable, id: string, now: Date, reason: string): Promise<void> {
  await tx.query(
    `UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL, last_error = $3, updated_at = $2
      WHERE endpoint_id = $1 AND status = 'pending'`,
    [id, now, reason],
  );
  await tx.query('DELETE FROM shop_webhook_endpoints WHERE id = $1', [id]);
}

/** Where an event of this type goes: the enabled endpoints of the shop and mode that take it. */
export async function findTargets(
  tx: Queryable,
  t: { shopId: string; livemode: boolean; type: string },
): Promise<{ id: string; url: string; legacy: boolean }[]> {
  return tx.query<{ id: string; url: string; legacy: boolean }>(
    `SELECT id, url, legacy FROM shop_webhook_endpoints
      WHERE shop_id = $1 AND livemode = $2 AND NOT disabled AND ('*' = ANY(enabled_events) OR $3 = ANY(enabled_events))
      ORDER BY created_at, id`,
    [t.shopId, t.livemode, t.type],
  );
}
