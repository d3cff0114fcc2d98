import { describe, expect, it } from 'vitest';
import { nextRetryDelayMs, RETRY_WINDOW_MS } from '../src/retry';
import { ManualScheduler } from '../src/scheduler';
import { type TryOutcome, WorkQueue } from '../src/work-queue';

const quiet = () => {};

describe('nextRetryDelayMs', () => {
  it('waits 1 s, 5 s, 30 s, 2 min, 10 min, then every 10 min, up to 24 h of waiting', () => {
    expect([1, 2, 3, 4, 5, 6, 50].map((failures) => nextRetryDelayMs(failures, 0))).toEqual([
      1_000, 5_000, 30_000, 120_000, 600_000, 600_000, 600_000,
    ]);
    expect(nextRetryDelayMs(9, RETRY_WINDOW_MS - 600_000)).toBe(600_000);
    expect(nextRetryDelayMs(9, RETRY_WINDOW_MS - 599_999)).toBeNull();
  });
});

describe('WorkQueue', () => {
  it('tries again on the backoff schedule until a try succeeds', async () => {
    const scheduler = new ManualScheduler(new Date(0));
    const queue = new WorkQueue(scheduler, quiet);
    const triedAt: number[] = [];
    queue.add('g', 'job', 100, async (): Promise<TryOutcome> => {
      triedAt.push(scheduler.now().getTime());
      return triedAt.length < 4 ? 'retry' : 'done';
    });
    await scheduler.advance(3_600_000);
    expect(triedAt).toEqual([100, 1_100, 6_100, 36_100]);
    expect(scheduler.pending).toBe(0);
    await expect(queue.idle()).resolves.toBeUndefined();
  });

  it('gives up after 24 h of waiting, and treats a throw like a failed try', async () => {
    const scheduler = new ManualScheduler(new Date(0));
    const logged: string[] = [];
    const queue = new WorkQueue(scheduler, (msg) => logged.push(msg));
    let tries = 0;
    queue.add('g', 'job', 0, async () => {
      tries += 1;
      throw new Error('boom');
    });
    await scheduler.advance(2 * RETRY_WINDOW_MS);
    // 1 + 5 waits (756 s in all) + floor((86 400 − 756) / 600) = 142 waits of 10 min: 148 tries.
    expect(tries).toBe(148);
    expect(logged.at(-1)).toBe('job: given up after 24 h of retries');
    expect(scheduler.pending).toBe(0);
    await queue.idle();
  });

  it('cancels a group: waiting jobs never run, and idle() resolves', async () => {
    const scheduler = new ManualScheduler(new Date(0));
    const queue = new WorkQueue(scheduler, quiet);
    const ran: string[] = [];
    queue.add('a', 'a1', 1_000, async () => {
      ran.push('a1');
      return 'done';
    });
    queue.add('a', 'a2', 2_000, async () => {
      ran.push('a2');
      return 'done';
    });
    queue.add('b', 'b1', 1_000, async () => {
      ran.push('b1');
      return 'done';
    });
    let idle = false;
    void queue.idle().then(() => {
      idle = true;
    });
    expect(queue.cancelGroup('a')).toBe(2);
    await scheduler.advance(500);
    expect(idle).toBe(false);
    await scheduler.advance(10_000);
    expect(ran).toEqual(['b1']);
    await Promise.resolve();
    expect(idle).toBe(true);
  });

  it('does not repeat a try that was under way when its group was cancelled', async () => {
    const scheduler = new ManualScheduler(new Date(0));
    const queue = new WorkQueue(scheduler, quiet);
    let tries = 0;
    queue.add('a', 'a1', 0, async () => {
      tries += 1;
      queue.cancelGroup('a');
      return 'retry';
    });
    await scheduler.advance(3_600_000);
    expect(tries).toBe(1);
    await queue.idle();
  });

  it('takes no work after close()', async () => {
    const scheduler = new ManualScheduler(new Date(0));
    const queue = new WorkQueue(scheduler, quiet);
    queue.add('a', 'a1', 10, async () => 'done');
    queue.close();
    queue.add('b', 'b1', 10, async () => 'done');
    expect(scheduler.pending).toBe(0);
    await queue.idle();
  });
});
