import type { Queryable } from '../../db/database';
import { prepared } from '../../shared/prepared';

/**
 * The first key of the two-key advisory lock that marks a request in flight (the second is a hash of
 * shop and key). The two-key form never collides with the one-key locks used elsewhere.
 */
const IN_FLIGHT_LOCK_CLASS = 0x1de0;

/** Whose keys: a shop's (idempotency_keys, by shop id) or a partner bank's (bank_idempotency_keys). */
export interface KeyOwner {
  store: 'shop' | 'bank';
  id: string;
}

/** The two stores' statements: the same shape, another table and owner column. */
function sqlFor(store: KeyOwner['store']) {
  const [table, column, cast, lockClass] =
    store === 'shop'
      ? (['idempotency_keys', 'shop_id', 'uuid', IN_FLIGHT_LOCK_CLASS] as const)
      : (['bank_idempotency_keys', 'bank', 'text', IN_FLIGHT_LOCK_CLASS + 1] as const);
  return {
    claim: prepared(`WITH lock AS (
       SELECT pg_try_advisory_xact_lock(${lockClass}, hashtext($1::${cast}::text || ':' || $2::text)) AS locked
     ), claim AS (
       INSERT INTO ${table} (${column}, key, request_hash, state, created_at)
       SELECT $1::${cast}, $2::text, $3::text, 'running', $4::timestamptz FROM lock WHERE locked
       ON CONFLICT (${column}, key) DO NOTHING RETURNING key
     )
     SELECT (SELECT locked FROM lock) AS locked, (SELECT count(*) FROM claim) AS claimed`),
    store: prepared(`UPDATE ${table} SET state = 'done', response_status = 200, response_body = $3
      WHERE ${column} = $1 AND key = $2`),
    find: `SELECT request_hash, state, response_status, response_body, created_at FROM ${table} WHERE ${column} = $1 AND key = $2`,
    remove: `DELETE FROM ${table} WHERE ${column} = $1 AND key = $2 AND created_at = $3`,
  };
}
const STATEMENTS = { shop: sqlFor('shop'), bank: sqlFor('bank') };

/** What the claim statement found: the key is ours, another request holds it now, or it is stored. */
export type Claim = 'claimed' | 'in-flight' | 'taken';

/**
 * Claims the key inside the work's transaction, in one statement. The advisory lock (held until this
 * transaction ends) is what parallel twins see while we run: they answer 409 at once instead of
 * queueing behind our uncommitted row. The row itself conflicts with an answer already stored.
 */
export async function claimKey(
  tx: Queryable,
  scope: { owner: KeyOwner; key: string; now: Date },
  hash: string,
): Promise<Claim> {
  const rows = await tx.query<{ locked: boolean; claimed: unknown }>(STATEMENTS[scope.owner.store].claim, [
    scope.owner.id,
    scope.key,
    hash,
    scope.now,
  ]);
  const row = rows[0];
  if (!row?.locked) return 'in-flight';
  return Number(row.claimed) === 1 ? 'claimed' : 'taken';
}

/** Stores the answer of the claimed key, in the work's transaction. */
export async function storeResponse(tx: Queryable, owner: KeyOwner, key: string, body: string) {
  await tx.query(STATEMENTS[owner.store].store, [owner.id, key, body]);
}

export interface StoredKey {
  request_hash: string;
  state: string;
  response_status: number;
  response_body: string | null;
  created_at: Date;
}

export async function findStoredKey(db: Queryable, owner: KeyOwner, key: string): Promise<StoredKey | null> {
  const rows = await db.query<StoredKey>(STATEMENTS[owner.store].find, [owner.id, key]);
  return rows[0] ?? null;
}

/** Deletes the stored key, unless it was claimed again meanwhile (another created_at). */
export async function deleteStoredKey(db: Queryable, owner: KeyOwner, key: string, createdAt: Date) {
  await db.query(STATEMENTS[owner.store].remove, [owner.id, key, createdAt]);
}
