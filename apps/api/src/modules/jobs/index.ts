/**
 * The jobs module: the queue (`jobs` table) and the worker that runs it. Other modules define their
 * jobs here (`jobType` for what they enqueue, `defineJob` for the handler), enqueue them in their
 * own transaction, and end a staged job with `recordOutcome`; the composition root collects the
 * definitions into a worker.
 */

import type { AppDeps } from '../../deps';
import { deleteFinishedJobs } from './jobs.repository';

export type {
  AnyJobDefinition,
  JobDefinition,
  JobType,
  PlainJobHandler,
  StagedJobHandler,
} from './define-job';
export { defineJob, jobType } from './define-job';
export type { Job, JobFinish, JobOutcome } from './job';
export { onJobsCommitted, withJobSignals } from './job-signals';
export { enqueue, enqueueMany, recordOutcome, runPendingNow } from './jobs.repository';
export type { Lane, LaneSettings } from './lanes';
export { type KindStats, queueStats } from './queue-stats';
export { type Schedule, type Sweep, Worker, type WorkerOptions } from './worker';

/** Retention: one batch of finished jobs older than RETENTION_JOBS. */
export function purgeFinishedJobs(deps: AppDeps, batch: number): Promise<number> {
  return deleteFinishedJobs(
    deps.db,
    new Date(deps.clock.now().getTime() - deps.config.RETENTION_JOBS),
    batch,
  );
}
