import type { OrderStatus } from '@b2bpay/domain';
import { CLIENT_COLUMNS, type ClientRow, mapJsonClient } from '../../db/client-row';
import type { Queryable } from '../../db/database';
import { toNumber } from '../../db/database';
import { keysetWalk } from '../../db/keyset';
import { prepared } from '../../shared/prepared';
import { countNumbersContaining } from './number-search';

export type { ClientRow } from '../../db/client-row';

export interface OrderRow {
  id: string;
  shop_id: string;
  order_number: number;
  status: string;
  amount_kopecks: number;
  /** 1 at creation, +1 on every change of the products. */
  version: number;
  webhook_url: string | null;
  client_id: number | null;
  deadline_at: Date;
  link_opened_at: Date | null;
  created_at: Date;
  updated_at: Date;
  /** DESIGN §11: the shop's own reference and data, what was returned, and the payout. */
  external_id: string | null;
  metadata: Record<string, string> | null;
  /** The shop's pages the buyer goes back to, after the application and before it. */
  return_url: string | null;
  cancel_url: string | null;
  /** Made in live mode (real banks) or test mode (sandbox banks): its shop row's mode. */
  livemode: boolean;
  refunded_kopecks: number;
  payout_bank: string | null;
  payout_kopecks: number | null;
  payout_fee_kopecks: number | null;
  payout_reference: string | null;
  paid_at: Date | null;
}

export interface ProductRow {
  id: number;
  order_id: string;
  name: string;
  price_kopecks: number;
  quantity: number;
}

export interface NewProduct {
  name: string;
  priceKopecks: number;
  quantity: number;
}

const ORDER_COLUMNS =
  'o.id, o.shop_id, o.order_number, o.status, o.amount_kopecks, o.version, o.webhook_url, o.client_id, o.deadline_at, o.link_opened_at, o.created_at, o.updated_at, ' +
  'o.external_id, o.metadata, o.return_url, o.cancel_url, o.livemode, o.refunded_kopecks, o.payout_bank, o.payout_kopecks, o.payout_fee_kopecks, o.payout_reference, o.paid_at';

function mapOrder(row: OrderRow): OrderRow {
  return {
    ...row,
    order_number: toNumber(row.order_number),
    amount_kopecks: toNumber(row.amount_kopecks),
    version: toNumber(row.version),
    client_id: row.client_id === null ? null : toNumber(row.client_id),
    refunded_kopecks: toNumber(row.refunded_kopecks ?? 0),
    payout_kopecks: row.payout_kopecks === null ? null : toNumber(row.payout_kopecks),
    payout_fee_kopecks: row.payout_fee_kopecks === null ? null : toNumber(row.payout_fee_kopecks),
    // Through json_agg/row_to_json (the list) timestamps and jsonb arrive as text or objects alike.
    metadata: typeof row.metadata === 'string' ? JSON.parse(row.metadata) : row.metadata,
    paid_at: row.paid_at === null ? null : new Date(row.paid_at),
  };
}

/** What the database decides for a new order: its number and its products' ids, in position order. */
export interface CreatedOrder {
  orderNumber: number;
  productIds: number[];
}

/**
 * A new order in one statement: the shop's next number (the row lock keeps numbers gap-free under
 * concurrency and is held until the transaction ends), the order, its products and its first history
 * entry. One round trip instead of four keeps the shop row locked for as short a time as possible.
 */
