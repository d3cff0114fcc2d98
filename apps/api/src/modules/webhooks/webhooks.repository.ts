import type { Queryable } from '../../db/database';
import { toNumber } from '../../db/database';
import { keysetWalk } from '../../db/keyset';

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface DeliveryRow {
  id: string;
  event_id: string;
  shop_id: string;
  order_id: string | null;
  event_type: string;
  url: string;
  endpoint_id: string | null;
  status: DeliveryStatus;
  attempts: number;
  schedule_start: number;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: Date | null;
  delivered_at: Date | null;
  created_at: Date;
  updated_at: Date;
  /** Read for the delivery's public view only: its shop row's mode. */
  livemode?: boolean;
}

export interface AttemptRow {
  delivery_id: string;
  attempt: number;
  started_at: Date;
  duration_ms: number | null;
  status_code: number | null;
  error: string | null;
}

const DELIVERY_COLUMNS =
  'd.id, d.event_id, d.shop_id, d.order_id, d.event_type, d.url, d.endpoint_id, d.status, d.attempts, d.schedule_start, ' +
  'd.last_status_code, d.last_error, d.next_attempt_at, d.delivered_at, d.created_at, d.updated_at';

const mapDelivery = (r: DeliveryRow): DeliveryRow => ({
  ...r,
  attempts: toNumber(r.attempts),
  schedule_start: toNumber(r.schedule_start),
});

/** What one attempt needs, read under the delivery row's lock. */
export interface AttemptStart {
  delivery: DeliveryRow;
  attempt: number;
  payload: unknown;
  secret: string;
  /** The secret before a rotation with an overlap, while it still signs; else null. */
  previousSecret: string | null;
  /** The address is paused after timing out again and again (`webhook_endpoints`): no POST until then. */
  pausedUntil: Date | null;
}

export const INTERRUPTED_ATTEMPT = 'Попытка прервана: обработчик остановился, не дождавшись ответа';

/**
 * Begins an attempt for each claimed job's pending delivery, in one statement inside the claim's
 * transaction: the delivery's attempt counter goes up under its row lock, the attempt is logged as
 * started, and an earlier attempt left unfinished (its worker died) is marked interrupted. Two
 * workers, or a worker re-claiming a dead one's job, can never share an attempt number. The answer
 * is keyed by job id; a job whose delivery is gone or no longer pending is missing from it, and so
 * is a second job for a delivery already in the list.
 */
export async function beginAttempts(
  db: Queryable,
  wanted: readonly { jobId: number; deliveryId: string }[],
  now: Date,
): Promise<Map<number, AttemptStart>> {
  const started = new Map<number, AttemptStart>();
  if (wanted.length === 0) return started;
  const rows = await db.query<
    DeliveryRow & {
      job_id: unknown;
      payload: unknown;
      webhook_secret: string;
      previous_secret: string | null;
      paused_until: Date | null;
    }
  >(
    `WITH wanted AS (
       SELECT DISTINCT ON (w.delivery_id) w.delivery_id, w.job_id
         FROM unnest($1::uuid[], $2::bigint[]) AS w(delivery_id, job_id)
        ORDER BY w.delivery_id, w.job_id
     ), started AS (
       UPDATE webhook_deliveries d SET attempts = d.attempts + 1, updated_at = $3
         FROM wanted w
        WHERE d.id = w.delivery_id AND d.status = 'pending'
       RETURNING ${DELIVERY_COLUMNS}, w.job_id
     ), interrupted AS (
       UPDATE webhook_attempts a SET error = $4
         FROM started s
        WHERE a.delivery_id = s.id AND a.duration_ms IS NULL AND a.status_code IS NULL AND a.error IS NULL
     ), logged AS (
       INSERT INTO webhook_attempts (delivery_id, attempt, started_at) SELECT s.id, s.attempts, $3 FROM started s
     )
     SELECT s.*, e.payload, COALESCE(ep.secret, sh.webhook_secret) AS webhook_secret,
            CASE WHEN ep.secret IS NOT NULL THEN CASE WHEN ep.previous_secret_until > $3 THEN ep.previous_secret END
                 WHEN sh.previous_webhook_secret_until > $3 THEN sh.previous_webhook_secret END AS previous_secret,
            we.paused_until
       FROM started s JOIN events e ON e.id = s.event_id JOIN shops sh ON sh.id = s.shop_id
       LEFT JOIN shop_webhook_endpoints ep ON ep.id = s.endpoint_id
       LEFT JOIN webhook_endpoints we ON we.shop_id = s.shop_id AND we.url = s.url AND we.paused_until > $3`,
    [wanted.map((w) => w.deliveryId), wanted.map((w) => w.jobId), now, INTERRUPTED_ATTEMPT],
  );
  for (const row of rows) {
    const {
      job_id: jobId,
      payload,
      webhook_secret: secret,
      previous_secret: previousSecret,
      paused_until: pausedUntil,
      ...delivery
    } = row;
    const mapped = mapDelivery(delivery);
    started.set(toNumber(jobId), {
      delivery: mapped,
      attempt: mapped.attempts,
      payload,
      secret,
      previousSecret,
      pausedUntil,
    });
  }
  return started;
}

