import { afterEach, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { describeApi } from '../../../test/support/describe-api';
import type { Database } from '../../db/database';
import type { AppDeps } from '../../deps';
import { defineJob, type JobType, jobType, type PlainJobHandler } from './define-job';
import { withJobSignals } from './job-signals';
import * as jobs from './jobs.repository';
import type { Lane, LaneSettings } from './lanes';
import { type Schedule, type Sweep, Worker } from './worker';

/** Timers the test fires by hand: nothing here waits for real time to pass. */
class HandTimers {
  #next = 0;
  readonly #pending = new Map<number, { run: () => void; ms: number }>();
  readonly #waiting: { ms: number; resolve: () => void }[] = [];
  readonly schedule: Schedule = (run, ms) => {
    const id = this.#next++;
    this.#pending.set(id, { run, ms });
    for (const waiter of this.#waiting.filter((w) => w.ms === ms)) {
      this.#waiting.splice(this.#waiting.indexOf(waiter), 1);
      waiter.resolve();
    }
    return () => this.#pending.delete(id);
  };
  /**
   * Fires the timers set for `ms`, first waiting for one to be set. The worker re-arms its poll only
   * when a claim ends, and on PostgreSQL a commit's notification can start a claim after whenIdle()
   * has resolved: firing at that moment would find no timer and the test would wait forever.
   */
  async fireWhenSet(ms: number) {
    if (![...this.#pending.values()].some((t) => t.ms === ms)) {
      await within(
        `a timer of ${ms} ms`,
        new Promise<void>((resolve) => this.#waiting.push({ ms, resolve })),
      );
    }
    this.fire(ms);
  }
  /** Fires every timer set for `ms` (the poll and the sweep timers use different periods). */
  fire(ms: number) {
    for (const [id, t] of [...this.#pending]) {
      if (t.ms !== ms) continue;
      this.#pending.delete(id);
      t.run();
    }
  }
}

function deferred() {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** Fails a test that waits for something that never comes, instead of hanging it. */
function within<T>(what: string, promise: Promise<T>, ms = 10_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const guard = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`${what} did not happen`)), ms);
  });
  return Promise.race([promise, guard]).finally(() => clearTimeout(timer));
}

const POLL_MS = 1000;

type TestPayload = { name: string };
const testPayload = z.object({ name: z.string() });
/** One test job per lane the tests use. */
const defaultLaneJob = jobType({ kind: 'test.job', lane: 'default', payload: testPayload });
const webhookLaneJob = jobType({ kind: 'webhook.test-job', lane: 'webhooks', payload: testPayload });
const messageLaneJob = jobType({ kind: 'notification.test-job', lane: 'messages', payload: testPayload });
const SWEEP_MS = 5000;