export async function insertNewOrder(
  tx: Queryable,
  order: {
    id: string;
    shopId: string;
    status: string;
    amountKopecks: number;
    webhookUrl: string | null;
    clientId: number | null;
    deadlineAt: Date;
    now: Date;
    products: readonly NewProduct[];
    historyReason: string;
    externalId: string | null;
    metadata: Record<string, string> | null;
    returnUrl: string | null;
    cancelUrl: string | null;
  },
): Promise<CreatedOrder> {
  const rows = await tx.query<{ n: unknown; product_ids: unknown[] | null }>(NEW_ORDER_SQL, [
    order.id,
    order.shopId,
    order.status,
    order.amountKopecks,
    order.webhookUrl,
    order.clientId,
    order.deadlineAt,
    order.now,
    order.products.map((p) => p.name),
    order.products.map((p) => p.priceKopecks),
    order.products.map((p) => p.quantity),
    order.historyReason,
    order.externalId,
    order.metadata === null ? null : JSON.stringify(order.metadata),
    order.returnUrl,
    order.cancelUrl,
  ]);
  const row = rows[0];
  if (!row || row.n === null) throw new Error(`shop ${order.shopId} not found while creating an order`);
  return { orderNumber: toNumber(row.n), productIds: (row.product_ids ?? []).map(toNumber) };
}

/** Prepared: inserts plan the same whatever the values. */
const NEW_ORDER_SQL = prepared(
  `WITH n AS (
       UPDATE shops SET last_order_number = last_order_number + 1 WHERE id = $2 RETURNING last_order_number, livemode
     ), o AS (
       INSERT INTO orders (id, shop_id, order_number, livemode, status, amount_kopecks, webhook_url, client_id, deadline_at, created_at, updated_at, external_id, metadata, return_url, cancel_url)
       SELECT $1::uuid, $2::uuid, n.last_order_number, n.livemode, $3::text, $4::bigint, $5::text, $6::bigint, $7::timestamptz, $8::timestamptz, $8::timestamptz, $13::text, $14::jsonb, $15::text, $16::text FROM n
       RETURNING order_number
     ), p AS (
       INSERT INTO order_products (order_id, position, name, price_kopecks, quantity)
       SELECT $1::uuid, t.ord - 1, t.name, t.price, t.quantity
         FROM o, unnest($9::text[], $10::bigint[], $11::int[]) WITH ORDINALITY AS t (name, price, quantity, ord)
       RETURNING id, position
     ), h AS (
       INSERT INTO order_status_history (order_id, from_status, to_status, actor, reason, created_at)
       SELECT $1::uuid, NULL, $3::text, 'shop', $12::text, $8::timestamptz FROM o
     )
     SELECT (SELECT order_number FROM o) AS n,
            (SELECT array_agg(id ORDER BY position) FROM p) AS product_ids`,
);