/**
 * A 2xx: the attempt's result, the delivery's new state (any attempt's 2xx delivers a still-pending
 * delivery) and the address healthy again (its failing episode over), in one statement; the caller
 * commits it with the job's completion.
 */
export async function recordDelivered(
  db: Queryable,
  d: {
    deliveryId: string;
    attempt: number;
    durationMs: number;
    statusCode: number | null;
    now: Date;
    shopId: string;
    url: string;
  },
) {
  await db.query(
    `WITH logged AS (
       UPDATE webhook_attempts SET duration_ms = $3, status_code = $4, error = NULL
        WHERE delivery_id = $1 AND attempt = $2
     ), delivered AS (
       UPDATE webhook_deliveries
          SET status = 'delivered', delivered_at = $5, last_status_code = $4, last_error = NULL,
              next_attempt_at = NULL, updated_at = $5
        WHERE id = $1 AND status = 'pending'
     ), healthy AS (
       UPDATE webhook_endpoints
          SET consecutive_timeouts = 0, paused_until = NULL, failing_since = NULL, alerted_at = NULL,
              given_up_alerted_at = NULL, updated_at = $5
        WHERE shop_id = $6 AND url = $7
          AND (consecutive_timeouts > 0 OR paused_until IS NOT NULL OR failing_since IS NOT NULL)
     )
     SELECT 1`,
    [d.deliveryId, d.attempt, d.durationMs, d.statusCode, d.now, d.shopId, d.url],
  );
}

export async function logAttemptResult(
  db: Queryable,
  deliveryId: string,
  attempt: number,
  r: { durationMs: number; statusCode: number | null; error: string | null },
) {
  await db.query(
    `UPDATE webhook_attempts SET duration_ms = $3, status_code = $4, error = $5
      WHERE delivery_id = $1 AND attempt = $2`,
    [deliveryId, attempt, r.durationMs, r.statusCode, r.error?.slice(0, 1000) ?? null],
  );
}

/**
 * Records a failed attempt: the next try at `nextAttemptAt`, or `failed` when it is null. Only the
 * newest attempt decides (a stale worker whose lease ran out does not overwrite a newer one's plan);
 * false when this attempt was not the newest or the delivery is no longer pending.
 */
export async function markAttemptFailed(
  db: Queryable,
  d: {
    deliveryId: string;
    attempt: number;
    statusCode: number | null;
    error: string;
    nextAttemptAt: Date | null;
    now: Date;
  },
) {
  const rows = await db.query(
    `UPDATE webhook_deliveries
        SET status = CASE WHEN $5::timestamptz IS NULL THEN 'failed' ELSE 'pending' END,
            next_attempt_at = $5, last_status_code = $3, last_error = $4, updated_at = $6
      WHERE id = $1 AND status = 'pending' AND attempts = $2 RETURNING id`,
    [d.deliveryId, d.attempt, d.statusCode, d.error.slice(0, 1000), d.nextAttemptAt, d.now],
  );
  return rows.length > 0;
}

export async function findDelivery(db: Queryable, id: string): Promise<DeliveryRow | null> {
  const rows = await db.query<DeliveryRow>(
    `SELECT ${DELIVERY_COLUMNS}, ${DELIVERY_LIVEMODE} AS livemode FROM webhook_deliveries d WHERE d.id = $1`,
    [id],
  );
  return rows[0] ? mapDelivery(rows[0]) : null;
}

