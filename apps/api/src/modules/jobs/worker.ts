import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../../db/database';
import type { AppDeps } from '../../deps';
import {
  type AnyJobDefinition,
  type JobDefinition,
  type PlainJobHandler,
  parseJob,
  type StagedJobHandler,
} from './define-job';
import type { Job, JobFinish, JobOutcome } from './job';
import { listenForJobs } from './job-listener';
import { onJobsCommitted } from './job-signals';
import * as jobs from './jobs.repository';
import { LANES, type Lane, type LaneSettings, laneSettings } from './lanes';
import { releaseClaims } from './lease.repository';

export type { JobFinish, JobOutcome } from './job';

/** Periodic scans (deadlines, reminders); they run on their own timer, and before each drain round. */
export type Sweep = (deps: AppDeps) => Promise<void>;

/** Unexpected errors are retried on this schedule, then the job is marked failed (never dropped). */
const ERROR_BACKOFF_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000];
const DEFAULT_LEASE_MS = 60_000;
/** The most jobs one claim takes. */
const CLAIM_LIMIT = 20;
/** A lost LISTEN connection is reopened this often. */
const RECONNECT_MS = 1000;

/** Timers, injectable so that tests drive the poll and the sweeps by hand. */
export type Schedule = (run: () => void, ms: number) => () => void;
const realSchedule: Schedule = (run, ms) => {
  const timer = setTimeout(run, ms);
  return () => clearTimeout(timer);
};

export interface WorkerOptions {
  /** How long an idle worker waits before looking again (a commit that enqueues wakes it sooner). */
  pollMs: number;
  /** How long a claimed job is this worker's; after it, another worker may claim it again. */
  leaseMs?: number;
  /**
   * Slots of the webhook and default lanes (default WORKER_CONCURRENCY); a slot that frees up is
   * refilled at once. The other lanes' slots come from the settings (`lanes.ts`).
   */
  concurrency?: number;
  /** Lane settings instead of those from the config (tests). */
  lanes?: Partial<Record<Lane, LaneSettings>>;
  /** How often the sweeps run (default: every pollMs, but at most once a second). */
  sweepMs?: number;
  schedule?: Schedule;
  /** Another database whose enqueuing commits wake this worker too (the API's, for the inline worker). */
  wakeOn?: Database;
  /** Runs once the worker has stopped (closes connections it was given for itself). */
  onStopped?: () => Promise<void>;
  logger?: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
}

/** A claimed job, ready to run: its start (if staged) is already committed with the claim. */
interface Claimed {
  job: Job;
  run(): Promise<{ outcome: JobOutcome } | { finish: JobFinish }>;
}

/** A claimed job that cannot run: it is failed with the reason, not retried. */
const failing = (job: Job, reason: string): Claimed => ({
  job,
  run: async () => ({ outcome: { failed: reason } }),
});

type AnyHandler = AnyJobDefinition['handler'];
// biome-ignore lint/suspicious/noExplicitAny: the registry's handlers, each of its own payload type.
type AnyStaged = StagedJobHandler<any, any>;
const isStaged = (h: AnyHandler): h is AnyStaged => typeof h === 'object';

/**
 * Runs background jobs from the `jobs` table. Several workers (threads of one process, or separate
 * processes on one PostgreSQL) can run at once: claiming uses FOR UPDATE SKIP LOCKED, so each due
 * job goes to one worker; a job whose worker died is claimed again after its lease (at least once).
 *
 * Started, a worker keeps `concurrency` jobs running: whenever a slot frees up it claims again, so
 * a slow job holds one slot, not a batch. It is woken by commits that enqueue (`job-signals.ts`; a
 * NOTIFY from other processes on PostgreSQL), and polls every `pollMs` for what no signal announces
 * (retries falling due, expired leases). The sweeps run on their own timer.
 */
