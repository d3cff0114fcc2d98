import type { AppDeps } from '../../deps';
import { purgeOldAudit } from '../audit';
import { purgeEndedLinks } from '../cabinet';
import { purgeFinishedJobs } from '../jobs';
import { purgeFinishedNotifications } from '../notifications';
import { purgeOldIdempotencyKeys } from '../orders';
import { purgeEndedSessionsOf } from '../sessions';
import { purgeExpiredCodes } from '../verification';
import { purgeFinishedEvents, purgeOldAttempts } from '../webhooks';

/** One batch of one table's expired rows; resolves to how many went. */
type Purge = (deps: AppDeps, batch: number) => Promise<number>;

/**
 * What the retention sweep deletes, each on its own setting (README, "Settings"). Attempts go before
 * events so that a delivery's log thins out while the delivery itself is still listed.
 */
export const PURGES: Record<string, Purge> = {
  jobs: purgeFinishedJobs,
  webhook_attempts: purgeOldAttempts,
  events: purgeFinishedEvents,
  notifications: purgeFinishedNotifications,
  verification_codes: purgeExpiredCodes,
  idempotency_keys: purgeOldIdempotencyKeys,
  audit_log: purgeOldAudit,
  cabinet_sessions: purgeEndedSessionsOf('cabinet'),
  staff_sessions: purgeEndedSessionsOf('staff'),
  cabinet_tokens: purgeEndedLinks,
};

/**
 * Batches one run deletes per table at most: a backlog (the first run after an upgrade) is worked
 * off over several runs instead of one long one.
 */
const MAX_BATCHES_PER_RUN = 20;

/**
 * Deletes what has outlived its retention, table by table, in batches of RETENTION_BATCH rows: each
 * batch is its own short statement that skips rows other transactions hold, so the hot tables are
 * never locked for long. Returns how many rows went, per table.
 */
export async function runRetention(deps: AppDeps): Promise<Record<string, number>> {
  const batch = deps.config.RETENTION_BATCH;
  const deleted: Record<string, number> = {};
  for (const [table, purge] of Object.entries(PURGES)) {
    let total = 0;
    for (let i = 0; i < MAX_BATCHES_PER_RUN; i++) {
      const n = await purge(deps, batch);
      total += n;
      if (n < batch) break;
    }
    deleted[table] = total;
  }
  return deleted;
}

const lastRun = new WeakMap<AppDeps['db'], number>();

/**
 * The worker's sweep: `runRetention` at most every RETENTION_SWEEP_EVERY per database handle (the
 * other sweeps run every poll; this one has nothing urgent to do).
 */
export async function sweepRetention(deps: AppDeps): Promise<void> {
  const now = deps.clock.now().getTime();
  const last = lastRun.get(deps.db);
  if (last !== undefined && now - last < deps.config.RETENTION_SWEEP_EVERY) return;
  lastRun.set(deps.db, now);
  await runRetention(deps);
}