/** The shop's own delivery, locked for a state change; null for an unknown or another shop's id. */
export async function lockShopDelivery(
  tx: Queryable,
  shopId: string,
  id: string,
): Promise<DeliveryRow | null> {
  const rows = await tx.query<DeliveryRow>(
    `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries d WHERE d.id = $1 AND d.shop_id = $2 FOR UPDATE`,
    [id, shopId],
  );
  return rows[0] ? mapDelivery(rows[0]) : null;
}

/** The mode of a delivery: its shop row's (a live shop or a test twin, migration 019). */
const DELIVERY_LIVEMODE = '(SELECT s.livemode FROM shops s WHERE s.id = d.shop_id)';

/**
 * Where a re-send goes: the address given (`$n`), else the one a new event of the delivery would go
 * to now — its endpoint's current address; for a delivery of no endpoint, its order's own address,
 * else the shop's legacy endpoint (webhook_url) of its mode — never the address stored on it.
 */
const CURRENT_URL = (given: string) => `COALESCE(${given}::text,
  (SELECT ep.url FROM shop_webhook_endpoints ep WHERE ep.id = d.endpoint_id),
  (SELECT o.webhook_url FROM orders o WHERE o.id = d.order_id AND d.endpoint_id IS NULL),
  (SELECT ep.url FROM shop_webhook_endpoints ep WHERE ep.shop_id = d.shop_id AND ep.legacy AND ep.livemode = ${DELIVERY_LIVEMODE}))`;

/**
 * A manual re-send: pending again from now to `url` (given in the request) or the current address
 * (`CURRENT_URL`), and the retry schedule starts over from this attempt. Null when there is no
 * address to send to (nothing changed).
 */
export async function resetForResend(
  tx: Queryable,
  id: string,
  url: string | null,
  now: Date,
): Promise<DeliveryRow | null> {
  const rows = await tx.query<DeliveryRow>(
    `UPDATE webhook_deliveries d
        SET status = 'pending', url = ${CURRENT_URL('$3')}, schedule_start = attempts, next_attempt_at = $2,
            delivered_at = NULL, updated_at = $2
      WHERE d.id = $1 AND ${CURRENT_URL('$3')} IS NOT NULL
      RETURNING ${DELIVERY_COLUMNS}`,
    [id, now, url],
  );
  const row = rows[0];
  return row ? mapDelivery(row) : null;
}

/** «Отправить сейчас»: the waiting delivery's next attempt is due now. */
export async function markDueNow(tx: Queryable, id: string, now: Date): Promise<void> {
  await tx.query('UPDATE webhook_deliveries SET next_attempt_at = $2, updated_at = $2 WHERE id = $1', [
    id,
    now,
  ]);
}

/** Where a page of deliveries starts: after this delivery, in the list's order. */
export interface DeliveryCursor {
  created_at: Date;
  sequence: number;
  id: string;
}

/** The shop's delivery a `starting_after` names, as a cursor; null for an unknown or another shop's id. */
export async function findDeliveryCursor(
  db: Queryable,
  shopId: string,
  id: string,
): Promise<DeliveryCursor | null> {
  const rows = await db.query<{ created_at: Date; sequence: unknown; id: string }>(
    `SELECT d.created_at, e.sequence, d.id FROM webhook_deliveries d JOIN events e ON e.id = d.event_id
      WHERE d.id = $1 AND d.shop_id = $2`,
    [id, shopId],
  );
  const row = rows[0];
  return row ? { created_at: row.created_at, sequence: toNumber(row.sequence), id: row.id } : null;
}

