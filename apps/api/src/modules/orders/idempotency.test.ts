import { beforeAll, expect, it } from 'vitest';
import { describeApi } from '../../../test/support/describe-api';
import type { TestApp } from '../../../test/support/test-app';
import { runIdempotent } from './idempotency';

/**
 * The claim, the work and the stored answer share one transaction (one durable commit). These are the
 * guarantees that must survive that: a request that fails mid-work leaves neither its writes nor its
 * claim; a twin arriving while the first still runs is answered 409 at once, never a second run.
 */
describeApi('runIdempotent', (t, kind) => {
  let shopId: string;
  beforeAll(async () => {
    shopId = (await t.db.query<{ id: string }>('SELECT id FROM shops WHERE is_demo'))[0]?.id as string;
  });

  const scope = (key: string, request: unknown = { n: 1 }) => ({ shopId, key, request, now: t.clock.now() });
  const claims = async (key: string) =>
    Number(
      (
        await t.db.query<{ n: unknown }>('SELECT count(*) AS n FROM idempotency_keys WHERE key = $1', [key])
      )[0]?.n,
    );
  const marks = async (key: string) =>
    Number(
      (await t.db.query<{ n: unknown }>('SELECT count(*) AS n FROM enquiries WHERE name = $1', [key]))[0]?.n,
    );
  // Any table will do as the work's visible side effect; enquiries has no foreign keys to satisfy.
  const mark = (key: string) => (tx: { query: TestApp['db']['query'] }) =>
    tx.query(`INSERT INTO enquiries (name, phone) VALUES ($1, '+70000000000') RETURNING id`, [key]);

  it('a failure after the claim leaves no writes and no claim; the retry runs and is stored', async () => {
    await expect(
      runIdempotent(t.db, scope('crash-1'), async (tx) => {
        await mark('crash-1')(tx);
        throw new Error('the process died here');
      }),
    ).rejects.toThrow('the process died here');
    expect(await marks('crash-1')).toBe(0);
    expect(await claims('crash-1')).toBe(0);
    const retry = await runIdempotent(t.db, scope('crash-1'), async (tx) => {
      await mark('crash-1')(tx);
      return { ok: 1 };
    });
    expect(retry).toEqual({ status: 200, body: { ok: 1 }, replayed: false });
    const again = await runIdempotent(t.db, scope('crash-1'), async () => ({ ok: 2 }));
    expect(again).toEqual({ status: 200, body: { ok: 1 }, replayed: true });
    expect(await marks('crash-1')).toBe(1);
  });

  it.skipIf(kind === 'pglite')(
    'a twin arriving while the first runs gets 409, not a second run',
    async () => {
      let release = () => {};
      let started = () => {};
      const running = new Promise<void>((resolve) => {
        started = resolve;
      });
      const first = runIdempotent(t.db, scope('twin-1'), async (tx) => {
        await mark('twin-1')(tx);
        started();
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return { first: true };
      });
      await running;
      let secondRan = false;
      await expect(
        runIdempotent(t.db, scope('twin-1'), async () => {
          secondRan = true;
          return { first: false };
        }),
      ).rejects.toMatchObject({ status: 409, code: 'IDEMPOTENCY_KEY_IN_USE' });
      release();
      expect((await first).body).toEqual({ first: true });
      expect(secondRan).toBe(false);
      const replay = await runIdempotent(t.db, scope('twin-1'), async () => ({ first: false }));
      expect(replay).toEqual({ status: 200, body: { first: true }, replayed: true });
      expect(await marks('twin-1')).toBe(1);
    },
  );

  it('the same key with another request is 422, whether or not the first is stored', async () => {
    await runIdempotent(t.db, scope('body-1', { n: 1 }), async () => ({ ok: 1 }));
    await expect(
      runIdempotent(t.db, scope('body-1', { n: 2 }), async () => ({ ok: 2 })),
    ).rejects.toMatchObject({ status: 422, field: 'Idempotency-Key' });
  });
});
