import type { Queryable } from '../../db/database';
import { toNumber } from '../../db/database';

export interface RefundRow {
  id: string;
  order_id: string;
  amount_kopecks: number;
  reason: string;
  products: { product_id: number; quantity: number }[];
  bank_reference: string | null;
  created_at: Date;
}

function mapRefund(row: RefundRow): RefundRow {
  return {
    ...row,
    amount_kopecks: toNumber(row.amount_kopecks),
    products: typeof row.products === 'string' ? JSON.parse(row.products) : row.products,
    created_at: new Date(row.created_at),
  };
}

export async function insertRefund(
  tx: Queryable,
  r: Omit<RefundRow, 'created_at' | 'bank_reference'> & { shop_id: string; now: Date },
) {
  await tx.query(
    `INSERT INTO refunds (id, order_id, shop_id, amount_kopecks, reason, products, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [r.id, r.order_id, r.shop_id, r.amount_kopecks, r.reason, JSON.stringify(r.products), r.now],
  );
}

/** The paying bank confirmed the return with its document's reference. */
export async function confirmRefundAtBank(tx: Queryable, id: string, reference: string, now: Date) {
  await tx.query('UPDATE refunds SET bank_reference = $2, bank_confirmed_at = $3 WHERE id = $1', [
    id,
    reference,
    now,
  ]);
}

export async function findRefund(
  db: Queryable,
  id: string,
): Promise<(RefundRow & { bank_confirmed_at: Date | null }) | null> {
  const rows = await db.query<RefundRow & { bank_confirmed_at: Date | null }>(
    `SELECT id, order_id, amount_kopecks, reason, products, bank_reference, created_at, bank_confirmed_at
       FROM refunds WHERE id = $1 FOR UPDATE`,
    [id],
  );
  return rows[0] ? { ...mapRefund(rows[0]), bank_confirmed_at: rows[0].bank_confirmed_at } : null;
}

/**
 * Adds a return to the order's refunded sum, only while the order is paid and the sum stays within
 * the amount. The caller holds the order's row lock; the condition is the database's own check too,
 * so of two returns racing for the last rouble exactly one is counted. Null: nothing left to return.
 */
export async function addRefunded(
  tx: Queryable,
  orderId: string,
  amountKopecks: number,
  now: Date,
): Promise<number | null> {
  const rows = await tx.query<{ refunded_kopecks: unknown }>(
    `UPDATE orders SET refunded_kopecks = refunded_kopecks + $2, updated_at = $3
      WHERE id = $1 AND status = 'payment_sent' AND refunded_kopecks + $2 <= amount_kopecks
      RETURNING refunded_kopecks`,
    [orderId, amountKopecks, now],
  );
  return rows[0] ? toNumber(rows[0].refunded_kopecks) : null;
}

export async function listRefunds(db: Queryable, orderId: string): Promise<RefundRow[]> {
  const rows = await db.query<RefundRow>(
    `SELECT id, order_id, amount_kopecks, reason, products, bank_reference, created_at
       FROM refunds WHERE order_id = $1 ORDER BY seq`,
    [orderId],
  );
  return rows.map(mapRefund);
}
