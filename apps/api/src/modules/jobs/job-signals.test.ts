import { beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { describeApi } from '../../../test/support/describe-api';
import type { Database } from '../../db/database';
import { jobType } from './define-job';
import { listenForJobs } from './job-listener';
import { onJobsCommitted, withJobSignals } from './job-signals';
import * as jobs from './jobs.repository';

const signalJob = jobType({ kind: 'test.signal', lane: 'default', payload: z.object({}) });

describeApi('job signals', (t, kind) => {
  let db: Database;
  beforeAll(async () => {
    db = withJobSignals(t.db);
  });

  const countJobs = async () =>
    Number(
      (await t.db.query<{ n: unknown }>("SELECT count(*) AS n FROM jobs WHERE kind = 'test.signal'"))[0]?.n,
    );
  const enqueueIn = (q: Parameters<typeof jobs.enqueue>[0]) => jobs.enqueue(q, signalJob, {}, t.clock.now());

  it('announces a transaction that enqueued only after its commit, and once', async () => {
    const seen: number[] = [];
    const stop = onJobsCommitted(db, () => {
      seen.push(-1);
      // Read at the moment of the announcement: the job must already be visible to others.
      void countJobs().then((n) => seen.push(n));
    });
    try {
      const before = await countJobs();
      await db.transaction(async (tx) => {
        await enqueueIn(tx);
        await enqueueIn(tx);
        expect(seen).toEqual([]); // not inside the transaction
      });
      expect(seen).toEqual([-1]);
      await expect.poll(() => seen.length).toBe(2);
      expect(seen[1]).toBe(before + 2);
    } finally {
      stop();
    }
  });

  it('announces nothing for a rollback or a transaction without jobs; a plain query at once', async () => {
    let announced = 0;
    const stop = onJobsCommitted(db, () => {
      announced += 1;
    });
    try {
      await expect(
        db.transaction(async (tx) => {
          await enqueueIn(tx);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      await db.transaction((tx) => tx.query('SELECT 1'));
      expect(announced).toBe(0);
      await enqueueIn(db);
      expect(announced).toBe(1);
      // The unwrapped database announces nothing (tests and tools that drain by hand).
      await t.db.transaction((tx) => enqueueIn(tx));
      expect(announced).toBe(1);
    } finally {
      stop();
    }
  });

  it.runIf(kind === 'postgres')(
    'with no worker in this process, a commit is announced by NOTIFY to the listening ones',
    async () => {
      let heard = 0;
      let connected: () => void = () => {};
      const ready = new Promise<void>((done) => {
        connected = done;
      });
      // The listener wakes its worker once on connecting (announcements before it are lost).
      const listener = listenForJobs(
        t.databaseUrl as string,
        () => {
          heard += 1;
          connected();
        },
        { reconnectMs: 100 },
      );
      try {
        await ready;
        expect(heard).toBe(1);
        await db.transaction((tx) => enqueueIn(tx));
        await expect.poll(() => heard, { timeout: 10_000 }).toBe(2);

        // Its connection lost (as in a server restart), it connects again, wakes once, and hears on.
        const [killed] = await t.db.query<{ ok: boolean }>(
          `SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity
            WHERE datname = current_database() AND query = 'LISTEN b2bpay_jobs'`,
        );
        expect(killed?.ok).toBe(true);
        await expect.poll(() => heard, { timeout: 10_000 }).toBe(3);
        await db.transaction((tx) => enqueueIn(tx));
        await expect.poll(() => heard, { timeout: 10_000 }).toBe(4);
      } finally {
        await listener.close();
      }
    },
  );
});
