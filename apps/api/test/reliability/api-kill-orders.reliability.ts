import { DEMO_SHOP } from '@b2bpay/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';
import { sleep } from './support/helpers';
import { type ApiProc, startApi } from './support/processes';

/**
 * 1,000 order creations over HTTP while the API process is SIGKILLed mid-load and
 * started again. Every 2xx answer's order must exist with its products, amount and status history;
 * no order may exist twice for one Idempotency-Key; the numbers have no gaps (a number is taken in
 * the order's own transaction). A request whose answer was lost is retried with its key.
 * RELIABILITY_ORDERS (default 1000) and RELIABILITY_KILLS (default 4) size it.
 */
const ORDERS = Number(process.env.RELIABILITY_ORDERS ?? 1000);
const KILLS = Number(process.env.RELIABILITY_KILLS ?? 4);
const CONCURRENCY = 8;

type Outcome =
  | { kind: 'ok'; id: string; replayed: boolean }
  | { kind: 'lost' }
  | { kind: 'status'; status: number; body: string };

describe.skipIf(!process.env.DATABASE_URL)(
  `${ORDERS} order creations while the API process is SIGKILLed`,
  () => {
    let t: TestApp;
    let api: ApiProc | null = null;
    beforeAll(async () => {
      t = await startTestApp('postgres');
    }, 120_000);
    afterAll(async () => {
      await api?.kill('SIGKILL');
      await t.close();
    });

    it('every 2xx order exists with its history, none twice, no gaps in numbers', async () => {
      const env = { DATABASE_URL: t.databaseUrl, WORKER: 'off', RATE_LIMIT_PER_MINUTE: '1000000' };
      api = await startApi(env);
      const port = api.port;
      const bodyOf = (i: number) => ({
        products: [{ name: `Заказ ${i}`, price: 100 + (i % 50), quantity: 1 + (i % 3) }],
      });
      const send = async (i: number): Promise<Outcome> => {
        try {
          const res = await fetch(`http://127.0.0.1:${port}/api/order/orders`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${DEMO_SHOP.secretKey}`,
              'content-type': 'application/json',
              'idempotency-key': `order-${i}`,
            },
            body: JSON.stringify(bodyOf(i)),
            signal: AbortSignal.timeout(20_000),
          });
          const text = await res.text();
          if (res.status === 200) {
            return {
              kind: 'ok',
              id: (JSON.parse(text) as { id: string }).id,
              replayed: res.headers.get('idempotent-replayed') === 'true',
            };
          }
          return { kind: 'status', status: res.status, body: text };
        } catch {
          return { kind: 'lost' };
        }
      };

      const ok = new Map<number, string>();
      const lostOnce = new Set<number>();
      const blocked = new Set<number>();
      const statuses: number[] = [];
      let replays = 0;
      let kills = 0;
      const killAt = Array.from({ length: KILLS }, (_, k) => Math.floor(((k + 1) * ORDERS) / (KILLS + 1)));
      let restarting: Promise<void> | null = null;
      const started = Date.now();

      let next = 0;
      const queue: number[] = [];
      const take = () => (queue.length > 0 ? queue.shift() : next < ORDERS ? next++ : undefined);
      const worker = async () => {
        for (let i = take(); i !== undefined; i = take()) {
          if (restarting) await restarting;
          const outcome = await send(i);
          if (outcome.kind === 'ok') {
            ok.set(i, outcome.id);
            if (outcome.replayed) replays += 1;
          } else if (outcome.kind === 'lost') {
            // The answer never came: retry with the same key once the server is back.
            lostOnce.add(i);
            queue.push(i);
            await sleep(200);
          } else if (outcome.status === 409) {
            // The claim of a request the killed process was running: no order behind it (checked below).
            blocked.add(i);
          } else {
            statuses.push(outcome.status);
          }
          if (kills < KILLS && ok.size >= (killAt[kills] ?? Number.POSITIVE_INFINITY) && !restarting) {
            kills += 1;
            const victim = api;
            restarting = (async () => {
              await victim?.kill('SIGKILL');
              api = await startApi(env, { port });
            })().finally(() => {
              restarting = null;
            });
          }
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      if (restarting) await restarting;
      const seconds = (Date.now() - started) / 1000;

      expect(statuses).toEqual([]);
      expect(kills).toBe(KILLS);
      // Every 2xx answer describes a committed order with its products, amount and history.
      const rows = await t.db.query<{
        id: string;
        order_number: string;
        amount_kopecks: unknown;
        name: string;
        history: unknown;
      }>(
        `SELECT o.id, o.order_number::text AS order_number, o.amount_kopecks, p.name,
              (SELECT count(*) FROM order_status_history h WHERE h.order_id = o.id AND h.to_status = 'client_expected') AS history
         FROM orders o JOIN order_products p ON p.order_id = o.id WHERE o.shop_id = $1`,
        [DEMO_SHOP.id],
      );
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const [i, id] of ok) {
        const row = byId.get(id);
        expect(row, `order ${i} answered 200 but not in the database`).toBeDefined();
        expect(row?.name).toBe(`Заказ ${i}`);
        expect(Number(row?.amount_kopecks)).toBe((100 + (i % 50)) * 100 * (1 + (i % 3)));
        expect(Number(row?.history)).toBe(1);
      }
      // One order per key at most, and no order nobody asked for.
      const perName = new Map<string, number>();
      for (const r of rows) perName.set(r.name, (perName.get(r.name) ?? 0) + 1);
      expect([...perName.values()].every((n) => n === 1)).toBe(true);
      expect(rows).toHaveLength(ok.size);
      // A claim left 'running' by a killed process has no order: its work never committed.
      const running = await t.db.query<{ key: string }>(
        "SELECT key FROM idempotency_keys WHERE state = 'running'",
      );
      for (const { key } of running) expect(perName.has(`Заказ ${key.replace('order-', '')}`)).toBe(false);
      expect(blocked.size).toBeLessThanOrEqual(running.length);
      // Numbers are taken inside the order's transaction: no gaps, no repeats.
      const numbers = rows.map((r) => Number(r.order_number)).sort((a, b) => a - b);
      expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, k) => k + 1));
      expect(ok.size + blocked.size).toBe(ORDERS);
      console.log(
        `API kills: ${ORDERS} creations, ${kills} SIGKILLs in ${seconds.toFixed(1)} s; ${ok.size} answered 200 ` +
          `(${replays} replays of a lost answer), ${lostOnce.size} answers lost and retried with their key, ` +
          `${blocked.size} keys still claimed by a killed request (409 for ≤ 60 s, no order behind them)`,
      );
    }, 600_000);
  },
);