export class Worker {
  /** Running jobs, each by its promise: a stop that runs out of grace hands their claims back. */
  readonly #inFlight = new Map<Promise<void>, Job>();
  /** Jobs running now, per lane. */
  readonly #laneJobs = new Map<Lane, Set<Promise<void>>>(LANES.map((lane) => [lane, new Set()]));
  readonly #lanes: Record<Lane, LaneSettings>;
  #claiming: Promise<void> | null = null;
  /** Lanes woken while a claim was under way: claim again for them after it. */
  readonly #wokenMeanwhile = new Set<Lane>();
  #stopped = true;
  #cancelPoll: () => void = () => {};
  #cancelSweep: () => void = () => {};
  #sweeping: Promise<void> | null = null;
  #unsubscribe: (() => Promise<void> | void)[] = [];
  #released = false;

  readonly #definitions: ReadonlyMap<string, AnyJobDefinition>;

  constructor(
    private readonly deps: AppDeps,
    definitions: readonly AnyJobDefinition[],
    private readonly sweeps: readonly Sweep[],
    private readonly options: WorkerOptions,
  ) {
    this.#lanes = { ...laneSettings(deps.config, options.concurrency), ...options.lanes };
    this.#definitions = new Map(definitions.map((d) => [d.kind, d]));
  }

