import type { Queryable } from '../../db/database';

/** The PostgreSQL channel on which committed jobs are announced to worker processes. */
export const JOBS_CHANNEL = 'b2bpay_jobs';

/**
 * Announces committed jobs to the listening workers. Outside the enqueuing transaction on purpose: a
 * NOTIFY inside it would take PostgreSQL's database-wide notification lock until its commit is
 * flushed, serialising every order transaction that announces an event. Asynchronous commit: this is
 * only a wake-up call (workers poll anyway), so it need not wait for the disk.
 */
export async function announceJobs(db: Queryable): Promise<void> {
  await db.query(`SET LOCAL synchronous_commit TO off; NOTIFY ${JOBS_CHANNEL}`);
}

/** Subscribes a connection of its own (node-postgres' Client) to the announcements. */
export async function listenToJobs(connection: { query(sql: string): Promise<unknown> }): Promise<void> {
  await connection.query(`LISTEN ${JOBS_CHANNEL}`);
}