export async function insertProducts(tx: Queryable, orderId: string, products: readonly NewProduct[]) {
  if (products.length === 0) return;
  // One multi-row INSERT: an order of 100 products is one round trip.
  const values: unknown[] = [];
  const tuples = products.map((p, i) => {
    values.push(orderId, i, p.name, p.priceKopecks, p.quantity);
    const b = i * 5;
    return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5})`;
  });
  await tx.query(
    `INSERT INTO order_products (order_id, position, name, price_kopecks, quantity) VALUES ${tuples.join(', ')}`,
    values,
  );
}

export async function deleteProducts(tx: Queryable, orderId: string) {
  await tx.query('DELETE FROM order_products WHERE order_id = $1', [orderId]);
}

export async function findOrder(db: Queryable, id: string, options: { forUpdate?: boolean } = {}) {
  const rows = await db.query<OrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM orders o WHERE o.id = $1${options.forUpdate ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ? mapOrder(rows[0]) : null;
}

export interface DecisionRow {
  bank: string;
  bank_name: string | null;
  status: string;
  decided_at: string | Date | null;
}

/** A bank's offer on the order, with its application's status and, once signed, when. */
export interface OfferViewRow {
  id: string;
  bank: string;
  bank_name: string | null;
  kind: 'deferral' | 'instalments';
  term_days: number | null;
  term_months: number | null;
  fee_kopecks: number | string;
  monthly_payment_kopecks: number | string | null;
  valid_until: string;
  application_status: string;
  accepted_at: string | null;
}

export interface OrderDetails {
  order: OrderRow;
  products: ProductRow[];
  client: ClientRow | null;
  decisions: DecisionRow[];
  offers: OfferViewRow[];
}

/** Prepared: a primary-key read whose plan never depends on the id. */
const ORDER_DETAILS_SQL = prepared(
  `SELECT ${ORDER_COLUMNS},
       (SELECT json_agg(json_build_object('id', p.id, 'order_id', p.order_id, 'name', p.name,
                 'price_kopecks', p.price_kopecks, 'quantity', p.quantity) ORDER BY p.position)
          FROM order_products p WHERE p.order_id = o.id) AS products,
       (SELECT row_to_json(c) FROM (SELECT ${CLIENT_COLUMNS} FROM clients WHERE id = o.client_id) c) AS client,
       CASE WHEN o.status <> 'client_expected' THEN
         (SELECT json_agg(json_build_object('bank', b.bank, 'bank_name', k.name, 'status', b.status,
                   'decided_at', b.decided_at) ORDER BY b.submitted_at, b.bank)
            FROM bank_applications b LEFT JOIN banks k ON k.id = b.bank WHERE b.order_id = o.id) END AS decisions,
       CASE WHEN o.status NOT IN ('client_expected', 'bank_info_expected', 'app_rejected') THEN
         (SELECT json_agg(json_build_object('id', f.id, 'bank', f.bank, 'bank_name', k.name, 'kind', f.kind,
                   'term_days', f.term_days, 'term_months', f.term_months, 'fee_kopecks', f.fee_kopecks,
                   'monthly_payment_kopecks', f.monthly_payment_kopecks, 'valid_until', f.valid_until,
                   'application_status', a.status, 'accepted_at', s.signed_at)
                   ORDER BY f.created_at, f.bank, f.bank_offer_id)
            FROM bank_offers f JOIN bank_applications a ON a.id = f.application_id
            LEFT JOIN banks k ON k.id = f.bank LEFT JOIN offer_signatures s ON s.offer_id = f.id
           WHERE f.order_id = o.id) END AS offers
     FROM orders o WHERE o.id = $1`,
);

/**
 * One order with its products, buyer and bank decisions in one round trip (the order view's every
 * read: GET by id, and the answer of product replacement). Bank applications are only written by the
 * buyer's submission, which moves the order out of client_expected in the same transaction: such an
 * order has none, and their lookup is skipped.
 */
export async function findOrderDetails(db: Queryable, id: string): Promise<OrderDetails | null> {
  const rows = await db.query<
    OrderRow & {
      products: ProductRow[] | null;
      client: Record<string, unknown> | null;
      decisions: DecisionRow[] | null;
      offers: OfferViewRow[] | null;
    }
  >(ORDER_DETAILS_SQL, [id]);
  const row = rows[0];
  if (!row) return null;
  const { products, client, decisions, offers, ...order } = row;
  return {
    order: mapOrder(order),
    products: mapJsonProducts(products),
    client: client ? mapJsonClient(client) : null,
    decisions: decisions ?? [],
    offers: offers ?? [],
  };
}

/** Products that came through json_agg: bigints may arrive as numbers or strings. */
function mapJsonProducts(products: ProductRow[] | null): ProductRow[] {
  return (products ?? []).map((p) => ({
    ...p,
    id: toNumber(p.id),
    price_kopecks: toNumber(p.price_kopecks),
    quantity: toNumber(p.quantity),
  }));
}

/** New products' amount; the version goes up by one. Returns the new version. */
export async function updateAmount(tx: Queryable, orderId: string, amountKopecks: number, now: Date) {
  const rows = await tx.query<{ version: unknown }>(
    'UPDATE orders SET amount_kopecks = $2, version = version + 1, updated_at = $3 WHERE id = $1 RETURNING version',
    [orderId, amountKopecks, now],
  );
  return toNumber(rows[0]?.version);
}

/** A history entry that is not a status change (the status stays; the reason says what happened). */
export async function insertHistoryNote(
  tx: Queryable,
  entry: { orderId: string; status: string; actor: string; reason: string; now: Date },
) {
  await tx.query(
    `INSERT INTO order_status_history (order_id, from_status, to_status, actor, reason, created_at)
     VALUES ($1, $2, $2, $3, $4, $5)`,
    [entry.orderId, entry.status, entry.actor, entry.reason, entry.now],
  );
}

/** The shop's order that carries this external_id, if any. */
export async function findOrderIdByExternalId(db: Queryable, shopId: string, externalId: string) {
  const rows = await db.query<{ id: string }>(
    'SELECT id FROM orders WHERE shop_id = $1 AND external_id = $2',
    [shopId, externalId],
  );
  return rows[0]?.id ?? null;
}

export interface ListFilter {
  shopId: string;
  externalId?: string | null;
  statuses: readonly string[];
  orderNumberLike: string | null;
  /**
   * The search box's `LIKE` pattern (`%…%`, escaped): matches the number, the buyer's company or INN,
   * a product's name or the external_id, folded by search_fold() (migration 021).
   */
  textLike?: string | null;
  from: Date | null;
  to: Date | null;
  /** true when `to` is an exclusive bound (a bare date's next midnight). */
  toExclusive: boolean;
  /** Only orders changed at or after this moment. */
  updatedSince?: Date | null;
  limit: number;
  offset: number;
  /**
   * The list's cursor (`starting_after`, or `ending_before` when backwards: the rows then come oldest
   * first, nearest the cursor first); the count ignores it.
   */
  cursor?: { createdAt: Date; id: string; backwards: boolean } | null;
}

/** The list's WHERE over `orders o` and its parameters; `bind` adds more parameters after them. */
function filterSql(f: Omit<ListFilter, 'limit' | 'offset' | 'cursor'>) {
  const params: unknown[] = [f.shopId];
  const bind = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where = ['o.shop_id = $1'];
  if (f.statuses.length > 0) where.push(`o.status = ANY(${bind(f.statuses)}::text[])`);
  if (f.orderNumberLike !== null) where.push(`o.order_number::text LIKE ${bind(f.orderNumberLike)}`);
  if (f.externalId) where.push(`o.external_id = ${bind(f.externalId)}`);
  if (f.textLike) {
    const like = `search_fold(${bind(f.textLike)})`;
    where.push(`(o.order_number::text LIKE ${like} OR search_fold(o.external_id) LIKE ${like}
      OR o.client_id IN (SELECT c.id FROM clients c WHERE search_fold(c.organization_name) LIKE ${like} OR c.inn LIKE ${like})
      OR o.id IN (SELECT p.order_id FROM order_products p WHERE search_fold(p.name) LIKE ${like}))`);
  }
  if (f.from) where.push(`o.created_at >= ${bind(f.from)}`);
  if (f.to) where.push(f.toExclusive ? `o.created_at < ${bind(f.to)}` : `o.created_at <= ${bind(f.to)}`);
  if (f.updatedSince) where.push(`o.updated_at >= ${bind(f.updatedSince)}`);
  return { params, bind, whereSql: where.join(' AND ') };
}

/** One row of the accounting export (DESIGN §11): the order and its buyer's organisation. */
export interface ExportRow {
  id: string;
  order_number: number;
  external_id: string | null;
  created_at: Date;
  status: string;
  amount_kopecks: number;
  refunded_kopecks: number;
  organization_name: string | null;
  inn: string | null;
  payout_bank: string | null;
  payout_kopecks: number | null;
  payout_reference: string | null;
}

/**
 * The next `limit` orders of the list's filter after `after` (newest first), for the streamed
 * export: a keyset walk down the (shop, created_at, id) index, so every batch costs the same and
 * only one batch is held in memory at a time.
 */
export async function exportBatch(
  db: Queryable,
  f: Omit<ListFilter, 'limit' | 'offset' | 'cursor'>,
  after: { createdAt: Date; id: string } | null,
  limit: number,
): Promise<ExportRow[]> {
  const { params, bind, whereSql } = filterSql(f);
  const keyset = after
    ? ` AND (o.created_at, o.id) < (${bind(after.createdAt)}::timestamptz, ${bind(after.id)}::uuid)`
    : '';
  const rows = await db.query<ExportRow>(
    `SELECT o.id, o.order_number, o.external_id, o.created_at, o.status, o.amount_kopecks, o.refunded_kopecks,
            c.organization_name, c.inn, o.payout_bank, o.payout_kopecks, o.payout_reference
       FROM orders o LEFT JOIN clients c ON c.id = o.client_id
      WHERE ${whereSql}${keyset}
      ORDER BY o.created_at DESC, o.id DESC LIMIT ${Math.trunc(limit)}`,
    params,
  );
  return rows.map((r) => ({
    ...r,
    order_number: toNumber(r.order_number),
    created_at: new Date(r.created_at),
    amount_kopecks: toNumber(r.amount_kopecks),
    refunded_kopecks: toNumber(r.refunded_kopecks),
    payout_kopecks: r.payout_kopecks === null ? null : toNumber(r.payout_kopecks),
  }));
}

/** Up to this many matches of a number search, the page is sorted from the matches themselves. */
const FEW_MATCHES = 20_000;
/** pg_trgm finds `%abc%` through the index only from three characters on. */
const trigramSearchable = (like: string) => like.replace(/\\(.)/g, '$1').length - 2 >= 3;

/** An order of the list with what its view shows. */
export type ListedOrder = OrderRow & { products: ProductRow[]; client: ClientRow | null };

/**
 * A page of the list and the exact count in as few round trips as possible: one statement gives the
 * count, the page, and each order's products and buyer. A number search asks first when its count
 * decides the plan (see below).
 */
export async function listOrders(
  db: Queryable,
  f: ListFilter,
): Promise<{ rows: ListedOrder[]; count: number }> {
  const { params, bind, whereSql: countWhere } = filterSql(f);
  // The cursor narrows the page, never the count (the count is of everything the filters match).
  const filterParams = params.length;
  const { cmp, dir } = keysetWalk(f.cursor);
  const keyset = f.cursor
    ? `(o.created_at, o.id) ${cmp} (${bind(f.cursor.createdAt)}::timestamptz, ${bind(f.cursor.id)}::uuid)`
    : 'true';
  const whereSql = f.cursor ? `${countWhere} AND ${keyset}` : countWhere;
  const order = `ORDER BY o.created_at ${dir}, o.id ${dir} LIMIT ${f.limit} OFFSET ${f.offset}`;

  let count: number | null = null;
  if (
    f.orderNumberLike !== null &&
    f.statuses.length === 0 &&
    !f.from &&
    !f.to &&
    !f.externalId &&
    !f.textLike
  ) {
    count = await countShortSearch(db, f.shopId, f.orderNumberLike);
  }
  if (f.orderNumberLike !== null && count === null && trigramSearchable(f.orderNumberLike)) {
    // A rare number (few matches) is read through the trigram index once, counted, and the page
    // sorted from those rows. The planner's own guess of a substring's frequency is off by ten times
    // either way, so the matches are read up to FEW_MATCHES + 1 to find out. Only their id and time
    // are kept (a narrow row sorts faster); the page's 20 rows are read again by primary key.
    const found = await selectPage(
      db,
      `WITH m AS MATERIALIZED (SELECT o.id, o.created_at FROM orders o WHERE ${countWhere} LIMIT ${FEW_MATCHES + 1}),
            page AS (SELECT ${ORDER_COLUMNS} FROM orders o
                       JOIN (SELECT o.id FROM m o WHERE ${keyset} ${order}) k ON k.id = o.id)`,
      '(SELECT count(*) FROM m)',
      params,
      dir,
    );
    if (found.count <= FEW_MATCHES) return found;
    // A common one is found soon enough walking the newest orders; its count is counted in full.
    count = await countRows(db, countWhere, params.slice(0, filterParams));
  }
  const countSql = count !== null ? `${bind(count)}::bigint` : countExpression(f, countWhere, bind);
  return selectPage(db, `WITH page AS (${pageSql(f, whereSql, order, bind)})`, countSql, params, dir);
}

/**
 * The page's rows, newest first (oldest first for `ending_before`). Several statuses: each status's newest `offset + limit` rows come
 * straight from the (shop, status, created_at) index and are merged, instead of walking all the
 * shop's orders and dropping those of other statuses (five of six rows for two statuses).
 */
function pageSql(f: ListFilter, whereSql: string, order: string, bind: (value: unknown) => string) {
  const statuses = [...new Set(f.statuses)];
  const { dir } = keysetWalk(f.cursor);
  if (statuses.length < 2) return `SELECT ${ORDER_COLUMNS} FROM orders o WHERE ${whereSql} ${order}`;
  // whereSql keeps the list's `status = ANY(…)`; each branch narrows it to one of the statuses.
  const branches = statuses.map(
    (status) =>
      `(SELECT ${ORDER_COLUMNS} FROM orders o WHERE ${whereSql} AND o.status = ${bind(status)}
         ORDER BY o.created_at ${dir}, o.id ${dir} LIMIT ${f.offset + f.limit})`,
  );
  return `SELECT * FROM (${branches.join(' UNION ALL ')}) o ${order}`;
}

/** The page (a `page` CTE in `withSql`) with products and buyer, and the count, in one statement. */
async function selectPage(
  db: Queryable,
  withSql: string,
  countSql: string,
  params: readonly unknown[],
  dir: 'ASC' | 'DESC',
): Promise<{ rows: ListedOrder[]; count: number }> {
  const rows = await db.query<
    OrderRow & { total: unknown; products: ProductRow[] | null; client: Record<string, unknown> | null }
  >(
    `${withSql}
     SELECT t.total, ${ORDER_COLUMNS},
       (SELECT json_agg(json_build_object('id', p.id, 'order_id', p.order_id, 'name', p.name,
                 'price_kopecks', p.price_kopecks, 'quantity', p.quantity) ORDER BY p.position)
          FROM order_products p WHERE p.order_id = o.id) AS products,
       (SELECT row_to_json(c) FROM (SELECT ${CLIENT_COLUMNS} FROM clients WHERE id = o.client_id) c) AS client
     FROM (SELECT ${countSql} AS total) t LEFT JOIN page o ON true
     ORDER BY o.created_at ${dir}, o.id ${dir}`,
    params,
  );
  const count = toNumber(rows[0]?.total ?? 0);
  const listed = rows
    .filter((r) => r.id !== null)
    .map(({ total: _total, products, client, ...order }) => ({
      ...mapOrder(order),
      products: mapJsonProducts(products),
      client: client ? mapJsonClient(client) : null,
    }));
  return { rows: listed, count };
}

async function countRows(db: Queryable, whereSql: string, params: readonly unknown[]) {
  const rows = await db.query<{ count: unknown }>(
    `SELECT count(*) AS count FROM orders o WHERE ${whereSql}`,
    params,
  );
  return toNumber(rows[0]?.count ?? 0);
}

/** Calendar days of the order_counts table: Moscow time, UTC+3 all year (migration 006). */
const DAY_MS = 86_400_000;
const DAY_OFFSET_MS = 3 * 3_600_000;
/** The first counter-day midnight at or after `t`. */
const midnightAtOrAfter = (t: Date) =>
  new Date(Math.ceil((t.getTime() + DAY_OFFSET_MS) / DAY_MS) * DAY_MS - DAY_OFFSET_MS);
/** The last counter-day midnight at or before `t`. */
const midnightAtOrBefore = (t: Date) =>
  new Date(Math.floor((t.getTime() + DAY_OFFSET_MS) / DAY_MS) * DAY_MS - DAY_OFFSET_MS);
const dayOf = (midnight: Date) => new Date(midnight.getTime() + DAY_OFFSET_MS).toISOString().slice(0, 10);

/**
 * The exact number of orders the filter matches. Without a number search it is read from the
 * per-day status counters (kept by triggers in the same transaction as each change), plus a count of
 * the rows in the partial days at either end of a date range that does not start or end at midnight;
 * so a million-order shop costs a few thousand counter rows, not a million index entries. A number
 * search counts rows (through the trigram index when the text is long enough to use it).
 */
/**
 * A one- or two-character number search alone matches a large share of the orders and no index can
 * find them, so counting reads every row. When the shop's numbers are exactly 1…last_order_number
 * (numbers are taken gap-free and orders are not deleted; checked here on one snapshot: as many
 * orders as the last number, the smallest 1 and the largest the last, all distinct by the unique
 * key), the count is arithmetic. Null: not applicable, count the rows.
 */
async function countShortSearch(db: Queryable, shopId: string, like: string): Promise<number | null> {
  const text = like.slice(1, -1).replace(/\\(.)/g, '$1');
  if (trigramSearchable(like) || !/^\d+$/.test(text)) return null;
  const rows = await db.query<{ last: unknown; total: unknown; lo: unknown; hi: unknown }>(
    `SELECT s.last_order_number AS last,
            (SELECT COALESCE(sum(n), 0) FROM order_counts WHERE shop_id = $1) AS total,
            (SELECT min(order_number) FROM orders WHERE shop_id = $1) AS lo,
            (SELECT max(order_number) FROM orders WHERE shop_id = $1) AS hi
       FROM shops s WHERE s.id = $1`,
    [shopId],
  );
  const row = rows[0];
  if (!row) return null;
  const last = toNumber(row.last);
  if (toNumber(row.total) !== last) return null;
  if (last === 0) return 0;
  if (toNumber(row.lo) !== 1 || toNumber(row.hi) !== last) return null;
  return countNumbersContaining(last, text);
}

/** The count of the filter's orders as an SQL expression, its parameters added through `bind`. */
function countExpression(f: ListFilter, whereSql: string, bind: (value: unknown) => string): string {
  const low = f.from ? midnightAtOrAfter(f.from) : null;
  const high = f.to ? midnightAtOrBefore(f.to) : null;
  // An external_id matches at most one order (unique per shop): its rows are counted through that index.
  // So does `updated_since`, which the per-day counters (kept by creation day) cannot answer.
  if (
    f.orderNumberLike !== null ||
    f.textLike ||
    f.externalId ||
    f.updatedSince ||
    (low && high && low.getTime() >= high.getTime())
  ) {
    return `(SELECT count(*) FROM orders o WHERE ${whereSql})`;
  }
  const statusSql = f.statuses.length > 0 ? ` AND status = ANY(${bind(f.statuses)}::text[])` : '';
  const days = [
    low ? ` AND day >= ${bind(dayOf(low))}::date` : '',
    high ? ` AND day < ${bind(dayOf(high))}::date` : '',
  ].join('');
  const parts = [`(SELECT COALESCE(sum(n), 0) FROM order_counts WHERE shop_id = $1${statusSql}${days})`];
  // Rows before the first whole day and after the last one.
  if (f.from && low && low.getTime() > f.from.getTime()) {
    parts.push(
      `(SELECT count(*) FROM orders WHERE shop_id = $1${statusSql} AND created_at >= ${bind(f.from)} AND created_at < ${bind(low)})`,
    );
  }
  if (f.to && high && (!f.toExclusive || high.getTime() < f.to.getTime())) {
    parts.push(
      `(SELECT count(*) FROM orders WHERE shop_id = $1${statusSql} AND created_at >= ${bind(high)} AND created_at ${f.toExclusive ? '<' : '<='} ${bind(f.to)})`,
    );
  }
  return `(${parts.join(' + ')})`;
}

/** The first time the buyer opens the link (the funnel's "link opened"); later opens change nothing. */
export async function markLinkOpened(db: Queryable, id: string, now: Date) {
  await db.query('UPDATE orders SET link_opened_at = $2 WHERE id = $1 AND link_opened_at IS NULL', [id, now]);
}

export async function statusHistory(db: Queryable, id: string) {
  const rows = await db.query<{
    // transitions.ts writes only the statuses of packages/domain/src/statuses.ts.
    from_status: OrderStatus | null;
    to_status: OrderStatus;
    actor: string;
    reason: string | null;
    created_at: Date;
  }>(
    'SELECT from_status, to_status, actor, reason, created_at FROM order_status_history WHERE order_id = $1 ORDER BY id',
    [id],
  );
  return rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() }));
}

/**
 * Retention: one batch of Idempotency-Keys stored before `before` (a key holds for 24 h,
 * idempotency.ts; the retention is never shorter, config.ts).
 */
export async function deleteOldIdempotencyKeys(db: Queryable, before: Date, batch: number): Promise<number> {
  const rows = await db.query(
    `DELETE FROM idempotency_keys WHERE (shop_id, key) IN (
       SELECT shop_id, key FROM idempotency_keys WHERE created_at < $1
        ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED)
     RETURNING key`,
    [before, batch],
  );
  return rows.length;
}

/**
 * Sets the order's status if it is still `from` (false when another transition came first). Only
 * transitions.ts calls it: the one place an order's status changes.
 */
export async function setStatusIfStill(
  tx: Queryable,
  orderId: string,
  from: string,
  to: string,
  now: Date,
): Promise<boolean> {
  const updated = await tx.query(
    `UPDATE orders SET status = $3, updated_at = $4,
        submitted_at = CASE WHEN $3 = 'bank_info_expected' THEN $4 ELSE submitted_at END
      WHERE id = $1 AND status = $2 RETURNING id`,
    [orderId, from, to, now],
  );
  return updated.length > 0;
}

export async function insertStatusHistory(
  tx: Queryable,
  h: { orderId: string; from: string; to: string; actor: string; reason: string; now: Date },
) {
  await tx.query(
    `INSERT INTO order_status_history (order_id, from_status, to_status, actor, reason, created_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [h.orderId, h.from, h.to, h.actor, h.reason, h.now],
  );
}

