import type { Queryable } from '../../db/database';

/**
 * Hands a running job back to the queue at once (a worker stopping on SIGTERM whose job outlived the
 * grace period): due now, unclaimed, its attempt number kept. The claim that ran it can no longer
 * record an outcome (jobs.repository.ts fences outcomes by state and attempt), and the next claim by
 * any worker numbers a new attempt, so the job runs again — at least once, as after a crash, but
 * without waiting for the lease to run out.
 */
export async function releaseClaims(
  db: Queryable,
  claims: readonly { id: number; attempts: number }[],
  now: Date,
): Promise<number> {
  if (claims.length === 0) return 0;
  const rows = await db.query(
    `UPDATE jobs SET state = 'pending', run_at = $3, locked_until = NULL, updated_at = $3
      WHERE state = 'running'
        AND (id, attempts) IN (SELECT * FROM unnest($1::bigint[], $2::int[]))
      RETURNING id`,
    [claims.map((c) => c.id), claims.map((c) => c.attempts), now],
  );
  return rows.length;
}
