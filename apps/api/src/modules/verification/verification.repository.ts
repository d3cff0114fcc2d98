import type { Queryable } from '../../db/database';
import { toNumber } from '../../db/database';

/**
 * Retention: one batch of one-time codes that expired before `before` (a used code expired too, ten
 * minutes after it was sent). Codes are counted per hour (verification.service.ts), so the
 * retention is at least an hour (config.ts).
 */
export async function deleteExpiredCodes(db: Queryable, before: Date, batch: number): Promise<number> {
  const rows = await db.query(
    `DELETE FROM verification_codes WHERE id IN (
       SELECT id FROM verification_codes WHERE expires_at < $1
        ORDER BY expires_at LIMIT $2 FOR UPDATE SKIP LOCKED)
     RETURNING id`,
    [before, batch],
  );
  return rows.length;
}

export type Channel = 'sms' | 'email' | 'sign';

/** Makes parallel requests holding the same key take turns until the transaction ends. */
export async function lockForTransaction(tx: Queryable, key: string) {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [key]);
}

/**
 * When the newest code since `since` went to the destination from the same client address (another
 * address's codes to it never hold this request back), or to the order's channel: to the same
 * destination, or to any when `anyDestination` (a signing code's destination names its offer, and
 * every offer's code goes to the one confirmed phone). The wait belongs to the destination: a buyer
 * who corrects a mistyped number is not held back by the wrong one's.
 */
export async function lastCodeSentAt(
  tx: Queryable,
  r: {
    orderId: string;
    channel: Channel;
    destination: string;
    ip: string | null;
    since: Date;
    anyDestination: boolean;
  },
): Promise<Date | null> {
  const rows = await tx.query<{ created_at: Date }>(
    `SELECT created_at FROM verification_codes
      WHERE ((destination = $1 AND ip IS NOT DISTINCT FROM $5)
             OR (order_id = $2 AND channel = $3 AND (destination = $1 OR $6::boolean)))
        AND created_at > $4
      ORDER BY created_at DESC LIMIT 1`,
    [r.destination, r.orderId, r.channel, r.since, r.ip, r.anyDestination],
  );
  return rows[0]?.created_at ?? null;
}

export interface SendCount {
  count: number;
  oldest: Date | null;
}

/** Codes sent to the destination from the client address since `since`, and the oldest of them. */
export async function countSentToDestination(
  tx: Queryable,
  destination: string,
  ip: string | null,
  since: Date,
): Promise<SendCount> {
  const rows = await tx.query<{ n: unknown; oldest: Date | null }>(
    `SELECT count(*) AS n, min(created_at) AS oldest FROM verification_codes
      WHERE destination = $1 AND ip IS NOT DISTINCT FROM $3 AND created_at > $2`,
    [destination, since, ip],
  );
  return { count: toNumber(rows[0]?.n ?? 0), oldest: rows[0]?.oldest ?? null };
}

/** Codes of the order's channel since `since`, and the oldest of them. */
export async function countSentForOrderChannel(
  tx: Queryable,
  orderId: string,
  channel: Channel,
  since: Date,
): Promise<SendCount> {
  const rows = await tx.query<{ n: unknown; oldest: Date | null }>(
    `SELECT count(*) AS n, min(created_at) AS oldest FROM verification_codes
      WHERE order_id = $1 AND channel = $2 AND created_at > $3`,
    [orderId, channel, since],
  );
  return { count: toNumber(rows[0]?.n ?? 0), oldest: rows[0]?.oldest ?? null };
}

/** Codes requested from the IP since `since`, and the oldest of them. */
export async function countSentForIp(tx: Queryable, ip: string, since: Date): Promise<SendCount> {
  const rows = await tx.query<{ n: unknown; oldest: Date | null }>(
    'SELECT count(*) AS n, min(created_at) AS oldest FROM verification_codes WHERE ip = $1 AND created_at > $2',
    [ip, since],
  );
  return { count: toNumber(rows[0]?.n ?? 0), oldest: rows[0]?.oldest ?? null };
}

