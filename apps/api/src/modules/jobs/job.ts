import type { Database } from '../../db/database';

/** A claimed job as a handler sees it: the payload is the parsed one of its definition. */
export interface Job<Payload = unknown> {
  id: number;
  kind: string;
  payload: Payload;
  attempts: number;
}

/** What a handler may ask for instead of plain success. */
export type JobOutcome = { retryAt: Date; error: string } | { failed: string } | undefined;

/**
 * How a staged job ends: its last writes and the job's own outcome (`recordOutcome`), committed
 * together. Should it throw, the worker retries the job on its error backoff.
 */
export type JobFinish = (db: Database, job: Job) => Promise<void>;
