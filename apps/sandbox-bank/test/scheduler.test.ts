import { describe, expect, it } from 'vitest';
import { ManualScheduler, timeoutScheduler } from '../src/scheduler';

describe('ManualScheduler', () => {
  it('runs tasks as the clock passes them, earliest first, ties in order, and not before', async () => {
    const scheduler = new ManualScheduler(new Date('2025-01-01T00:00:00Z'));
    const ran: string[] = [];
    const log = (name: string) => async () => {
      ran.push(`${name}@${scheduler.now().toISOString().slice(17, 23)}`);
    };
    scheduler.schedule(log('b'), 2_000);
    scheduler.schedule(log('a'), 1_000);
    scheduler.schedule(log('a2'), 1_000);
    scheduler.schedule(async () => {
      ran.push('c');
      scheduler.schedule(log('c-child'), 0);
    }, 1_500);
    const cancelled = scheduler.schedule(log('never'), 1_200);
    cancelled.cancel();
    await scheduler.advance(999);
    expect(ran).toEqual([]);
    expect(scheduler.nextDueInMs()).toBe(1);
    await scheduler.advance(1_001);
    expect(ran).toEqual(['a@01.000', 'a2@01.000', 'c', 'c-child@01.500', 'b@02.000']);
    expect(scheduler.pending).toBe(0);
    expect(scheduler.now().toISOString()).toBe('2025-01-01T00:00:02.000Z');
  });
});

describe('timeoutScheduler', () => {
  it('runs a task on a real timer, and a cancelled one never', async () => {
    const ran: string[] = [];
    timeoutScheduler
      .schedule(async () => {
        ran.push('cancelled');
      }, 0)
      .cancel();
    await new Promise<void>((resolve) => {
      timeoutScheduler.schedule(async () => {
        ran.push('ran');
        resolve();
      }, 0);
    });
    expect(ran).toEqual(['ran']);
  });
});
