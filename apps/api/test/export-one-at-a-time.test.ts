import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { Database } from '../src/db/database';
import { describeApi } from './support/describe-api';
import { createOrder, demoAuth, errorOf, newShop } from './support/test-app';

/**
 * The database as an API process sees it, with a gate the test closes: while closed, the export's
 * read of a batch of orders waits, so an export stays running for as long as the test needs.
 */
function gatedDatabase(db: Database) {
  let gate: Promise<void> | null = null;
  let open = () => {};
  let reached = () => {};
  let reachedGate: Promise<void> = Promise.resolve();
  const wrapped: Database = {
    kind: db.kind,
    transaction: (work) => db.transaction(work),
    close: async () => {},
    query: async (sql, params) => {
      if (gate && sql.includes('FROM orders o LEFT JOIN clients c')) {
        reached();
        await gate;
      }
      return db.query(sql, params);
    },
  };
  return {
    db: wrapped,
    /** Closes the gate; the promise it returns settles once an export's batch read waits at it. */
    close() {
      gate = new Promise((resolve) => {
        open = resolve;
      });
      reachedGate = new Promise((resolve) => {
        reached = resolve;
      });
      return reachedGate;
    },
    open() {
      gate = null;
      open();
    },
  };
}

/** DESIGN §11 export, at most one running per shop: five parallel exports used to hold 250 MB. */
describeApi('one CSV export per shop at a time', (t) => {
  let gated: ReturnType<typeof gatedDatabase>;
  let app: FastifyInstance;
  beforeAll(async () => {
    gated = gatedDatabase(t.db);
    // A second API process on the same database: the two share nothing but it.
    app = await buildApp({ config: t.config, db: gated.db, clock: t.clock }, { logger: false });
    await app.ready();
    await createOrder(t);
  });
  afterAll(async () => {
    gated.open();
    await app.close();
  });

  const exportCsv = (on: FastifyInstance, headers: Record<string, string> = demoAuth) =>
    on.inject({ method: 'GET', url: '/api/order/orders/export.csv', headers });

  it('a second export of the shop while one streams is 429 with Retry-After: 1, in this process or another', async () => {
    const waiting = gated.close();
    const first = exportCsv(app);
    await waiting;

    for (const on of [t.app, app]) {
      const second = await exportCsv(on);
      expect(second.statusCode, second.body).toBe(429);
      expect(second.headers['retry-after']).toBe('1');
      const error = errorOf(second);
      expect(error.code).toBe('RATE_LIMITED');
      expect(error.message).toBe('Выгрузка заказов магазина уже идёт. Дождитесь её окончания и повторите.');
    }
    // Another shop's export is not held back.
    const other = await newShop(t, 'Своя выгрузка');
    expect((await exportCsv(t.app, other.auth)).statusCode).toBe(200);

    gated.open();
    const done = await first;
    expect(done.statusCode).toBe(200);
    expect(done.body.split('\r\n').filter(Boolean).length).toBeGreaterThanOrEqual(2);
    // Once it has ended, the next one runs.
    expect((await exportCsv(t.app)).statusCode).toBe(200);
    expect((await exportCsv(app)).statusCode).toBe(200);
  });

  it('a client that goes away mid-stream frees the shop for the next export', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const waiting = gated.close();
    const request = http.get({
      host: '127.0.0.1',
      port: (app.server.address() as AddressInfo).port,
      path: '/api/order/orders/export.csv',
      headers: demoAuth,
      agent: false,
    });
    const res = await new Promise<http.IncomingMessage>((resolve) => request.on('response', resolve));
    expect(res.statusCode).toBe(200);
    await waiting;
    expect((await exportCsv(t.app)).statusCode).toBe(429);
    request.destroy();
    gated.open();
    await expect.poll(async () => (await exportCsv(t.app)).statusCode, { timeout: 10_000 }).toBe(200);
  });

  it('an export whose process died holds the shop only until its lease ends', async () => {
    const shop = await newShop(t, 'Упавший процесс');
    const waiting = gated.close();
    const first = exportCsv(app, shop.auth);
    await waiting;
    expect((await exportCsv(t.app, shop.auth)).statusCode).toBe(429);
    // The process dies: its stream never ends and never lets go; only the lease's end frees the shop.
    t.clock.advance(60_000);
    expect((await exportCsv(t.app, shop.auth)).statusCode).toBe(200);
    gated.open();
    expect((await first).statusCode).toBe(200);
  });
});
