import type { Queryable } from '../../db/database';
import { toNumber } from '../../db/database';
import type { JobType } from './define-job';
import type { Job, JobOutcome } from './job';
import { noteEnqueued } from './job-signals';
import type { Lane } from './lanes';

export type { Job } from './job';

/**
 * Adds a job in the caller's transaction, so it exists exactly when the change that needs it commits;
 * the commit then wakes the workers (`job-signals.ts`). Its kind and lane come from its type, and the
 * payload is checked against the type's at compile time; `group` (the shop, for webhook deliveries)
 * is what the lane's fairness counts.
 */
export async function enqueue<Payload>(
  tx: Queryable,
  type: JobType<Payload>,
  payload: Payload,
  runAt: Date,
  group: string | null = null,
): Promise<number> {
  const rows = await tx.query<{ id: unknown }>(
    `INSERT INTO jobs (kind, payload, run_at, created_at, updated_at, lane, group_key)
     VALUES ($1, $2, $3, $3, $3, $4, $5) RETURNING id`,
    [type.kind, JSON.stringify(payload), runAt, type.lane, group],
  );
  noteEnqueued(tx);
  return toNumber(rows[0]?.id);
}

/** Several jobs of one type in one statement (a bulk re-send), like `enqueue`. */
export async function enqueueMany<Payload>(
  tx: Queryable,
  type: JobType<Payload>,
  jobs: readonly { payload: Payload; group: string | null }[],
  runAt: Date,
): Promise<void> {
  if (jobs.length === 0) return;
  await tx.query(
    `INSERT INTO jobs (kind, payload, run_at, created_at, updated_at, lane, group_key)
     SELECT $1, p::jsonb, $3, $3, $3, $4, g FROM unnest($2::text[], $5::text[]) AS j(p, g)`,
    [type.kind, jobs.map((j) => JSON.stringify(j.payload)), runAt, type.lane, jobs.map((j) => j.group)],
  );
  noteEnqueued(tx);
}

/**
 * Brings a waiting job forward to `now`: the pending jobs of this type whose payload's `key` is
 * `value` and whose run_at is later. The commit wakes the workers as an enqueue does. Returns how
 * many jobs moved (0: none was waiting — already due, running or finished).
 */
export async function runPendingNow<Payload>(
  tx: Queryable,
  type: JobType<Payload>,
  key: keyof Payload & string,
  value: string,
  now: Date,
): Promise<number> {
  const rows = await tx.query<{ id: unknown }>(
    `UPDATE jobs SET run_at = $4, updated_at = $4
      WHERE kind = $1 AND state = 'pending' AND payload->>$2 = $3 AND run_at > $4
      RETURNING id`,
    [type.kind, key, value, now],
  );
  if (rows.length > 0) noteEnqueued(tx);
  return rows.length;
}

const CLAIMED = `UPDATE jobs SET state = 'running', attempts = attempts + 1, locked_until = $2, updated_at = $1
      WHERE id IN (
        SELECT id FROM jobs
         WHERE %PICK% AND ((state = 'pending' AND run_at <= $1) OR (state = 'running' AND locked_until < $1))
         ORDER BY run_at, id
         LIMIT $3
         FOR UPDATE SKIP LOCKED)
      RETURNING id, kind, payload, attempts`;

/**
 * Claims up to `limit` due jobs of one lane for this worker. SKIP LOCKED lets parallel workers pass
 * over each other's rows; a running job whose lease ran out (its worker died) is due again.
 */
export async function claimDue(
  db: Queryable,
  now: Date,
  leaseMs: number,
  limit: number,
  lane: Lane = 'default',
): Promise<Job[]> {
  const rows = await db.query<Job>(CLAIMED.replace('%PICK%', 'lane = $4'), [
    now,
    new Date(now.getTime() + leaseMs),
    limit,
    lane,
  ]);
  return rows.map(toJob);
}

/** The first key of the lock that makes a fair lane's claims take turns across workers. */
const FAIR_CLAIM_LOCK_CLASS = 0x1a7e;

/**
 * Claims up to `limit` due jobs of a fair lane: no group holds more than `perGroup` running jobs (its
 * live claims across every worker count), and groups are served in turn — every group's oldest due
 * job before any group's second. Claims of the lane take turns under a transaction-scoped advisory
 * lock, so two workers cannot both fill a group's last slot; call it inside a transaction.
 */
export async function claimDueFairly(
  tx: Queryable,
  now: Date,
  leaseMs: number,
  limit: number,
  lane: Lane,
  perGroup: number,
): Promise<Job[]> {
  await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [FAIR_CLAIM_LOCK_CLASS, lane]);
  const pick = `id IN (
           WITH busy AS (
             SELECT group_key, count(*) AS n FROM jobs
              WHERE lane = $4 AND state = 'running' AND locked_until >= $1 AND group_key IS NOT NULL
              GROUP BY group_key
           ), due AS (
             SELECT id, group_key, run_at,
                    row_number() OVER (PARTITION BY group_key ORDER BY run_at, id) AS turn
               FROM jobs
              WHERE lane = $4 AND ((state = 'pending' AND run_at <= $1) OR (state = 'running' AND locked_until < $1))
           )
           SELECT d.id FROM due d LEFT JOIN busy b ON b.group_key = d.group_key
            WHERE d.group_key IS NULL OR d.turn + coalesce(b.n, 0) <= $5
            ORDER BY d.turn, d.run_at, d.id
            LIMIT $3)`;
  const rows = await tx.query<Job>(
    CLAIMED.replace('%PICK%', pick).replace('ORDER BY run_at, id', 'ORDER BY id'),
    [now, new Date(now.getTime() + leaseMs), limit, lane, perGroup],
  );
  return rows.map(toJob);
}

const toJob = (r: Job): Job => ({ ...r, id: toNumber(r.id), attempts: toNumber(r.attempts) });

/**
 * The claim's attempt number fences the outcome: a worker that outlived its lease (the job was
 * claimed again meanwhile) cannot overwrite what the newer claim decided.
 */
const OWN_CLAIM = `id = $1 AND state = 'running' AND attempts = $2`;

type Claim = Pick<Job, 'id' | 'attempts'>;

export async function complete(db: Queryable, job: Claim, now: Date) {
  await db.query(`UPDATE jobs SET state = 'done', locked_until = NULL, updated_at = $3 WHERE ${OWN_CLAIM}`, [
    job.id,
    job.attempts,
    now,
  ]);
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

/**
 * Retention: one batch of finished (done or failed) jobs last changed before `before`. Rows another
 * transaction holds are skipped, not waited for; returns how many went.
 */
export async function deleteFinishedJobs(db: Queryable, before: Date, batch: number): Promise<number> {
  const rows = await db.query(
    `DELETE FROM jobs WHERE id IN (
       SELECT id FROM jobs WHERE state IN ('done', 'failed') AND updated_at < $1
        ORDER BY updated_at LIMIT $2 FOR UPDATE SKIP LOCKED)
     RETURNING id`,
    [before, batch],
  );
  return rows.length;
}
