import type { Queryable } from '../../db/database';
import { toNumber } from '../../db/database';

export interface StatusCount {
  status: string;
  orders: number;
  amount_kopecks: number;
}

export interface Totals {
  orders: number;
  amount_kopecks: number;
  link_opened: number;
  submitted: number;
  approved: number;
  rejected: number;
  paid: number;
  paid_amount_kopecks: number;
  refunded_orders: number;
  refunded_kopecks: number;
}

export interface DayRow {
  day: string;
  orders: number;
  paid_orders: number;
  paid_amount_kopecks: number;
  refunded_kopecks: number;
}

/** Moscow calendar days: the shop's business day (UTC+3 all year). */
const moscowDay = (column: string) => `to_char((${column} AT TIME ZONE 'Europe/Moscow')::date, 'YYYY-MM-DD')`;

/**
 * What happened to an order, not where it stands now (a refund or a cancellation does not undo an
 * approval or a sale). Paid: it reached payment_sent — only refunded comes after it. Approved: a bank
 * approved it — it is approved or paid now, or its history says so (cancelled, or its buyer let the
 * offers lapse, after the approval). Rejected: app_rejected is final.
 */
const WAS_PAID = "o.status IN ('payment_sent', 'refunded')";
const WAS_APPROVED = `(o.status IN ('app_approved', 'payment_sent', 'refunded')
  OR (o.status IN ('cancelled', 'client_info_overdue') AND EXISTS (
        SELECT 1 FROM order_status_history h WHERE h.order_id = o.id AND h.to_status = 'app_approved')))`;
/** When a paid order was paid: the payout's moment (the status's change, for an order without one). */
const PAID_AT = 'COALESCE(o.paid_at, o.updated_at)';

export async function countByStatus(
  db: Queryable,
  shopId: string,
  from: Date,
  to: Date,
): Promise<StatusCount[]> {
  const rows = await db.query<{ status: string; orders: unknown; amount: unknown }>(
    `SELECT o.status, count(*) AS orders, COALESCE(sum(o.amount_kopecks), 0) AS amount
       FROM orders o WHERE o.shop_id = $1 AND o.created_at >= $2 AND o.created_at < $3
      GROUP BY o.status`,
    [shopId, from, to],
  );
  return rows.map((r) => ({
    status: r.status,
    orders: toNumber(r.orders),
    amount_kopecks: toNumber(r.amount),
  }));
}

/** The period's orders (by creation) and what became of them; amounts in kopecks. */
export async function totals(db: Queryable, shopId: string, from: Date, to: Date): Promise<Totals> {
  const rows = await db.query<Record<keyof Totals, unknown>>(
    `SELECT count(*) AS orders,
            COALESCE(sum(o.amount_kopecks), 0) AS amount_kopecks,
            count(o.link_opened_at) AS link_opened,
            count(o.submitted_at) AS submitted,
            count(*) FILTER (WHERE o.approved) AS approved,
            count(*) FILTER (WHERE o.status = 'app_rejected') AS rejected,
            count(*) FILTER (WHERE o.paid) AS paid,
            COALESCE(sum(o.amount_kopecks) FILTER (WHERE o.paid), 0) AS paid_amount_kopecks,
            count(*) FILTER (WHERE o.paid AND o.refunded_kopecks > 0) AS refunded_orders,
            COALESCE(sum(o.refunded_kopecks) FILTER (WHERE o.paid), 0) AS refunded_kopecks
       FROM (SELECT o.status, o.amount_kopecks, o.refunded_kopecks, o.link_opened_at, o.submitted_at,
                    ${WAS_APPROVED} AS approved, ${WAS_PAID} AS paid
               FROM orders o WHERE o.shop_id = $1 AND o.created_at >= $2 AND o.created_at < $3) o`,
    [shopId, from, to],
  );
  const r = rows[0];
  const n = (k: keyof Totals) => toNumber(r?.[k] ?? 0);
  return {
    orders: n('orders'),
    amount_kopecks: n('amount_kopecks'),
    link_opened: n('link_opened'),
    submitted: n('submitted'),
    approved: n('approved'),
    rejected: n('rejected'),
    paid: n('paid'),
    paid_amount_kopecks: n('paid_amount_kopecks'),
    refunded_orders: n('refunded_orders'),
    refunded_kopecks: n('refunded_kopecks'),
  };
}

/**
 * Per day: orders created, orders paid (on the day of their payment, refunded later or not) and the
 * amounts returned (on the day of each return).
 */
export async function daily(db: Queryable, shopId: string, from: Date, to: Date): Promise<DayRow[]> {
  const [created, paid, refunded] = await Promise.all([
    db.query<{ day: string; orders: unknown }>(
      `SELECT ${moscowDay('o.created_at')} AS day, count(*) AS orders FROM orders o
        WHERE o.shop_id = $1 AND o.created_at >= $2 AND o.created_at < $3 GROUP BY 1`,
      [shopId, from, to],
    ),
    db.query<{ day: string; paid_orders: unknown; amount: unknown }>(
      `SELECT ${moscowDay(PAID_AT)} AS day, count(*) AS paid_orders, sum(o.amount_kopecks) AS amount FROM orders o
        WHERE o.shop_id = $1 AND ${WAS_PAID} AND ${PAID_AT} >= $2 AND ${PAID_AT} < $3 GROUP BY 1`,
      [shopId, from, to],
    ),
    db.query<{ day: string; amount: unknown }>(
      `SELECT ${moscowDay('r.created_at')} AS day, sum(r.amount_kopecks) AS amount FROM refunds r
        WHERE r.shop_id = $1 AND r.created_at >= $2 AND r.created_at < $3 GROUP BY 1`,
      [shopId, from, to],
    ),
  ]);
  const byDay = new Map<string, DayRow>();
  const row = (day: string) => {
    let r = byDay.get(day);
    if (!r) {
      r = { day, orders: 0, paid_orders: 0, paid_amount_kopecks: 0, refunded_kopecks: 0 };
      byDay.set(day, r);
    }
    return r;
  };
  for (const c of created) row(c.day).orders = toNumber(c.orders);
  for (const p of paid) {
    const r = row(p.day);
    r.paid_orders = toNumber(p.paid_orders);
    r.paid_amount_kopecks = toNumber(p.amount);
  }
  for (const f of refunded) row(f.day).refunded_kopecks = toNumber(f.amount);
  return [...byDay.values()];
}
