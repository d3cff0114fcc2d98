import type { Queryable } from '../../db/database';
import { prepared } from '../../shared/prepared';

/**
 * The first key of the two-key advisory lock that marks a request in flight (the second is a hash of
 * shop and key). The two-key form never collides with the one-key locks used elsewhere.
 */
const IN_FLIGHT_LOCK_CLASS = 0x1de0;

/** What the claim statement found: the key is ours, another request holds it now, or it is stored. */
export type Claim = 'claimed' | 'in-flight' | 'taken';

/**
 * Claims the key inside the work's transaction, in one statement. The advisory lock (held until this
 * transaction ends) is what parallel twins see while we run: they answer 409 at once instead of
 * queueing behind our uncommitted row. The row itself conflicts with an answer already stored.
 */
export async function claimKey(
  tx: Queryable,
  scope: { shopId: string; key: string; now: Date },
  hash: string,
): Promise<Claim> {
  const rows = await tx.query<{ locked: boolean; claimed: unknown }>(
    prepared(`WITH lock AS (
       SELECT pg_try_advisory_xact_lock(${IN_FLIGHT_LOCK_CLASS}, hashtext($1::uuid::text || ':' || $2::text)) AS locked
     ), claim AS (
       INSERT INTO idempotency_keys (shop_id, key, request_hash, state, created_at)
       SELECT $1::uuid, $2::text, $3::text, 'running', $4::timestamptz FROM lock WHERE locked
       ON CONFLICT (shop_id, key) DO NOTHING RETURNING key
     )
     SELECT (SELECT locked FROM lock) AS locked, (SELECT count(*) FROM claim) AS claimed`),
    [scope.shopId, scope.key, hash, scope.now],
  );
  const row = rows[0];
  if (!row?.locked) return 'in-flight';
  return Number(row.claimed) === 1 ? 'claimed' : 'taken';
}

/** Stores the answer of the claimed key, in the work's transaction. */
export async function storeResponse(tx: Queryable, shopId: string, key: string, body: string) {
  await tx.query(
    prepared(`UPDATE idempotency_keys SET state = 'done', response_status = 200, response_body = $3
      WHERE shop_id = $1 AND key = $2`),
    [shopId, key, body],
  );
}

export interface StoredKey {
  request_hash: string;
  state: string;
  response_status: number;
  response_body: string | null;
  created_at: Date;
}

export async function findStoredKey(db: Queryable, shopId: string, key: string): Promise<StoredKey | null> {
  const rows = await db.query<StoredKey>(
    'SELECT request_hash, state, response_status, response_body, created_at FROM idempotency_keys WHERE shop_id = $1 AND key = $2',
    [shopId, key],
  );
  return rows[0] ?? null;
}

/** Deletes the stored key, unless it was claimed again meanwhile (another created_at). */
export async function deleteStoredKey(db: Queryable, shopId: string, key: string, createdAt: Date) {
  await db.query('DELETE FROM idempotency_keys WHERE shop_id = $1 AND key = $2 AND created_at = $3', [
    shopId,
    key,
    createdAt,
  ]);
}
