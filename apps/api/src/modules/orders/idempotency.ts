import type { Database, Queryable } from '../../db/database';
import { sha256Hex } from '../../shared/crypto';
import { AppError, conflict } from '../../shared/errors';

const KEY_LIFETIME_MS = 24 * 3_600_000;
/** A 'running' claim older than this belongs to a process that died mid-request: take it over. */
const ABANDONED_AFTER_MS = 60_000;

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

/**
 * Idempotency-Key per DESIGN §7 (IETF draft, Stripe's practice): the same key and body within 24 h
 * return the first answer; the same key with another body is 422; while the first is running, 409.
 * The claim is committed on its own so parallel twins see it; the answer is stored in the same
 * transaction as the work, so a stored answer always describes committed data.
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
    const claimed = await db.query(
      `INSERT INTO idempotency_keys (shop_id, key, request_hash, state, created_at) VALUES ($1, $2, $3, 'running', $4)
       ON CONFLICT (shop_id, key) DO NOTHING RETURNING key`,
      [scope.shopId, key, hash, scope.now],
    );
    if (claimed.length === 1) {
      try {
        const body = await db.transaction(async (tx) => {
          const result = await work(tx);
          await tx.query(
            `UPDATE idempotency_keys SET state = 'done', response_status = 200, response_body = $3
              WHERE shop_id = $1 AND key = $2`,
            [scope.shopId, key, JSON.stringify(result)],
          );
          return result;
        });
        return { status: 200, body, replayed: false };
      } catch (error) {
        // Nothing was committed, so the key is free again for an honest retry.
        await db.query('DELETE FROM idempotency_keys WHERE shop_id = $1 AND key = $2', [scope.shopId, key]);
        throw error;
      }
    }
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
    if (!row) continue; // deleted by a failed twin between our two statements: claim again
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
    if (row.state === 'running')
      throw conflict('Запрос с этим Idempotency-Key ещё выполняется. Повторите позже.');
    return {
      status: row.response_status,
      body: JSON.parse(row.response_body ?? 'null') as T,
      replayed: true,
    };
  }
  throw conflict('Запрос с этим Idempotency-Key ещё выполняется. Повторите позже.');
}
