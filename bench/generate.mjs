#!/usr/bin/env node
// Fills a PostgreSQL database (DATABASE_URL) with the benchmark data set, server-side with
// generate_series, so 1,000,000 orders take minutes rather than hours:
//   - one big shop with --orders orders (default 1,000,000) over two years, 1–10 products each,
//     realistic statuses, a buyer (clients row) for the orders that got past step 1 (about half),
//     a status-history row for creation and one for the current status;
//   - --shops other shops (default 100) with --small orders each (default 1,000).
// Everything is deterministic (order i's status, products and prices are functions of i), except the
// UUIDs. The database must be migrated first (bench/run.mjs does it). Run: tsx bench/generate.mjs.
import { createHash } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';

export const BIG_SHOP = {
  id: 'b0000000-0000-4000-8000-000000000001',
  secretKey: 'sk_bench_big_0000000000000000000000000001',
  publishableKey: 'pk_bench_big_0000000000000000000000000001',
};
export const OTHER_SHOP_KEY = (n) => `sk_bench_small_${String(n).padStart(26, '0')}`;
export const OTHER_SHOP_ID = (n) => `b0000000-0000-4000-8000-${String(100000 + n).padStart(12, '0')}`;
/** The data set's "now": the newest order is a little before it. */
export const DATA_NOW = '2026-06-01T09:00:00Z';

const sha = (s) => createHash('sha256').update(s).digest('hex');

/**
 * Status of order i of n, a function of i (a multiplicative hash) and of its age: the newest ~0.5 %
 * still await the buyer; older ones are spread like a working shop's history.
 */
const STATUS_SQL = (i, n) => `CASE
  WHEN ${i} > ${n} * 0.995 THEN 'client_expected'
  ELSE (CASE
    WHEN (${i} * 2654435761::bigint % 1000) < 300 THEN 'payment_sent'
    WHEN (${i} * 2654435761::bigint % 1000) < 380 THEN 'app_approved'
    WHEN (${i} * 2654435761::bigint % 1000) < 480 THEN 'app_rejected'
    WHEN (${i} * 2654435761::bigint % 1000) < 500 THEN 'bank_info_expected'
    WHEN (${i} * 2654435761::bigint % 1000) < 960 THEN 'client_info_overdue'
    ELSE 'client_expected' END)
  END`;

