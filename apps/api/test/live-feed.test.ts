import { DEMO_SHOP, type LiveEvent } from '@b2bpay/domain';
import { expect, it } from 'vitest';
import { EventFeed, FEED_POLL_MS, type FeedTimers } from '../src/modules/live';
import { describeApi } from './support/describe-api';

/** The feed's timer run by hand: each tick is started by the test, never waited for. */
class HandTimers implements FeedTimers {
  readonly pending: { run: () => void; ms: number }[] = [];
  setTimeout(run: () => void, ms: number) {
    const entry = { run, ms };
    this.pending.push(entry);
    return entry;
  }
  clearTimeout(handle: unknown) {
    const at = this.pending.indexOf(handle as { run: () => void; ms: number });
    if (at !== -1) this.pending.splice(at, 1);
  }
  /** Runs the next tick and returns the delay it was scheduled with. */
  async tick(feed: EventFeed): Promise<number> {
    const next = this.pending.shift();
    if (!next) throw new Error('no tick scheduled');
    next.run();
    await feed.settled();
    return next.ms;
  }
}

describeApi('the live feed after an idle period', (t) => {
  /** Writes `count` events of the demo shop straight into the outbox, marked by `type`. */
  async function writeEvents(count: number, type: string) {
    await t.db.query(
      `INSERT INTO events (id, shop_id, type, sequence, payload)
       SELECT gen_random_uuid(), $1, $2, g, jsonb_build_object('timestamp', '2026-11-22T10:00:00Z')
         FROM generate_series(1, $3::int) g`,
      [DEMO_SHOP.id, type, count],
    );
  }

  it('a stream opened without Last-Event-ID after 2,000 unread events gets only the new one, on the next tick', async () => {
    const timers = new HandTimers();
    const feed = new EventFeed(t.db, FEED_POLL_MS, timers);
    try {
      // A stream came and went: the feed knew the newest event then, and stopped reading.
      const unsubscribe = await feed.subscribe(DEMO_SHOP.id, null, () => {});
      unsubscribe();
      await timers.tick(feed);
      await writeEvents(2_000, 'old.event');

      const received: LiveEvent[] = [];
      const stop = await feed.subscribe(DEMO_SHOP.id, null, (e) => received.push(e));
      await writeEvents(1, 'new.event');
      // The very next tick, scheduled at most 1 s after the stream opened, carries it.
      expect(await timers.tick(feed)).toBeLessThanOrEqual(1_000);
      expect(received.map((e) => e.event)).toEqual(['new.event']);
      stop();
    } finally {
      await feed.close();
    }
  });

  it('a burst larger than one read reaches an open stream in one tick', async () => {
    const timers = new HandTimers();
    const feed = new EventFeed(t.db, FEED_POLL_MS, timers);
    try {
      const received: LiveEvent[] = [];
      const stop = await feed.subscribe(DEMO_SHOP.id, null, (e) => received.push(e));
      await writeEvents(1_200, 'burst.event');
      expect(await timers.tick(feed)).toBeLessThanOrEqual(1_000);
      expect(received).toHaveLength(1_200);
      expect(new Set(received.map((e) => e.id)).size).toBe(1_200);
      stop();
    } finally {
      await feed.close();
    }
  });

  it('Last-Event-ID after an idle period still replays what was missed, then goes live', async () => {
    const timers = new HandTimers();
    const feed = new EventFeed(t.db, FEED_POLL_MS, timers);
    try {
      const seen: LiveEvent[] = [];
      const first = await feed.subscribe(DEMO_SHOP.id, null, (e) => seen.push(e));
      await writeEvents(1, 'before.gap');
      await timers.tick(feed);
      first();
      const lastId = seen.at(-1)?.id ?? null;
      await writeEvents(3, 'missed.event');

      const received: LiveEvent[] = [];
      const stop = await feed.subscribe(DEMO_SHOP.id, lastId, (e) => received.push(e));
      await writeEvents(1, 'live.event');
      await timers.tick(feed);
      expect(received.map((e) => e.event)).toEqual([
        'missed.event',
        'missed.event',
        'missed.event',
        'live.event',
      ]);
      stop();
    } finally {
      await feed.close();
    }
  });
});
