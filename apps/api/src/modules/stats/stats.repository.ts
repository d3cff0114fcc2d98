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
}

export interface DayRow {
  day: string;
  orders: number;
  paid_orders: number;
  paid_amount_kopecks: number;
}

/** Moscow calendar days: the shop's business day (UTC+3 all year). */
const DAY = "to_char((o.created_at AT TIME ZONE 'Europe/Moscow')::date, 'YYYY-MM-DD')";
const PAID_DAY = "to_char((o.updated_at AT TIME ZONE 'Europe/Moscow')::date, 'YYYY-MM-DD')";

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

export async function totals(db: Queryable, shopId: string, from: Date, to: Date): Promise<Totals> {
  const rows = await db.query<Record<keyof Totals, unknown>>(
    `SELECT count(*) AS orders,
            COALESCE(sum(o.amount_kopecks), 0) AS amount_kopecks,
            count(o.link_opened_at) AS link_opened,
            count(o.submitted_at) AS submitted,
            count(*) FILTER (WHERE o.status IN ('app_approved', 'payment_sent')) AS approved,
            count(*) FILTER (WHERE o.status = 'app_rejected') AS rejected,
            count(*) FILTER (WHERE o.status = 'payment_sent') AS paid,
            COALESCE(sum(o.amount_kopecks) FILTER (WHERE o.status = 'payment_sent'), 0) AS paid_amount_kopecks
       FROM orders o WHERE o.shop_id = $1 AND o.created_at >= $2 AND o.created_at < $3`,
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
  };
}

/** Orders created per day, and orders paid per day (a paid order's last change is its payment). */
export async function daily(db: Queryable, shopId: string, from: Date, to: Date): Promise<DayRow[]> {
  const created = await db.query<{ day: string; orders: unknown }>(
    `SELECT ${DAY} AS day, count(*) AS orders FROM orders o
      WHERE o.shop_id = $1 AND o.created_at >= $2 AND o.created_at < $3 GROUP BY 1`,
    [shopId, from, to],
  );
  const paid = await db.query<{ day: string; paid_orders: unknown; amount: unknown }>(
    `SELECT ${PAID_DAY} AS day, count(*) AS paid_orders, sum(o.amount_kopecks) AS amount FROM orders o
      WHERE o.shop_id = $1 AND o.status = 'payment_sent' AND o.updated_at >= $2 AND o.updated_at < $3 GROUP BY 1`,
    [shopId, from, to],
  );
  const byDay = new Map<string, DayRow>();
  const row = (day: string) => {
    let r = byDay.get(day);
    if (!r) {
      r = { day, orders: 0, paid_orders: 0, paid_amount_kopecks: 0 };
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
  return [...byDay.values()];
}
