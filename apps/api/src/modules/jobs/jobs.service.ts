import type { AppDeps } from '../../deps';
import { deleteFinishedJobs } from './jobs.repository';

/** Retention (modules/retention): one batch of finished jobs older than RETENTION_JOBS. */
export function purgeFinishedJobs(deps: AppDeps, batch: number): Promise<number> {
  return deleteFinishedJobs(
    deps.db,
    new Date(deps.clock.now().getTime() - deps.config.RETENTION_JOBS),
    batch,
  );
}

/**
 * The jobs module as the other modules use it: a job is enqueued in the caller's own transaction, and a
 * handler ends its job with the fenced outcome (or a CTE in its own last statement).
 */
export type { Job, JobOutcome } from './job';
export { completedCte, enqueue, enqueueMany, recordOutcome } from './jobs.repository';
export type { JobFinish, JobHandler, StagedJobHandler } from './worker';
