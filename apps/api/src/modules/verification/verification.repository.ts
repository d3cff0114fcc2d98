import type { Queryable } from '../../db/database';

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
