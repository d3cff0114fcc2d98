import type { Queryable } from '../../db/database';
import { toNumber } from '../../db/database';
import { noteEnqueued } from './job-signals';
import type { JobOutcome } from './worker';

export interface Job {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
}

/**
 * Adds a job in the caller's transaction, so it exists exactly when the change that needs it commits;
 * the commit then wakes the workers (`job-signals.ts`).
 */
export async function enqueue(tx: Queryable, kind: string, payload: object, runAt: Date): Promise<number> {
  const rows = await tx.query<{ id: unknown }>(
    'INSERT INTO jobs (kind, payload, run_at, created_at, updated_at) VALUES ($1, $2, $3, $3, $3) RETURNING id',
    [kind, JSON.stringify(payload), runAt],
  );
  noteEnqueued(tx);
  return toNumber(rows[0]?.id);
}

/**
 * Claims up to `limit` due jobs for this worker. SKIP LOCKED lets parallel workers pass over each
 * other's rows; a running job whose lease ran out (its worker died) is due again.
 */
export async function claimDue(db: Queryable, now: Date, leaseMs: number, limit: number): Promise<Job[]> {
  const rows = await db.query<Job>(
    `UPDATE jobs SET state = 'running', attempts = attempts + 1, locked_until = $2, updated_at = $1
      WHERE id IN (
        SELECT id FROM jobs
         WHERE (state = 'pending' AND run_at <= $1) OR (state = 'running' AND locked_until < $1)
         ORDER BY run_at, id
         LIMIT $3
         FOR UPDATE SKIP LOCKED)
      RETURNING id, kind, payload, attempts`,
    [now, new Date(now.getTime() + leaseMs), limit],
  );
  return rows.map((r) => ({ ...r, id: toNumber(r.id), attempts: toNumber(r.attempts) }));
}

/**
 * The claim's attempt number fences the outcome: a worker that outlived its lease (the job was
 * claimed again meanwhile) cannot overwrite what the newer claim decided.
 */
const ownClaim = (id: string, attempts: string) =>
  `id = ${id} AND state = 'running' AND attempts = ${attempts}`;
const OWN_CLAIM = ownClaim('$1', '$2');

type Claim = Pick<Job, 'id' | 'attempts'>;

export async function complete(db: Queryable, job: Claim, now: Date) {
  await db.query(`UPDATE jobs SET state = 'done', locked_until = NULL, updated_at = $3 WHERE ${OWN_CLAIM}`, [
    job.id,
    job.attempts,
    now,
  ]);
}

/**
 * `complete` as a CTE named `job_done`, for a handler that ends its job in one statement together
 * with its own writes (one round trip, one commit); the arguments are the statement's parameter
 * references for the job's id, its claim's attempts and the time.
 */
export function completedCte(id: string, attempts: string, now: string): string {
  return `job_done AS (
    UPDATE jobs SET state = 'done', locked_until = NULL, updated_at = ${now} WHERE ${ownClaim(id, attempts)})`;
}

export async function retryLater(db: Queryable, job: Claim, runAt: Date, error: string, now: Date) {
  await db.query(
    `UPDATE jobs SET state = 'pending', run_at = $3, locked_until = NULL, last_error = $4, updated_at = $5 WHERE ${OWN_CLAIM}`,
    [job.id, job.attempts, runAt, error.slice(0, 1000), now],
  );
}

export async function fail(db: Queryable, job: Claim, error: string, now: Date) {
  await db.query(
    `UPDATE jobs SET state = 'failed', locked_until = NULL, last_error = $3, updated_at = $4 WHERE ${OWN_CLAIM}`,
    [job.id, job.attempts, error.slice(0, 1000), now],
  );
}

/** A handler's outcome, fenced by the job's claim: retry at a time, failed, or (nothing) done. */
export function recordOutcome(db: Queryable, job: Claim, outcome: JobOutcome, now: Date): Promise<void> {
  if (outcome && 'retryAt' in outcome) return retryLater(db, job, outcome.retryAt, outcome.error, now);
  if (outcome && 'failed' in outcome) return fail(db, job, outcome.failed, now);
  return complete(db, job, now);
}
