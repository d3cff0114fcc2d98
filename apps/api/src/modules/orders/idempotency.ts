import type { Database, Queryable } from '../../db/database';
import { sha256Hex } from '../../shared/crypto';
import { AppError } from '../../shared/errors';
import * as repo from './idempotency.repository';

const KEY_LIFETIME_MS = 24 * 3_600_000;
/**
 * A 'running' claim older than this belongs to a process that died mid-request: take it over. Claims
 * are now written in the work's own transaction, so a committed 'running' row only comes from an
 * older version of the API (or a test that plants one); the rule stays for those.
 */
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

const stillRunning = () =>
  new AppError('IDEMPOTENCY_KEY_IN_USE', 'Запрос с этим Idempotency-Key ещё выполняется. Повторите позже.', {
    field: 'Idempotency-Key',
  });

/**
 * Idempotency-Key per DESIGN §7 (IETF draft, Stripe's practice): the same key and body within 24 h
 * return the first answer; the same key with another body is 422; while the first is running, 409.
 * The claim, the work and the stored answer are one transaction (one durable commit): a stored answer
 * always describes committed data, and a request that dies leaves neither an order nor a claim, so
 * its retry with the same key simply runs again.
 */
export async function runIdempotent<T>(
  db: Database,
  scope: ({ shopId: string } | { bankId: string }) & { key: string | null; request: unknown; now: Date },
  work: (tx: Queryable) => Promise<T>,
): Promise<StoredResponse<T>> {
  if (scope.key === null) return { status: 200, body: await db.transaction(work), replayed: false };
  const key = scope.key;
  const owner: repo.KeyOwner =
    'shopId' in scope ? { store: 'shop', id: scope.shopId } : { store: 'bank', id: scope.bankId };
  const hash = sha256Hex(JSON.stringify(scope.request));
  for (let attempt = 0; attempt < 3; attempt++) {
    const outcome = await db.transaction(async (tx) => {
      const claimed = await repo.claimKey(tx, { owner, key, now: scope.now }, hash);
      if (claimed !== 'claimed') return { claimed } as const;
      const result = await work(tx);
      await repo.storeResponse(tx, owner, key, JSON.stringify(result));
      return { claimed, body: result } as const;
    });
    if (outcome.claimed === 'claimed') return { status: 200, body: outcome.body, replayed: false };
    const row = await repo.findStoredKey(db, owner, key);
    if (!row) {
      // Nothing stored: a twin is still running (409), or the one we conflicted with rolled back or
      // expired away between our two statements (claim again).
      if (outcome.claimed === 'in-flight') throw stillRunning();
      continue;
    }
    const age = scope.now.getTime() - new Date(row.created_at).getTime();
    const expired = age > KEY_LIFETIME_MS || (row.state === 'running' && age > ABANDONED_AFTER_MS);
    if (expired) {
      await repo.deleteStoredKey(db, owner, key, row.created_at);
      continue;
    }
    if (row.request_hash !== hash) {
      throw new AppError(
        'IDEMPOTENCY_KEY_REUSED',
        'Этот Idempotency-Key уже использован с другим телом запроса',
        {
          field: 'Idempotency-Key',
        },
      );
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