describeApi('the background worker', (t) => {
  let db: Database;
  let deps: AppDeps;
  const workers: Worker[] = [];
  /** Names of the jobs in the order they started, and a gate per job that holds it until opened. */
  let started: string[] = [];
  const gates = new Map<string, ReturnType<typeof deferred>>();
  const startSignals = new Map<string, ReturnType<typeof deferred>>();
  const startSignal = (name: string) => {
    let signal = startSignals.get(name);
    if (!signal) {
      signal = deferred();
      startSignals.set(name, signal);
    }
    return signal;
  };
  const whenStarted = (name: string) => within(`job ${name} starting`, startSignal(name).promise);
  const testJob: PlainJobHandler<TestPayload> = async (job) => {
    const name = job.payload.name;
    started.push(name);
    startSignal(name).resolve();
    await gates.get(name)?.promise;
    return undefined;
  };
  const definitions = [
    defineJob(defaultLaneJob, testJob),
    defineJob(webhookLaneJob, testJob),
    defineJob(messageLaneJob, testJob),
  ];

  const newWorker = (
    options: { concurrency?: number; sweeps?: Sweep[]; lanes?: Partial<Record<Lane, LaneSettings>> } = {},
  ) => {
    const timers = new HandTimers();
    const worker = new Worker(deps, definitions, options.sweeps ?? [], {
      pollMs: POLL_MS,
      sweepMs: SWEEP_MS,
      concurrency: options.concurrency ?? 4,
      ...(options.lanes ? { lanes: options.lanes } : {}),
      schedule: timers.schedule,
    });
    workers.push(worker);
    return { worker, timers };
  };
  /** Enqueues jobs in one committed transaction of the signalling database. */
  const enqueue = (names: string[], runAt = t.clock.now()) =>
    db.transaction(async (tx) => {
      for (const name of names) await jobs.enqueue(tx, defaultLaneJob, { name }, runAt);
    });
  /** Jobs of a lane's kind, each with its group (the shop of a webhook delivery). */
  const enqueueIn = (type: JobType<TestPayload>, jobsToAdd: [name: string, group: string | null][]) =>
    db.transaction(async (tx) => {
      for (const [name, group] of jobsToAdd) await jobs.enqueue(tx, type, { name }, t.clock.now(), group);
    });
  const states = async () =>
    Object.fromEntries(
      (
        await db.query<{ name: string; state: string }>(
          "SELECT payload->>'name' AS name, state FROM jobs WHERE kind LIKE '%test.job' OR kind LIKE '%test-job' ORDER BY id",
        )
      ).map((r) => [r.name, r.state]),
    );

  beforeAll(async () => {
    db = withJobSignals(t.db);
    deps = { config: t.config, db, clock: t.clock };
  });
  afterEach(async () => {
    for (const gate of gates.values()) gate.resolve();
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    await t.db.query(
      "DELETE FROM jobs WHERE kind IN ('test.job', 'webhook.test-job', 'notification.test-job')",
    );
    started = [];
    gates.clear();
    startSignals.clear();
  });

  it('a commit that enqueues wakes a started worker at once, with no poll firing', async () => {
    const { worker } = newWorker();
    worker.start();
    await worker.whenIdle();
    await enqueue(['a']);
    await whenStarted('a');
    await worker.whenIdle();
    expect(await states()).toEqual({ a: 'done' });
  });

  it('fails a job whose stored payload does not match its definition, with the reason, and runs the rest', async () => {
    // A row of the same kind in another shape (written by hand, or by an older version).
    const otherShape = jobType({
      kind: 'test.job',
      lane: 'default',
      payload: z.object({ name: z.number() }),
    });
    await db.transaction(async (tx) => {
      await jobs.enqueue(tx, defaultLaneJob, { name: 'good' }, t.clock.now());
      await jobs.enqueue(tx, otherShape, { name: 7 }, t.clock.now());
    });
    // @ts-expect-error: enqueueing is type-checked against the job's payload.
    const mistyped = () => jobs.enqueue(db, defaultLaneJob, { name: 7 }, t.clock.now());
    expect(typeof mistyped).toBe('function');
    const { worker } = newWorker();
    await worker.drain();
    expect(started).toEqual(['good']);
    const rows = await db.query<{ name: string; state: string; last_error: string | null }>(
      "SELECT payload->>'name' AS name, state, last_error FROM jobs WHERE kind = 'test.job' ORDER BY id",
    );
    expect(rows).toEqual([
      { name: 'good', state: 'done', last_error: null },
      { name: '7', state: 'failed', last_error: 'test.job: invalid payload (name: Ожидается строка)' },
    ]);
  });

  it('refills a slot as soon as it frees up: a slow job does not hold back the jobs after it', async () => {
    const { worker } = newWorker({ concurrency: 2 });
    gates.set('slow', deferred());
    worker.start();
    await enqueue(['slow', 'quick']);
    await whenStarted('slow');
    await whenStarted('quick');
    // `slow` still runs; the slot `quick` left is taken by the next job as soon as it is enqueued.
    await enqueue(['next']);
    await whenStarted('next');
    expect(await states()).toMatchObject({ slow: 'running', quick: 'done' });
    gates.get('slow')?.resolve();
    await worker.whenIdle();
    expect(await states()).toEqual({ slow: 'done', quick: 'done', next: 'done' });
  });

  it('never runs more jobs at once than its slots', async () => {
    const { worker } = newWorker({ concurrency: 3 });
    const names = ['j1', 'j2', 'j3', 'j4', 'j5'];
    for (const name of names) gates.set(name, deferred());
    worker.start();
    await enqueue(names);
    await Promise.all(['j1', 'j2', 'j3'].map(whenStarted));
    // One claim took as many jobs as there were free slots, and left the others due.
    expect(started).toHaveLength(3);
    expect(worker.running).toBe(3);
    expect(await states()).toEqual({
      j1: 'running',
      j2: 'running',
      j3: 'running',
      j4: 'pending',
      j5: 'pending',
    });
    gates.get('j1')?.resolve();
    await whenStarted('j4');
    expect(started).toHaveLength(4);
    for (const name of names) gates.get(name)?.resolve();
    await worker.whenIdle();
    expect(Object.values(await states())).toEqual(['done', 'done', 'done', 'done', 'done']);
  });

  it('finds jobs that fall due later by its poll', async () => {
    const { worker, timers } = newWorker();
    worker.start();
    await enqueue(['later'], new Date(t.clock.now().getTime() + 60_000));
    await worker.whenIdle();
    expect(await states()).toEqual({ later: 'pending' });
    t.clock.advance(60_000);
    await timers.fireWhenSet(POLL_MS);
    await whenStarted('later');
    await worker.whenIdle();
    expect(await states()).toEqual({ later: 'done' });
  });

  it('runs the sweeps on their own timer, not before each claim', async () => {
    const sweepsDone = [deferred(), deferred(), deferred()];
    let sweeps = 0;
    const sweep: Sweep = async () => {
      sweepsDone[sweeps]?.resolve();
      sweeps += 1;
    };
    const { worker, timers } = newWorker({ concurrency: 2, sweeps: [sweep] });
    worker.start();
    timers.fire(0); // the first sweep runs at start
    await within('the first sweep', sweepsDone[0]?.promise ?? Promise.resolve());
    const names = ['s1', 's2', 's3', 's4', 's5'];
    await enqueue(names);
    await Promise.all(names.map(whenStarted));
    await worker.whenIdle();
    expect(sweeps).toBe(1); // five jobs, two slots, several claims: no sweep before any of them
    await timers.fireWhenSet(SWEEP_MS);
    await within('the second sweep', sweepsDone[1]?.promise ?? Promise.resolve());
    expect(sweeps).toBe(2);
  });

  it('stop() waits for the running jobs and records their outcome', async () => {
    const { worker } = newWorker();
    gates.set('held', deferred());
    worker.start();
    await enqueue(['held']);
    await whenStarted('held');
    const stopping = worker.stop();
    gates.get('held')?.resolve();
    await stopping;
    expect(await states()).toEqual({ held: 'done' });
  });

  it('stop(grace) hands back a job still running after the grace, and another worker takes it at once', async () => {
    gates.set('stuck', deferred());
    const { worker, timers } = newWorker();
    worker.start();
    await enqueue(['stuck', 'quick']);
    await whenStarted('stuck');
    await whenStarted('quick');
    // 'quick' ends within the grace; 'stuck' does not.
    const stopping = worker.stop(10_000);
    await expect.poll(states).toEqual({ stuck: 'running', quick: 'done' });
    await timers.fireWhenSet(10_000);
    expect(await stopping).toBe(1);
    expect(await states()).toEqual({ stuck: 'pending', quick: 'done' });

    // Due now, not when the 60 s lease would have run out: a second worker claims it without the clock moving.
    const firstRun = gates.get('stuck');
    startSignals.delete('stuck');
    gates.set('stuck', deferred());
    const second = newWorker();
    second.worker.start();
    await whenStarted('stuck');
    // The first claim can no longer record an outcome over the second's.
    const [row] = await db.query<{ attempts: number }>(
      "SELECT attempts FROM jobs WHERE payload->>'name' = 'stuck'",
    );
    expect(Number(row?.attempts)).toBe(2);
    firstRun?.resolve(); // the first run ends late: its outcome is fenced off
    gates.get('stuck')?.resolve();
    await second.worker.whenIdle();
    expect(await states()).toEqual({ stuck: 'done', quick: 'done' });
  });

  it('a webhook lane full of slow deliveries does not delay a message: each lane has its own slots', async () => {
    const { worker } = newWorker({
      lanes: { webhooks: { concurrency: 2, perGroup: 2 }, messages: { concurrency: 1 } },
    });
    for (const name of ['w1', 'w2', 'w3']) gates.set(name, deferred());
    worker.start();
    await enqueueIn(webhookLaneJob, [
      ['w1', 'shop-c'],
      ['w2', 'shop-c'],
      ['w3', 'shop-c'],
    ]);
    await Promise.all(['w1', 'w2'].map(whenStarted));
    await enqueueIn(messageLaneJob, [['code', null]]);
    await whenStarted('code');
    await worker.whenIdleIn('messages');
    expect(await states()).toEqual({ w1: 'running', w2: 'running', w3: 'pending', code: 'done' });
    expect(worker.runningIn('webhooks')).toBe(2);
    for (const name of ['w1', 'w2', 'w3']) gates.get(name)?.resolve();
    await worker.whenIdle();
  });

  it('one shop holds at most its share of the webhook lane, across workers; shops are served in turn', async () => {
    const lanes = { webhooks: { concurrency: 4, perGroup: 2 } };
    const first = newWorker({ lanes }).worker;
    const second = newWorker({ lanes }).worker;
    const flood = ['c1', 'c2', 'c3', 'c4', 'c5', 'c6'];
    for (const name of [...flood, 'a1', 'a2', 'a3', 'b1']) gates.set(name, deferred());
    await enqueueIn(webhookLaneJob, [
      ...flood.map((name): [string, string] => [name, 'shop-c']),
      ['a1', 'shop-a'],
      ['a2', 'shop-a'],
      ['a3', 'shop-a'],
    ]);
    first.start();
    second.start();
    await Promise.all(['c1', 'c2', 'a1', 'a2'].map(whenStarted));
    await Promise.all([first.whenClaimed(), second.whenClaimed()]);
    // Eight slots in all, but shop C has 2 of them and shop A 2; the rest wait their turn.
    expect(first.runningIn('webhooks') + second.runningIn('webhooks')).toBe(4);
    expect(started.sort()).toEqual(['a1', 'a2', 'c1', 'c2']);
    // Shop B's delivery is not queued behind shop C's flood: it starts at once.
    await enqueueIn(webhookLaneJob, [['b1', 'shop-b']]);
    await whenStarted('b1');
    // A slot shop C frees goes to shop C's next delivery only.
    gates.get('c1')?.resolve();
    await whenStarted('c3');
    expect(started).not.toContain('a3');
    for (const gate of gates.values()) gate.resolve();
    await Promise.all([first.whenIdle(), second.whenIdle()]);
    expect(new Set(Object.values(await states()))).toEqual(new Set(['done']));
  });
});