export async function listDeliveries(
  db: Queryable,
  f: {
    shopId: string;
    orderId: string | null;
    endpointId: string | null;
    limit: number;
    offset: number;
    /** A keyset walk from this delivery: older ones, or newer ones (`backwards`, ending_before). */
    cursor: (DeliveryCursor & { backwards: boolean }) | null;
  },
): Promise<{ rows: DeliveryRow[]; count: number }> {
  const walk = keysetWalk(f.cursor);
  const countRows = await db.query<{ count: unknown }>(
    `SELECT count(*) AS count FROM webhook_deliveries d WHERE d.shop_id = $1 AND ($2::uuid IS NULL OR d.order_id = $2::uuid)
        AND ($3::uuid IS NULL OR d.endpoint_id = $3::uuid)`,
    [f.shopId, f.orderId, f.endpointId],
  );
  const count = toNumber(countRows[0]?.count ?? 0);
  if (count === 0 || f.offset >= count) return { rows: [], count };
  // Events of one transaction share created_at; their per-order sequence keeps newest first.
  const rows = await db.query<DeliveryRow>(
    `SELECT ${DELIVERY_COLUMNS}, ${DELIVERY_LIVEMODE} AS livemode
       FROM webhook_deliveries d JOIN events e ON e.id = d.event_id
      WHERE d.shop_id = $1 AND ($2::uuid IS NULL OR d.order_id = $2::uuid)
        AND ($8::uuid IS NULL OR d.endpoint_id = $8::uuid)
        AND ($5::timestamptz IS NULL OR (d.created_at, e.sequence, d.id) ${walk.cmp} ($5::timestamptz, $6::bigint, $7::uuid))
      ORDER BY d.created_at ${walk.dir}, e.sequence ${walk.dir}, d.id ${walk.dir}
      LIMIT $3 OFFSET $4`,
    [
      f.shopId,
      f.orderId,
      f.limit,
      f.offset,
      f.cursor?.created_at ?? null,
      f.cursor?.sequence ?? null,
      f.cursor?.id ?? null,
      f.endpointId,
    ],
  );
  return { rows: rows.map(mapDelivery), count };
}

export async function findAttempts(
  db: Queryable,
  deliveryIds: readonly string[],
): Promise<Map<string, AttemptRow[]>> {
  const byDelivery = new Map<string, AttemptRow[]>(deliveryIds.map((id) => [id, []]));
  if (deliveryIds.length === 0) return byDelivery;
  const rows = await db.query<AttemptRow>(
    `SELECT delivery_id, attempt, started_at, duration_ms, status_code, error FROM webhook_attempts
      WHERE delivery_id = ANY($1::uuid[]) ORDER BY delivery_id, attempt`,
    [deliveryIds],
  );
  for (const r of rows) byDelivery.get(r.delivery_id)?.push(r);
  return byDelivery;
}

export async function insertTestEvent(
  tx: Queryable,
  e: { id: string; shopId: string; payload: object; now: Date },
): Promise<void> {
  await tx.query(
    `INSERT INTO events (id, shop_id, order_id, type, sequence, payload, created_at)
     VALUES ($1, $2, NULL, 'webhook.test', 0, $3, $4)`,
    [e.id, e.shopId, JSON.stringify(e.payload), e.now],
  );
}

export interface ShopSettingsRow {
  webhook_secret: string;
  widget_origins: string[];
  previous_webhook_secret_until: Date | null;
  livemode: boolean;
}

export async function findShopSettings(db: Queryable, shopId: string): Promise<ShopSettingsRow | null> {
  const rows = await db.query<ShopSettingsRow>(
    'SELECT webhook_secret, widget_origins, previous_webhook_secret_until, livemode FROM shops WHERE id = $1',
    [shopId],
  );
  const row = rows[0];
  if (!row) return null;
  const until = row.previous_webhook_secret_until;
  return { ...row, previous_webhook_secret_until: until === null ? null : new Date(until) };
}

export async function updateShopSettings(
  tx: Queryable,
  shopId: string,
  change: {
    webhookSecret?: string;
    /** With webhookSecret: the current secret keeps signing too until then; null — it stops now. */
    previousSecretUntil?: Date | null;
    widgetOrigins?: string[];
  },
): Promise<void> {
  if (change.widgetOrigins !== undefined)
    await tx.query('UPDATE shops SET widget_origins = $2::text[] WHERE id = $1', [
      shopId,
      change.widgetOrigins,
    ]);
  if (change.webhookSecret !== undefined)
    await tx.query(
      `UPDATE shops SET previous_webhook_secret = CASE WHEN $3::timestamptz IS NULL THEN NULL ELSE webhook_secret END,
              previous_webhook_secret_until = $3::timestamptz, webhook_secret = $2
        WHERE id = $1`,
      [shopId, change.webhookSecret, change.previousSecretUntil ?? null],
    );
}

/** The hints of the shop's current (non-revoked) keys, newest per kind. */
export async function findKeyHints(
  db: Queryable,
  shopId: string,
): Promise<{ secret: string | null; publishable: string | null }> {
  const rows = await db.query<{ kind: 'secret' | 'publishable'; key_hint: string }>(
    `SELECT kind, key_hint FROM api_keys WHERE shop_id = $1 AND revoked_at IS NULL ORDER BY created_at, id`,
    [shopId],
  );
  const hints = { secret: null as string | null, publishable: null as string | null };
  for (const r of rows) hints[r.kind] = r.key_hint;
  return hints;
}

