import { nextRetryDelayMs } from './retry';
import type { Scheduler } from './scheduler';

/** What one try of a piece of work came to: finished (well or for good), or to be tried again later. */
export type TryOutcome = 'done' | 'retry';

export type Log = (msg: string, extra?: object) => void;

interface Job {
  group: string;
  label: string;
  attempt: () => Promise<TryOutcome>;
  failures: number;
  waitedMs: number;
  /** The scheduler's handle while the job waits for its turn; null while it runs. */
  waiting: { cancel(): void } | null;
  cancelled: boolean;
}

/**
 * The sandbox's scheduled work: each job belongs to a group (one bank's application) that can be
 * cancelled at once, is tried again with the backoff of retry.ts while it answers 'retry', and counts
 * towards `idle()` until it is done, cancelled or given up.
 */
export class WorkQueue {
  private readonly groups = new Map<string, Set<Job>>();
  private running = 0;
  private closed = false;
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly scheduler: Scheduler,
    private readonly log: Log,
  ) {}

  /** Schedules `attempt` in `delayMs`; ignored once the queue is closed. */
  add(group: string, label: string, delayMs: number, attempt: () => Promise<TryOutcome>): void {
    if (this.closed) return;
    const job: Job = { group, label, attempt, failures: 0, waitedMs: 0, waiting: null, cancelled: false };
    let jobs = this.groups.get(group);
    if (!jobs) {
      jobs = new Set();
      this.groups.set(group, jobs);
    }
    jobs.add(job);
    this.wait(job, delayMs);
  }

  /** Cancels the group's waiting jobs; a try under way finishes but is not repeated. Returns how many. */
  cancelGroup(group: string): number {
    const jobs = this.groups.get(group);
    if (!jobs) return 0;
    for (const job of jobs) this.cancel(job);
    this.groups.delete(group);
    this.settle();
    return jobs.size;
  }

  /** Resolves once nothing waits or runs. */
  idle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Cancels everything and takes no more work. */
  close(): void {
    this.closed = true;
    for (const group of [...this.groups.keys()]) this.cancelGroup(group);
  }

  private wait(job: Job, delayMs: number): void {
    job.waiting = this.scheduler.schedule(() => this.runOnce(job), delayMs);
  }

  private async runOnce(job: Job): Promise<void> {
    job.waiting = null;
    if (job.cancelled) return;
    this.running += 1;
    let outcome: TryOutcome;
    try {
      outcome = await job.attempt();
    } catch (error) {
      // A bug in a step rather than a failed call: trying again is still the safer course.
      this.log(`${job.label}: failed`, { error: String(error) });
      outcome = 'retry';
    } finally {
      this.running -= 1;
    }
    if (outcome === 'retry' && !job.cancelled) {
      job.failures += 1;
      const delay = nextRetryDelayMs(job.failures, job.waitedMs);
      if (delay !== null) {
        job.waitedMs += delay;
        this.log(`${job.label}: retry in ${delay} ms`, { failures: job.failures });
        this.wait(job, delay);
        return;
      }
      this.log(`${job.label}: given up after 24 h of retries`, { failures: job.failures });
    }
    this.forget(job);
    this.settle();
  }

  private cancel(job: Job): void {
    job.cancelled = true;
    job.waiting?.cancel();
    job.waiting = null;
  }

  private forget(job: Job): void {
    const jobs = this.groups.get(job.group);
    if (!jobs) return;
    jobs.delete(job);
    if (jobs.size === 0) this.groups.delete(job.group);
  }

  private isIdle(): boolean {
    return this.running === 0 && this.groups.size === 0;
  }

  private settle(): void {
    if (!this.isIdle()) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}
