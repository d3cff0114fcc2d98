import { openPostgres } from '../db/postgres';
import type { AppDeps } from '../deps';
import { sweepOverdueOrders, sweepReminders } from '../modules/deadlines';
import {
  type AnyJobDefinition,
  type Sweep,
  Worker,
  type WorkerOptions,
  withJobSignals,
} from '../modules/jobs';
import { sendNotification } from '../modules/notifications';
import { sweepRetention } from '../modules/retention';
import { deliverWebhook } from '../modules/webhooks';
import { bankJobs } from '../workflows/bank-jobs';

/**
 * Every background job the worker runs, as the modules define them. The composition root owns this
 * list (the jobs module knows none of them), so no module depends on another's jobs through it.
 */
export const JOBS: readonly AnyJobDefinition[] = [deliverWebhook, ...bankJobs, sendNotification];

/** Scans that run on the worker's sweep timer (and before each round of `drain`). */
export const SWEEPS: readonly Sweep[] = [sweepOverdueOrders, sweepReminders, sweepRetention];

export function createWorker(deps: AppDeps, options: WorkerOptions) {
  return new Worker(deps, JOBS, SWEEPS, options);
}

/** Connections of the inline worker's own on PostgreSQL (claims, attempt starts and outcomes). */
const INLINE_WORKER_CONNECTIONS = 5;

/**
 * The API process's own worker (WORKER=inline). On PostgreSQL it gets a few connections of its own:
 * sharing the API's pool, every claim and every recorded outcome queued behind the requests waiting
 * for a connection, and under a burst of requests deliveries fell minutes behind. It is still woken
 * by the commits the API's requests make.
 */
export async function createInlineWorker(deps: AppDeps, options: WorkerOptions): Promise<Worker> {
  const url = deps.config.DATABASE_URL;
  if (deps.db.kind !== 'postgres' || !url) return createWorker(deps, options);
  const own = withJobSignals(await openPostgres(url, INLINE_WORKER_CONNECTIONS));
  return new Worker({ ...deps, db: own }, JOBS, SWEEPS, {
    ...options,
    wakeOn: deps.db,
    onStopped: () => own.close(),
  });
}