/** How an attempt that did not deliver bears on its address's health. */
export type FailureKind = 'timeout' | 'skipped' | 'other';

export interface EndpointFailure {
  shopId: string;
  url: string;
  kind: FailureKind;
  error: string;
  /** The delivery has failed as many attempts as open a failing episode (the spec's three retries). */
  opensEpisode: boolean;
  /** The delivery has used up its retries. */
  givenUp: boolean;
  now: Date;
  /** Timeouts in a row after which the address is paused, and the first pause (doubling after). */
  pauseAfter: number;
  pauseMs: number;
}

/**
 * The letters a failure sends: the episode's opening one, or its last one (a delivery given up);
 * when a delivery is given up as the episode opens, the opening letter says so and is the only one.
 */
export interface EndpointAlerts {
  failing: boolean;
  givenUp: boolean;
}

/** The longest pause, in first pauses (1m → at most 16m by default). */
const MAX_PAUSE_FACTOR = 16;

/**
 * Notes a failed attempt on its address, under the address row's lock: timeouts in a row (an answer
 * of any kind ends the run; a skipped attempt changes nothing), the pause they earn, the last error,
 * and the failing episode, which opens once a delivery has failed the spec's retries. Says which of
 * the episode's two letters this failure sends; each goes out once until the address delivers again.
 */
export async function noteEndpointFailure(tx: Queryable, f: EndpointFailure): Promise<EndpointAlerts> {
  // The row exists, then is locked: failures of one address take turns, and each alert goes out once.
  await tx.query(
    `INSERT INTO webhook_endpoints (shop_id, url, updated_at) VALUES ($1, $2, $3)
     ON CONFLICT (shop_id, url) DO NOTHING`,
    [f.shopId, f.url, f.now],
  );
  const before = (
    await tx.query<{
      consecutive_timeouts: unknown;
      alerted_at: Date | null;
      given_up_alerted_at: Date | null;
    }>(
      `SELECT consecutive_timeouts, alerted_at, given_up_alerted_at FROM webhook_endpoints
        WHERE shop_id = $1 AND url = $2 FOR UPDATE`,
      [f.shopId, f.url],
    )
  )[0];
  const previous = toNumber(before?.consecutive_timeouts ?? 0);
  const timeouts = f.kind === 'timeout' ? previous + 1 : f.kind === 'skipped' ? previous : 0;
  const pause =
    f.kind === 'timeout' && timeouts >= f.pauseAfter
      ? new Date(f.now.getTime() + f.pauseMs * Math.min(2 ** (timeouts - f.pauseAfter), MAX_PAUSE_FACTOR))
      : null;
  const failing = (f.opensEpisode || f.givenUp) && !before?.alerted_at;
  const givenUp = f.givenUp && !failing && !before?.given_up_alerted_at;
  await tx.query(
    `UPDATE webhook_endpoints
        SET consecutive_timeouts = $3, paused_until = CASE WHEN $4::timestamptz IS NULL THEN paused_until ELSE $4 END,
            last_error = $5, last_failure_at = $6, updated_at = $6,
            failing_since = CASE WHEN $7 THEN coalesce(failing_since, $6) ELSE failing_since END,
            alerted_at = CASE WHEN $8 THEN $6 ELSE alerted_at END,
            given_up_alerted_at = CASE WHEN $9 THEN coalesce(given_up_alerted_at, $6) ELSE given_up_alerted_at END
      WHERE shop_id = $1 AND url = $2`,
    [
      f.shopId,
      f.url,
      timeouts,
      pause,
      f.error.slice(0, 1000),
      f.now,
      f.opensEpisode || f.givenUp,
      failing,
      f.givenUp,
    ],
  );
  return { failing, givenUp };
}

export interface EndpointHealthRow {
  url: string;
  consecutive_timeouts: number;
  paused_until: Date | null;
  last_error: string | null;
  last_failure_at: Date | null;
  failing_since: Date | null;
}

