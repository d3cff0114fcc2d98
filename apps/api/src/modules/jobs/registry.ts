import { openPostgres } from '../../db/postgres';
import type { AppDeps } from '../../deps';
import { bankJobHandlers } from '../banks/banks.service';
import { sweepOverdueOrders, sweepReminders } from '../deadlines/deadlines.service';
import { sendNotification } from '../notifications/notifications.service';
import { sweepRetention } from '../retention/retention.service';
import { deliverWebhook } from '../webhooks/webhooks.service';
import { withJobSignals } from './job-signals';
import { type AnyJobHandler, type Sweep, Worker, type WorkerOptions } from './worker';

/** Every background job kind and the module that handles it. */
export const JOB_HANDLERS: Record<string, AnyJobHandler> = {
  'webhook.deliver': deliverWebhook,
  ...bankJobHandlers,
  'notification.send': sendNotification,
};

/** Scans that run on the worker's sweep timer (and before each round of `drain`). */
export const SWEEPS: Sweep[] = [sweepOverdueOrders, sweepReminders, sweepRetention];

export function createWorker(deps: AppDeps, options: WorkerOptions) {
  return new Worker(deps, JOB_HANDLERS, SWEEPS, options);
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
  return new Worker({ ...deps, db: own }, JOB_HANDLERS, SWEEPS, {
    ...options,
    wakeOn: deps.db,
    onStopped: () => own.close(),
  });
}
