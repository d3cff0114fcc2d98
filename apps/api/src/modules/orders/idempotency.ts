import type { Database, Queryable } from '../../db/database';
import { sha256Hex } from '../../shared/crypto';
import { AppError, conflict } from '../../shared/errors';
import { prepared } from '../../shared/prepared';

const KEY_LIFETIME_MS = 24 * 3_600_000;
/**
 * A 'running' claim older than this belongs to a process that died mid-request: take it over. Claims
 * are now written in the work's own transaction, so a committed 'running' row only comes from an
 * older version of the API (or a test that plants one); the rule stays for those.
 */
const ABANDONED_AFTER_MS = 60_000;
/**
 * The first key of the two-key advisory lock that marks a request in flight (the second is a hash of
 * shop and key). The two-key form never collides with the one-key locks used elsewhere.
 */
const IN_FLIGHT_LOCK_CLASS = 0x1de0;

export interface StoredResponse<T> {
  status: number;
  body: T;
  replayed: boolean;
}

export function validateIdempotencyKey(key: string | undefined): string | null {
  if (key === undefined) return null;
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) {
    throw new AppError(
      'VALIDATION_ERROR',
      'Idempotency-Key: от 1 до 255 печатных символов ASCII без пробелов',
      {
        field: 'Idempotency-Key',
      },
    );
  }
  return key;
}

const stillRunning = () => conflict('Запрос с этим Idempotency-Key ещё выполняется. Повторите позже.');

/** What the claim statement found: the key is ours, another request holds it now, or it is stored. */
type Claim = 'claimed' | 'in-flight' | 'taken';

/**
 * Claims the key inside the work's transaction, in one statement. The advisory lock (held until this
 * transaction ends) is what parallel twins see while we run: they answer 409 at once instead of
 * queueing behind our uncommitted row. The row itself conflicts with an answer already stored.
 */
async function claim(
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

/**
 * Idempotency-Key per DESIGN §7 (IETF draft, Stripe's practice): the same key and body within 24 h
 * return the first answer; the same key with another body is 422; while the first is running, 409.
 * The claim, the work and the stored answer are one transaction (one durable commit): a stored answer
 * always describes committed data, and a request that dies leaves neither an order nor a claim, so
 * its retry with the same key simply runs again.
 */
export async function runIdempotent<T>(
  db: Database,
  scope: { shopId: string; key: string | null; request: unknown; now: Date },
  work: (tx: Queryable) => Promise<T>,
): Promise<StoredResponse<T>> {
  if (scope.key === null) return { status: 200, body: await db.transaction(work), replayed: false };
  const key = scope.key;
  const hash = sha256Hex(JSON.stringify(scope.request));
  for (let attempt = 0; attempt < 3; attempt++) {
    const outcome = await db.transaction(async (tx) => {
      const claimed = await claim(tx, { shopId: scope.shopId, key, now: scope.now }, hash);
      if (claimed !== 'claimed') return { claimed } as const;
      const result = await work(tx);
      await tx.query(
        prepared(`UPDATE idempotency_keys SET state = 'done', response_status = 200, response_body = $3
          WHERE shop_id = $1 AND key = $2`),
        [scope.shopId, key, JSON.stringify(result)],
      );
      return { claimed, body: result } as const;
    });
    if (outcome.claimed === 'claimed') return { status: 200, body: outcome.body, replayed: false };
    const rows = await db.query<{
      request_hash: string;
      state: string;
      response_status: number;
      response_body: string | null;
      created_at: Date;
    }>(
      'SELECT request_hash, state, response_status, response_body, created_at FROM idempotency_keys WHERE shop_id = $1 AND key = $2',
      [scope.shopId, key],
    );
    const row = rows[0];
    if (!row) {
      // Nothing stored: a twin is still running (409), or the one we conflicted with rolled back or
      // expired away between our two statements (claim again).
      if (outcome.claimed === 'in-flight') throw stillRunning();
      continue;
    }
    const age = scope.now.getTime() - new Date(row.created_at).getTime();
    const expired = age > KEY_LIFETIME_MS || (row.state === 'running' && age > ABANDONED_AFTER_MS);
    if (expired) {
      await db.query('DELETE FROM idempotency_keys WHERE shop_id = $1 AND key = $2 AND created_at = $3', [
        scope.shopId,
        key,
        row.created_at,
      ]);
      continue;
    }
    if (row.request_hash !== hash) {
      throw new AppError('CONFLICT', 'Этот Idempotency-Key уже использован с другим телом запроса', {
        status: 422,
        field: 'Idempotency-Key',
      });
    }
    if (row.state === 'running') throw stillRunning();
    return {
      status: row.response_status,
      body: JSON.parse(row.response_body ?? 'null') as T,
      replayed: true,
    };
  }
  throw stillRunning();
}
