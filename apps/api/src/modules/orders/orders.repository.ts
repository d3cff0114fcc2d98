import type { Queryable } from '../../db/database';
import { toNumber } from '../../db/database';

export interface OrderRow {
  id: string;
  shop_id: string;
  order_number: number;
  status: string;
  amount_kopecks: number;
  webhook_url: string | null;
  client_id: number | null;
  deadline_at: Date;
  link_opened_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface ClientRow {
  id: number;
  email: string | null;
  phone_number: string | null;
  name: string | null;
  surname: string | null;
  middlename: string | null;
  full_name: string | null;
  inn: string | null;
  organization_name: string | null;
  email_confirmed: boolean;
  sms_confirmed: boolean;
  created_at: Date;
  updated_at: Date;
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
  'o.id, o.shop_id, o.order_number, o.status, o.amount_kopecks, o.webhook_url, o.client_id, o.deadline_at, o.link_opened_at, o.created_at, o.updated_at';

export const CLIENT_COLUMNS =
  'id, email, phone_number, name, surname, middlename, full_name, inn, organization_name, email_confirmed, sms_confirmed, created_at, updated_at';

function mapOrder(row: OrderRow): OrderRow {
  return {
    ...row,
    order_number: toNumber(row.order_number),
    amount_kopecks: toNumber(row.amount_kopecks),
    client_id: row.client_id === null ? null : toNumber(row.client_id),
  };
}

export function mapClient(row: ClientRow): ClientRow {
  return { ...row, id: toNumber(row.id) };
}

/** Takes the shop's next order number; the row lock keeps numbers gap-free under concurrency. */
export async function takeNextOrderNumber(tx: Queryable, shopId: string): Promise<number> {
  const rows = await tx.query<{ n: unknown }>(
    'UPDATE shops SET last_order_number = last_order_number + 1 WHERE id = $1 RETURNING last_order_number AS n',
    [shopId],
  );
  return toNumber(rows[0]?.n);
}

export async function insertOrder(
  tx: Queryable,
  order: {
    id: string;
    shopId: string;
    orderNumber: number;
    status: string;
    amountKopecks: number;
    webhookUrl: string | null;
    clientId: number | null;
    deadlineAt: Date;
    now: Date;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO orders (id, shop_id, order_number, status, amount_kopecks, webhook_url, client_id, deadline_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)`,
    [
      order.id,
      order.shopId,
      order.orderNumber,
      order.status,
      order.amountKopecks,
      order.webhookUrl,
      order.clientId,
      order.deadlineAt,
      order.now,
    ],
  );
}

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

export async function findClient(db: Queryable, id: number): Promise<ClientRow | null> {
  const rows = await db.query<ClientRow>(`SELECT ${CLIENT_COLUMNS} FROM clients WHERE id = $1`, [id]);
  return rows[0] ? mapClient(rows[0]) : null;
}

export async function findClients(db: Queryable, ids: readonly number[]): Promise<Map<number, ClientRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.query<ClientRow>(
    `SELECT ${CLIENT_COLUMNS} FROM clients WHERE id = ANY($1::bigint[])`,
    [ids],
  );
  return new Map(rows.map((r) => [toNumber(r.id), mapClient(r)]));
}

export async function findProducts(
  db: Queryable,
  orderIds: readonly string[],
): Promise<Map<string, ProductRow[]>> {
  const byOrder = new Map<string, ProductRow[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = await db.query<ProductRow>(
    `SELECT id, order_id, name, price_kopecks, quantity FROM order_products
      WHERE order_id = ANY($1::uuid[]) ORDER BY order_id, position`,
    [orderIds],
  );
  for (const row of rows) {
    byOrder.get(row.order_id)?.push({
      ...row,
      id: toNumber(row.id),
      price_kopecks: toNumber(row.price_kopecks),
      quantity: toNumber(row.quantity),
    });
  }
  return byOrder;
}

export async function updateAmount(tx: Queryable, orderId: string, amountKopecks: number, now: Date) {
  await tx.query('UPDATE orders SET amount_kopecks = $2, updated_at = $3 WHERE id = $1', [
    orderId,
    amountKopecks,
    now,
  ]);
}

export interface ListFilter {
  shopId: string;
  statuses: readonly string[];
  orderNumberLike: string | null;
  from: Date | null;
  to: Date | null;
  /** true when `to` is an exclusive bound (a bare date's next midnight). */
  toExclusive: boolean;
  limit: number;
  offset: number;
}

export async function listOrders(db: Queryable, f: ListFilter): Promise<{ rows: OrderRow[]; count: number }> {
  const where = ['o.shop_id = $1'];
  const params: unknown[] = [f.shopId];
  const add = (clause: (n: string) => string, value: unknown) => {
    params.push(value);
    where.push(clause(`$${params.length}`));
  };
  if (f.statuses.length > 0) add((n) => `o.status = ANY(${n}::text[])`, f.statuses);
  if (f.orderNumberLike !== null) add((n) => `o.order_number::text LIKE ${n}`, f.orderNumberLike);
  if (f.from) add((n) => `o.created_at >= ${n}`, f.from);
  if (f.to) add((n) => (f.toExclusive ? `o.created_at < ${n}` : `o.created_at <= ${n}`), f.to);
  const whereSql = where.join(' AND ');
  const countRows = await db.query<{ count: unknown }>(
    `SELECT count(*) AS count FROM orders o WHERE ${whereSql}`,
    params,
  );
  const count = toNumber(countRows[0]?.count ?? 0);
  if (count === 0 || f.offset >= count) return { rows: [], count };
  const rows = await db.query<OrderRow>(
    `SELECT ${ORDER_COLUMNS} FROM orders o WHERE ${whereSql}
      ORDER BY o.created_at DESC, o.id DESC LIMIT ${f.limit} OFFSET ${f.offset}`,
    params,
  );
  return { rows: rows.map(mapOrder), count };
}

/** The first time the buyer opens the link (the funnel's "link opened"); later opens change nothing. */
export async function markLinkOpened(db: Queryable, id: string, now: Date) {
  await db.query('UPDATE orders SET link_opened_at = $2 WHERE id = $1 AND link_opened_at IS NULL', [id, now]);
}

export async function statusHistory(db: Queryable, id: string) {
  const rows = await db.query<{
    from_status: string | null;
    to_status: string;
    actor: string;
    reason: string | null;
    created_at: Date;
  }>(
    'SELECT from_status, to_status, actor, reason, created_at FROM order_status_history WHERE order_id = $1 ORDER BY id',
    [id],
  );
  return rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() }));
}