  get #schedule() {
    return this.options.schedule ?? realSchedule;
  }

  /**
   * One round: the sweeps, then one claim of due jobs per lane, run to the end. Returns how many
   * jobs ran.
   */
  async runOnce(): Promise<number> {
    await this.#sweep();
    const claimed: Claimed[] = [];
    for (const lane of LANES) claimed.push(...(await this.#claim(lane, CLAIM_LIMIT)));
    await Promise.all(claimed.map((c) => this.#execute(c)));
    return claimed.length;
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

  /** Jobs running now (tests and logs). */
  get running() {
    return this.#inFlight.size;
  }

  /** Jobs of one lane running now (tests). */
  runningIn(lane: Lane) {
    return this.#laneJobs.get(lane)?.size ?? 0;
  }

  /** Resolves once no claim is under way and no job of the lane is running (tests). */
  async whenIdleIn(lane: Lane) {
    const running = this.#laneJobs.get(lane) ?? new Set();
    while (this.#claiming || running.size > 0) await Promise.all([this.#claiming, ...running]);
  }

  /** Resolves once no claim is under way (tests: what a wake-up was going to start has started). */
  async whenClaimed() {
    while (this.#claiming) await this.#claiming;
  }

  /** Resolves once no claim is under way and no job is running (tests). */
  async whenIdle() {
    while (this.#claiming || this.#inFlight.size > 0) {
      await Promise.all([this.#claiming, ...this.#inFlight.keys()]);
    }
  }

  start() {
    if (!this.#stopped) return;
    this.#stopped = false;
    const wake = () => this.wake();
    this.#unsubscribe.push(onJobsCommitted(this.deps.db, wake));
    if (this.options.wakeOn) this.#unsubscribe.push(onJobsCommitted(this.options.wakeOn, wake));
    const url = this.deps.config.DATABASE_URL;
    if (this.deps.db.kind === 'postgres' && url) {
      const listener = listenForJobs(url, wake, {
        reconnectMs: RECONNECT_MS,
        onError: (err) => this.options.logger?.warn({ err }, 'job listener: connection lost'),
      });
      this.#unsubscribe.push(() => listener.close());
    }
    this.#sweepLater(0);
    this.wake();
  }

  /**
   * Stops claiming and waits for the jobs already running (their outcomes are recorded). With
   * `graceMs` (SIGTERM), jobs still running after it are handed back to the queue, due at once, so
   * another worker takes them now rather than when their lease runs out; returns how many.
   */
  async stop(graceMs?: number): Promise<number> {
    this.#stopped = true;
    this.#cancelPoll();
    this.#cancelSweep();
    await Promise.all(this.#unsubscribe.splice(0).map((u) => u()));
    await this.#claiming;
    await this.#sweeping;
    let handedBack = 0;
    if (graceMs === undefined) {
      await Promise.all(this.#inFlight.keys());
    } else {
      let cancel = () => {};
      const graceOver = new Promise<'grace over'>((resolve) => {
        cancel = this.#schedule(() => resolve('grace over'), graceMs);
      });
      const finished = await Promise.race([Promise.all(this.#inFlight.keys()), graceOver]);
      cancel();
      if (finished === 'grace over' && this.#inFlight.size > 0) {
        const still = [...this.#inFlight.values()];
        handedBack = await releaseClaims(this.deps.db, still, this.deps.clock.now()).catch(
          (error: unknown) => {
            this.options.logger?.error({ err: error }, 'worker: could not hand back running jobs');
            return 0;
          },
        );
        this.options.logger?.warn({ jobs: still.map((j) => j.id) }, 'worker: running jobs handed back');
      }
    }
    if (!this.#released) {
      this.#released = true;
      await this.options.onStopped?.();
    }
    return handedBack;
  }

  /**
   * Look for due jobs now (a commit enqueued one, the poll timer fired: every lane), or in one lane
   * (one of its slots freed up).
   */
  wake(lanes: readonly Lane[] = LANES) {
    if (this.#stopped) return;
    if (this.#claiming) {
      for (const lane of lanes) this.#wokenMeanwhile.add(lane);
      return;
    }
    this.#claiming = this.#fill(lanes).finally(() => {
      this.#claiming = null;
      if (this.#wokenMeanwhile.size > 0) {
        const again = [...this.#wokenMeanwhile];
        this.#wokenMeanwhile.clear();
        this.wake(again);
      }
    });
  }

  /**
   * Claims, lane by lane, until the lane's slots are busy or nothing more of it is due, then polls
   * again after pollMs. A lane whose claim fails does not keep the others from theirs.
   */
  async #fill(lanes: readonly Lane[]) {
    this.#cancelPoll();
    for (const lane of lanes) {
      const slots = this.#lanes[lane].concurrency;
      try {
        while (!this.#stopped) {
          const free = slots - this.runningIn(lane);
          if (free <= 0) break; // a job of the lane that finishes wakes it
          const wanted = Math.min(free, CLAIM_LIMIT);
          const claimed = await this.#claim(lane, wanted);
          for (const c of claimed) this.#launch(lane, c);
          if (claimed.length < wanted) break; // nothing more of the lane is due now
        }
      } catch (error) {
        // The database may be restarting: log and look again on the next poll.
        this.options.logger?.error({ err: error, lane }, 'worker: claiming jobs failed');
      }
    }
    if (!this.#stopped) this.#cancelPoll = this.#schedule(() => this.wake(), this.options.pollMs);
  }

  #launch(lane: Lane, c: Claimed) {
    const laneJobs = this.#laneJobs.get(lane);
    const running: Promise<void> = this.#execute(c).finally(() => {
      this.#inFlight.delete(running);
      laneJobs?.delete(running);
      this.wake([lane]);
    });
    this.#inFlight.set(running, c.job);
    laneJobs?.add(running);
  }

  #sweepLater(ms: number) {
    this.#cancelSweep = this.#schedule(() => {
      if (this.#stopped) return;
      this.#sweeping = this.#sweep()
        .catch((error: unknown) => this.options.logger?.error({ err: error }, 'worker: sweep failed'))
        .finally(() => {
          this.#sweeping = null;
          if (!this.#stopped) this.#sweepLater(this.options.sweepMs ?? Math.max(this.options.pollMs, 1000));
        });
    }, ms);
  }

  async #sweep() {
    for (const sweep of this.sweeps) await sweep(this.deps);
  }

  /**
   * Claims up to `limit` due jobs and, in the same transaction, begins the staged ones. Should that
   * transaction fail (say, a job whose start cannot be written), the jobs are claimed alone and each
   * staged one begins in its own transaction, so that one bad job fails by itself on its backoff
   * instead of stopping every claim.
   */
  async #claim(lane: Lane, limit: number): Promise<Claimed[]> {
    const { db, clock } = this.deps;
    const lease = this.options.leaseMs ?? DEFAULT_LEASE_MS;
    const { perGroup } = this.#lanes[lane];
    const claimDue = (tx: Queryable, now: Date) =>
      perGroup === undefined
        ? jobs.claimDue(tx, now, lease, limit, lane)
        : jobs.claimDueFairly(tx, now, lease, limit, lane, perGroup);
    try {
      return await db.transaction(async (tx) => {
        const now = clock.now();
        const due = await claimDue(tx, now);
        return this.#prepare(tx, due, now);
      });
    } catch (error) {
      this.options.logger?.warn({ err: error }, 'worker: claim with start failed; starting jobs one by one');
      const due = await db.transaction((tx) => claimDue(tx, clock.now()));
      return due.map((job) => this.#oneByOne(job));
    }
  }

  async #prepare(tx: Queryable, due: Job[], now: Date): Promise<Claimed[]> {
    const claimed: Claimed[] = [];
    const staged = new Map<AnyStaged, Job[]>();
    for (const job of due) {
      const ready = this.#parse(job);
      if ('failed' in ready) claimed.push(failing(job, ready.failed));
      else if (isStaged(ready.handler))
        staged.set(ready.handler, [...(staged.get(ready.handler) ?? []), ready.job]);
      else claimed.push(this.#plain(ready.job, ready.handler));
    }
    for (const [handler, list] of staged) {
      const started = await handler.begin(tx, list, this.deps);
      for (const job of list) {
        if (started.has(job.id)) {
          const start = started.get(job.id);
          claimed.push({ job, run: async () => ({ finish: await handler.run(job, start, this.deps) }) });
        } else {
          await jobs.complete(tx, job, now);
        }
      }
    }
    return claimed;
  }

  /**
   * The claimed job with its payload parsed by its definition, and the handler that runs it; or the
   * reason it cannot run (no definition of its kind, a payload that does not match).
   */
  #parse(job: Job): { job: Job; handler: AnyHandler } | { failed: string } {
    const definition: JobDefinition<unknown> | undefined = this.#definitions.get(job.kind);
    if (!definition) return { failed: `no handler for ${job.kind}` };
    const parsed = parseJob(definition, job);
    if ('invalid' in parsed) return { failed: parsed.invalid };
    return { job: parsed.job, handler: definition.handler };
  }

  #plain(job: Job, handler: PlainJobHandler<unknown>): Claimed {
    return { job, run: async () => ({ outcome: await handler(job, this.deps) }) };
  }

  #oneByOne(claimedJob: Job): Claimed {
    const ready = this.#parse(claimedJob);
    if ('failed' in ready) return failing(claimedJob, ready.failed);
    const { job, handler } = ready;
    if (!isStaged(handler)) return this.#plain(job, handler);
    return {
      job,
      run: async () => {
        const started = await this.deps.db.transaction((tx) => handler.begin(tx, [job], this.deps));
        if (!started.has(job.id)) return { outcome: undefined };
        return { finish: await handler.run(job, started.get(job.id), this.deps) };
      },
    };
  }

  async #execute({ job, run }: Claimed) {
    const { db } = this.deps;
    const now = () => this.deps.clock.now();
    try {
      const ran = await run();
      if ('finish' in ran) await ran.finish(db, job);
      else await jobs.recordOutcome(db, job, ran.outcome, now());
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.options.logger?.warn({ job: job.id, kind: job.kind, err: message }, 'job failed');
      const delay = ERROR_BACKOFF_MS[job.attempts - 1];
      await (delay === undefined
        ? jobs.fail(db, job, message, now())
        : jobs.retryLater(db, job, new Date(now().getTime() + delay), message, now())
      ).catch((e: unknown) => this.options.logger?.error({ err: e }, 'could not record job failure'));
    }
  }
}