/** The shop's codes since `dayAgo` and since `hourAgo`, each with the oldest of them. */
export async function countSentForShop(
  tx: Queryable,
  shopId: string,
  hourAgo: Date,
  dayAgo: Date,
): Promise<{ hour: SendCount; day: SendCount }> {
  const rows = await tx.query<{
    hour_n: unknown;
    hour_oldest: Date | null;
    day_n: unknown;
    day_oldest: Date | null;
  }>(
    `SELECT count(*) FILTER (WHERE created_at > $2) AS hour_n, min(created_at) FILTER (WHERE created_at > $2) AS hour_oldest,
            count(*) AS day_n, min(created_at) AS day_oldest
       FROM verification_codes WHERE shop_id = $1 AND created_at > $3`,
    [shopId, hourAgo, dayAgo],
  );
  const row = rows[0];
  return {
    hour: { count: toNumber(row?.hour_n ?? 0), oldest: row?.hour_oldest ?? null },
    day: { count: toNumber(row?.day_n ?? 0), oldest: row?.day_oldest ?? null },
  };
}

/**
 * Takes the shop's cap alert when none was taken since `since`: true for exactly one caller however
 * many API processes ask at once (the row's upsert decides).
 */
export async function claimCapAlert(tx: Queryable, shopId: string, now: Date, since: Date): Promise<boolean> {
  const rows = await tx.query(
    `INSERT INTO code_cap_alerts (shop_id, alerted_at) VALUES ($1, $2)
     ON CONFLICT (shop_id) DO UPDATE SET alerted_at = EXCLUDED.alerted_at WHERE code_cap_alerts.alerted_at <= $3
     RETURNING shop_id`,
    [shopId, now, since],
  );
  return rows.length > 0;
}

/** Voids the order channel's unused codes. */
export async function voidOpenCodes(tx: Queryable, orderId: string, channel: Channel, now: Date) {
  await tx.query(
    `UPDATE verification_codes SET voided_at = $3
      WHERE order_id = $1 AND channel = $2 AND used_at IS NULL AND voided_at IS NULL`,
    [orderId, channel, now],
  );
}

export async function insertCode(
  tx: Queryable,
  r: {
    orderId: string;
    shopId: string;
    channel: Channel;
    destination: string;
    codeHash: string;
    ip: string | null;
    createdAt: Date;
    expiresAt: Date;
  },
) {
  await tx.query(
    `INSERT INTO verification_codes (order_id, shop_id, channel, destination, code_hash, ip, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [r.orderId, r.shopId, r.channel, r.destination, r.codeHash, r.ip, r.createdAt, r.expiresAt],
  );
}

export interface OpenCodeRow {
  id: unknown;
  destination: string;
  code_hash: string;
  wrong_attempts: number;
  expires_at: Date;
}

/** The order channel's newest unused code, locked for the transaction. */
export async function findNewestOpenCode(
  tx: Queryable,
  orderId: string,
  channel: Channel,
): Promise<OpenCodeRow | null> {
  const rows = await tx.query<OpenCodeRow>(
    `SELECT id, destination, code_hash, wrong_attempts, expires_at FROM verification_codes
      WHERE order_id = $1 AND channel = $2 AND used_at IS NULL AND voided_at IS NULL
      ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
    [orderId, channel],
  );
  return rows[0] ?? null;
}

/** Counts a wrong try; `voidedAt` voids the code when the tries are used up. */
export async function recordWrongAttempt(
  tx: Queryable,
  id: unknown,
  wrongAttempts: number,
  voidedAt: Date | null,
) {
  await tx.query('UPDATE verification_codes SET wrong_attempts = $2, voided_at = $3 WHERE id = $1', [
    id,
    wrongAttempts,
    voidedAt,
  ]);
}

export async function markUsed(tx: Queryable, codeIds: readonly number[], now: Date) {
  await tx.query('UPDATE verification_codes SET used_at = $2 WHERE id = ANY($1::bigint[])', [codeIds, now]);
}
