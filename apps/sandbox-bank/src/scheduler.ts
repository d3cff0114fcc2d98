/** Runs a piece of work later; the sandbox banks go through it so that tests can drive time themselves. */
export interface Scheduler {
  schedule(fn: () => Promise<void>, delayMs: number): { cancel(): void };
}

/**
 * The real scheduler: setTimeout, unref'd so that waiting work never keeps a process alive on its own
 * (the server's socket does that). A rejection of `fn` is the caller's to handle; here it is swallowed
 * rather than left to crash the process as an unhandled rejection.
 */
export const timeoutScheduler: Scheduler = {
  schedule(fn, delayMs) {
    const timer = setTimeout(() => {
      fn().catch(() => {});
    }, delayMs);
    timer.unref();
    return { cancel: () => clearTimeout(timer) };
  },
};

interface ManualTask {
  at: number;
  seq: number;
  fn: () => Promise<void>;
}

/**
 * A scheduler for tests, with a virtual clock: nothing runs until `advance(ms)`, which moves the clock
 * forward and runs every task that falls due on the way, earliest first (ties in scheduling order),
 * awaiting each — so work a task schedules for within the same window runs in it too.
 * `now` is the virtual clock, to be passed to the bank as its `now` option.
 */
export class ManualScheduler implements Scheduler {
  private clockMs: number;
  private seq = 0;
  private readonly tasks: ManualTask[] = [];

  constructor(start: Date = new Date()) {
    this.clockMs = start.getTime();
  }

  readonly now = (): Date => new Date(this.clockMs);

  schedule(fn: () => Promise<void>, delayMs: number): { cancel(): void } {
    const task: ManualTask = { at: this.clockMs + Math.max(0, delayMs), seq: this.seq++, fn };
    this.tasks.push(task);
    return {
      cancel: () => {
        const index = this.tasks.indexOf(task);
        if (index >= 0) this.tasks.splice(index, 1);
      },
    };
  }

  /** How many tasks wait to run. */
  get pending(): number {
    return this.tasks.length;
  }

  /** Milliseconds from now to the next task, or null when none waits. */
  nextDueInMs(): number | null {
    const next = this.nextTask();
    return next ? next.at - this.clockMs : null;
  }

  /** Moves the clock forward by `ms`, running each task as its time comes. */
  async advance(ms: number): Promise<void> {
    const target = this.clockMs + ms;
    for (let next = this.nextTask(); next && next.at <= target; next = this.nextTask()) {
      this.tasks.splice(this.tasks.indexOf(next), 1);
      this.clockMs = Math.max(this.clockMs, next.at);
      await next.fn();
    }
    this.clockMs = target;
  }

  private nextTask(): ManualTask | undefined {
    let best: ManualTask | undefined;
    for (const task of this.tasks) {
      if (!best || task.at < best.at || (task.at === best.at && task.seq < best.seq)) best = task;
    }
    return best;
  }
}