/** The order's next event number (its events count from 1, one after another). */
export async function nextEventSequence(tx: Queryable, orderId: string): Promise<number> {
  const rows = await tx.query<{ seq: unknown }>(
    'UPDATE orders SET event_sequence = event_sequence + 1 WHERE id = $1 RETURNING event_sequence AS seq',
    [orderId],
  );
  return toNumber(rows[0]?.seq);
}

/** The payout of a paid order: which bank paid, how much, the fee and the payment order's number. */
export async function recordPayout(
  tx: Queryable,
  p: {
    orderId: string;
    bank: string;
    amountKopecks: number;
    feeKopecks: number;
    reference: string;
    now: Date;
  },
) {
  await tx.query(
    `UPDATE orders SET payout_bank = $2, payout_kopecks = $3, payout_fee_kopecks = $4, payout_reference = $5, paid_at = $6
      WHERE id = $1`,
    [p.orderId, p.bank, p.amountKopecks, p.feeKopecks, p.reference, p.now],
  );
}

/** The order's buyer, once step 1 has created or found them. */
export async function attachClient(tx: Queryable, orderId: string, clientId: number, now: Date) {
  await tx.query('UPDATE orders SET client_id = $2, updated_at = $3 WHERE id = $1', [orderId, clientId, now]);
}

/** The deadline reminder went out: it is not sent twice. */
export async function markReminderSent(tx: Queryable, orderId: string, now: Date) {
  await tx.query('UPDATE orders SET reminder_sent_at = $2 WHERE id = $1', [orderId, now]);
}

/** The offer the buyer signed, as the order view's offers are read (null before a signature). */
export async function findAcceptedOffer(db: Queryable, orderId: string): Promise<OfferViewRow | null> {
  const rows = await db.query<OfferViewRow>(
    `SELECT f.id, f.bank, k.name AS bank_name, f.kind, f.term_days, f.term_months, f.fee_kopecks,
            f.monthly_payment_kopecks, f.valid_until, a.status AS application_status, s.signed_at AS accepted_at
       FROM offer_signatures s JOIN bank_offers f ON f.id = s.offer_id
       JOIN bank_applications a ON a.id = f.application_id LEFT JOIN banks k ON k.id = f.bank
      WHERE s.order_id = $1`,
    [orderId],
  );
  return rows[0] ?? null;
}
