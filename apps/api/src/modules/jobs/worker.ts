import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps';
import * as jobs from './jobs.repository';

/** What a handler may ask for instead of plain success. */
export type JobOutcome = { retryAt: Date; error: string } | { failed: string } | undefined;
export type JobHandler = (job: jobs.Job, deps: AppDeps) => Promise<JobOutcome | undefined>;
/** Periodic scans (deadlines, reminders) that run before each batch of jobs. */
export type Sweep = (deps: AppDeps) => Promise<void>;

/** Unexpected errors are retried on this schedule, then the job is marked failed (never dropped). */
const ERROR_BACKOFF_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000];
const DEFAULT_LEASE_MS = 60_000;
const BATCH = 20;

export interface WorkerOptions {
  pollMs: number;
  /** How long a claimed job is this worker's; after it, another worker may claim it again. */
  leaseMs?: number;
  logger?: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
}

/**
 * Runs background jobs from the `jobs` table. Several workers (threads of one process, or separate
 * processes on one PostgreSQL) can run at once: claiming uses FOR UPDATE SKIP LOCKED, so each due
 * job goes to one worker; a job whose worker died is claimed again after its lease (at least once).
 */
export class Worker {
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<unknown> | null = null;
  #stopped = true;

  constructor(
    private readonly deps: AppDeps,
    private readonly handlers: Record<string, JobHandler>,
    private readonly sweeps: readonly Sweep[],
    private readonly options: WorkerOptions,
  ) {}

  /** One round: the sweeps, then one batch of due jobs. Returns how many jobs ran. */
  async runOnce(): Promise<number> {
    for (const sweep of this.sweeps) await sweep(this.deps);
    const now = this.deps.clock.now();
    const due = await jobs.claimDue(this.deps.db, now, this.options.leaseMs ?? DEFAULT_LEASE_MS, BATCH);
    await Promise.all(due.map((job) => this.#run(job)));
    return due.length;
  }

  /** Runs rounds until nothing is due (tests, and `npm run worker --drain`). */
  async drain(maxRounds = 1000): Promise<number> {
    let total = 0;
    for (let i = 0; i < maxRounds; i++) {
      const n = await this.runOnce();
      total += n;
      if (n === 0) return total;
    }
    return total;
  }

  async #run(job: jobs.Job) {
    const handler = this.handlers[job.kind];
    const now = () => this.deps.clock.now();
    if (!handler) {
      await jobs.fail(this.deps.db, job, `no handler for ${job.kind}`, now());
      return;
    }
    try {
      const outcome = await handler(job, this.deps);
      if (outcome && 'retryAt' in outcome)
        await jobs.retryLater(this.deps.db, job, outcome.retryAt, outcome.error, now());
      else if (outcome && 'failed' in outcome) await jobs.fail(this.deps.db, job, outcome.failed, now());
      else await jobs.complete(this.deps.db, job, now());
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.options.logger?.warn({ job: job.id, kind: job.kind, err: message }, 'job failed');
      const delay = ERROR_BACKOFF_MS[job.attempts - 1];
      await (delay === undefined
        ? jobs.fail(this.deps.db, job, message, now())
        : jobs.retryLater(this.deps.db, job, new Date(now().getTime() + delay), message, now())
      ).catch((e: unknown) => this.options.logger?.error({ err: e }, 'could not record job failure'));
    }
  }

  start() {
    this.#stopped = false;
    const tick = async () => {
      if (this.#stopped) return;
      this.#running = this.drain(50).catch((error: unknown) => {
        // The database may be restarting: log and try again on the next tick.
        this.options.logger?.error({ err: error }, 'worker round failed');
      });
      await this.#running;
      this.#running = null;
      if (!this.#stopped) this.#timer = setTimeout(tick, this.options.pollMs);
    };
    this.#timer = setTimeout(tick, 0);
  }

  async stop() {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    await this.#running;
  }
}
