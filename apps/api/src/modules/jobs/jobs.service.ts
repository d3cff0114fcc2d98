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