export async function findEndpointHealth(
  db: Queryable,
  shopId: string,
  url: string,
): Promise<EndpointHealthRow | null> {
  const rows = await db.query<EndpointHealthRow>(
    `SELECT url, consecutive_timeouts, paused_until, last_error, last_failure_at, failing_since
       FROM webhook_endpoints WHERE shop_id = $1 AND url = $2`,
    [shopId, url],
  );
  const row = rows[0];
  return row ? { ...row, consecutive_timeouts: toNumber(row.consecutive_timeouts) } : null;
}

export async function findShopContact(
  db: Queryable,
  shopId: string,
): Promise<{ name: string; email: string } | null> {
  const rows = await db.query<{ name: string; email: string }>(
    'SELECT name, email FROM shops WHERE id = $1',
    [shopId],
  );
  return rows[0] ?? null;
}

/**
 * Bulk re-send: every failed delivery of the shop created since `since`, pending again from now to
 * `url` or its current address (`CURRENT_URL`; one with none stays failed), its retry schedule
 * starting over. Returns the ids (their jobs are the caller's to queue).
 */
export async function resetFailedSince(
  tx: Queryable,
  r: { shopId: string; since: Date; url: string | null; now: Date },
): Promise<string[]> {
  const rows = await tx.query<{ id: string }>(
    `UPDATE webhook_deliveries d
        SET status = 'pending', url = ${CURRENT_URL('$3')}, schedule_start = attempts, next_attempt_at = $4,
            delivered_at = NULL, updated_at = $4
      WHERE d.shop_id = $1 AND d.status = 'failed' AND d.created_at >= $2 AND ${CURRENT_URL('$3')} IS NOT NULL
      RETURNING d.id`,
    [r.shopId, r.since, r.url, r.now],
  );
  return rows.map((row) => row.id);
}

/** Test events the shop sent since `since` (the separate limit on POST /api/webhooks/test). */
export async function countTestEventsSince(tx: Queryable, shopId: string, since: Date): Promise<number> {
  const rows = await tx.query<{ n: unknown }>(
    "SELECT count(*) AS n FROM events WHERE shop_id = $1 AND type = 'webhook.test' AND created_at > $2",
    [shopId, since],
  );
  return toNumber(rows[0]?.n ?? 0);
}

/**
 * Test sends of one shop take turns until the transaction ends (an advisory lock, not the shop's
 * row, which order numbering holds).
 */
export async function lockShopTestSends(tx: Queryable, shopId: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`webhook-test:${shopId}`]);
}

/** The shop's deliveries that have been tried and wait for their next attempt. */
export async function countRetryingDeliveries(db: Queryable, shopId: string): Promise<number> {
  const rows = await db.query<{ n: unknown }>(
    "SELECT count(*) AS n FROM webhook_deliveries WHERE shop_id = $1 AND status = 'pending' AND attempts > 0",
    [shopId],
  );
  return toNumber(rows[0]?.n ?? 0);
}

export async function countFailedDeliveries(db: Queryable, shopId: string): Promise<number> {
  const rows = await db.query<{ n: unknown }>(
    "SELECT count(*) AS n FROM webhook_deliveries WHERE shop_id = $1 AND status = 'failed'",
    [shopId],
  );
  return toNumber(rows[0]?.n ?? 0);
}

/**
 * Retention: one batch of events created before `before` that no delivery still waits to send
 * (delivered, failed, or never sent anywhere); their deliveries and attempts go with them (ON DELETE
 * CASCADE). Live-stream replay reads events after a sequence number, so what is kept still replays.
 */
export async function deleteFinishedEvents(db: Queryable, before: Date, batch: number): Promise<number> {
  const rows = await db.query(
    `DELETE FROM events WHERE id IN (
       SELECT e.id FROM events e
        WHERE e.created_at < $1
          AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id AND d.status = 'pending')
        ORDER BY e.created_at LIMIT $2 FOR UPDATE OF e SKIP LOCKED)
     RETURNING id`,
    [before, batch],
  );
  return rows.length;
}

/** Retention: one batch of attempts started before `before`, of deliveries no longer pending. */
export async function deleteOldAttempts(db: Queryable, before: Date, batch: number): Promise<number> {
  const rows = await db.query(
    `DELETE FROM webhook_attempts WHERE id IN (
       SELECT a.id FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id
        WHERE a.started_at < $1 AND d.status <> 'pending'
        ORDER BY a.started_at LIMIT $2 FOR UPDATE OF a SKIP LOCKED)
     RETURNING id`,
    [before, batch],
  );
  return rows.length;
}