async function fillShop(c, { shopId, shopIndex, n, start, end, log }) {
  const t0 = Date.now();
  // Client ids: big shop = order number; small shop k = 10,000,000 + k*100,000 + order number.
  const clientBase = shopIndex === 0 ? 0 : 10_000_000 + shopIndex * 100_000;
  await c.query('DROP TABLE IF EXISTS bench_gen');
  await c.query(`CREATE TEMP TABLE bench_gen AS
    SELECT i, gen_random_uuid() AS id,
           ${STATUS_SQL('i', n)} AS status,
           timestamptz '${start}' + (timestamptz '${end}' - timestamptz '${start}') * ((i - 1)::float8 / ${n})
             + make_interval(secs => ((i * 40503) % 997) / 997.0 * (extract(epoch FROM timestamptz '${end}' - timestamptz '${start}') / ${n}) * 0.9) AS created_at,
           1 + (i * 7919 % 10) AS products
      FROM generate_series(1::bigint, ${n}::bigint) AS i`);
  await c.query(`ALTER TABLE bench_gen ADD COLUMN has_client boolean`);
  await c.query(`UPDATE bench_gen SET has_client = status NOT IN ('client_expected', 'client_info_overdue')`);
  await c.query(`INSERT INTO clients (id, email, phone_number, name, surname, middlename, full_name, inn, organization_name,
                                      email_confirmed, sms_confirmed, created_at, updated_at)
    SELECT ${clientBase} + i, 'buyer' || i || '@example.ru', '+7999' || lpad((i % 10000000)::text, 7, '0'),
           'Иван', 'Петров', 'Сергеевич', 'Петров Иван Сергеевич', '7707083893', 'ООО «Покупатель ' || i || '»',
           true, true, created_at + interval '10 minutes', created_at + interval '10 minutes'
      FROM bench_gen WHERE has_client`);
  await c.query(`INSERT INTO orders (id, shop_id, order_number, status, amount_kopecks, webhook_url, client_id, deadline_at,
                                     link_opened_at, submitted_at, created_at, updated_at)
    SELECT g.id, '${shopId}', g.i, g.status,
           (SELECT sum((10000 + (g.i * 31 + j * 7) % 500000) * (1 + (g.i + j) % 5)) FROM generate_series(1, g.products) j),
           NULL, CASE WHEN g.has_client THEN ${clientBase} + g.i END, g.created_at + interval '72 hours',
           CASE WHEN g.status <> 'client_expected' OR g.i % 3 = 0 THEN g.created_at + interval '5 minutes' END,
           CASE WHEN g.has_client THEN g.created_at + interval '20 minutes' END,
           g.created_at, g.created_at + CASE WHEN g.status = 'client_expected' THEN interval '0' ELSE interval '1 day' END
      FROM bench_gen g ORDER BY g.i`);
  await c.query(`INSERT INTO order_products (order_id, position, name, price_kopecks, quantity)
    SELECT g.id, j - 1, 'Товар ' || ((g.i * 13 + j) % 5000), 10000 + (g.i * 31 + j * 7) % 500000, 1 + (g.i + j) % 5
      FROM bench_gen g, generate_series(1, g.products) j ORDER BY g.i, j`);
  await c.query(`INSERT INTO order_status_history (order_id, from_status, to_status, actor, reason, created_at)
    SELECT id, NULL, 'client_expected', 'shop', 'Заказ создан', created_at FROM bench_gen ORDER BY i`);
  await c.query(`INSERT INTO order_status_history (order_id, from_status, to_status, actor, reason, created_at)
    SELECT id, 'client_expected', status, 'system', 'bench', created_at + interval '1 day'
      FROM bench_gen WHERE status <> 'client_expected' ORDER BY i`);
  await c.query(`UPDATE shops SET last_order_number = ${n} WHERE id = '${shopId}'`);
  await c.query('DROP TABLE bench_gen');
  if (log) log(`  shop ${shopIndex}: ${n} orders in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

export async function generate({ url, orders, shops, small, log = console.log }) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const t0 = Date.now();
  try {
    const exists = await c.query('SELECT 1 FROM shops WHERE id = $1', [BIG_SHOP.id]);
    if (exists.rowCount) throw new Error('the benchmark data is already there: use a fresh database');
    await c.query('SET synchronous_commit = off'); // the generator only; the benchmarks run with the default
    await c.query("SET maintenance_work_mem = '512MB'");
    await c.query("SET work_mem = '256MB'");
    await c.query(
      `INSERT INTO shops (id, name, email, webhook_secret, is_demo) VALUES ($1, 'ООО «Большой магазин»', 'big@example.ru', 'whsec_YmVuY2gtYmlnLXNob3Atc2VjcmV0LTAwMDAwMDAx', false)`,
      [BIG_SHOP.id],
    );
    await c.query(
      `INSERT INTO api_keys (shop_id, kind, key_hash, key_hint) VALUES ($1, 'secret', $2, 'sk_…0001'), ($1, 'publishable', $3, 'pk_…0001')`,
      [BIG_SHOP.id, sha(BIG_SHOP.secretKey), sha(BIG_SHOP.publishableKey)],
    );
    for (let k = 1; k <= shops; k++) {
      await c.query(
        `INSERT INTO shops (id, name, email, webhook_secret) VALUES ($1, $2, $3, 'whsec_YmVuY2gtc21hbGwtc2hvcC1zZWNyZXQtMDAwMDAw')`,
        [OTHER_SHOP_ID(k), `ООО «Магазин ${k}»`, `shop${k}@example.ru`],
      );
      await c.query(
        `INSERT INTO api_keys (shop_id, kind, key_hash, key_hint) VALUES ($1, 'secret', $2, 'sk_…')`,
        [OTHER_SHOP_ID(k), sha(OTHER_SHOP_KEY(k))],
      );
    }
    // Row triggers (the per-day status counters of migration 006, when present) are rebuilt in one
    // pass below instead of firing millions of times.
    await c.query('ALTER TABLE orders DISABLE TRIGGER USER');
    const end = new Date(new Date(DATA_NOW).getTime() - 3_600_000).toISOString();
    const start = new Date(new Date(DATA_NOW).getTime() - 730 * 86_400_000).toISOString();
    await c.query('BEGIN');
    await fillShop(c, { shopId: BIG_SHOP.id, shopIndex: 0, n: orders, start, end, log });
    await c.query('COMMIT');
    await c.query('BEGIN');
    for (let k = 1; k <= shops; k++) {
      await fillShop(c, {
        shopId: OTHER_SHOP_ID(k),
        shopIndex: k,
        n: small,
        start,
        end,
        log: k % 25 === 0 ? log : null,
      });
    }
    await c.query('COMMIT');
    await c.query('ALTER TABLE orders ENABLE TRIGGER USER');
    await c.query(`SELECT setval('clients_id_seq', (SELECT max(id) FROM clients))`);
    const counters = await c.query(`SELECT to_regclass('order_counts') AS t`);
    if (counters.rows[0].t) {
      await c.query('DELETE FROM order_counts');
      await c.query(`INSERT INTO order_counts (shop_id, day, status, n)
        SELECT shop_id, ((created_at AT TIME ZONE 'UTC') + interval '3 hours')::date, status, count(*)
          FROM orders GROUP BY 1, 2, 3`);
    }
    log(`  VACUUM ANALYZE…`);
    await c.query('VACUUM ANALYZE');
    log(`data set ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    return { seconds: (Date.now() - t0) / 1000 };
  } finally {
    await c.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      orders: { type: 'string', default: '1000000' },
      shops: { type: 'string', default: '100' },
      small: { type: 'string', default: '1000' },
    },
  });
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is required');
  await generate({
    url,
    orders: Number(values.orders),
    shops: Number(values.shops),
    small: Number(values.small),
  });
}
