import type { Queryable } from '../../db/database';
import { toNumber } from '../../db/database';

/**
 * What the back office reads across the product's tables (DESIGN §14): a shop's figures, its team and
 * keys, the banks' applications and the deliveries to them. Read only; each table stays written by its
 * own module.
 */

const DAY_MS = 86_400_000;

export async function shopFigures(db: Queryable, shopId: string, now: Date) {
  const since = new Date(now.getTime() - 30 * DAY_MS);
  const rows = await db.query<{ orders: unknown; amount: unknown; submitted: unknown; approved: unknown }>(
    `SELECT count(*) AS orders, coalesce(sum(amount_kopecks), 0) AS amount,
            count(*) FILTER (WHERE status NOT IN ('client_expected', 'client_info_overdue')
                             OR EXISTS (SELECT 1 FROM bank_applications b WHERE b.order_id = o.id)) AS submitted,
            count(*) FILTER (WHERE status IN ('app_approved', 'payment_sent', 'refunded')
                             OR EXISTS (SELECT 1 FROM bank_applications b WHERE b.order_id = o.id AND b.status = 'approved')) AS approved
       FROM orders o WHERE shop_id = $1 AND created_at >= $2`,
    [shopId, since],
  );
  const r = rows[0];
  return {
    orders: toNumber(r?.orders ?? 0),
    amountKopecks: toNumber(r?.amount ?? 0),
    submitted: toNumber(r?.submitted ?? 0),
    approved: toNumber(r?.approved ?? 0),
  };
}

export async function shopWebhookHealth(db: Queryable, shopId: string) {
  const rows = await db.query<{ failing: boolean; last_delivered_at: Date | null; pending: unknown }>(
    `SELECT EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.shop_id = $1 AND e.failing_since IS NOT NULL) AS failing,
            (SELECT max(delivered_at) FROM webhook_deliveries d WHERE d.shop_id = $1) AS last_delivered_at,
            (SELECT count(*) FROM webhook_deliveries d WHERE d.shop_id = $1 AND d.status = 'pending') AS pending`,
    [shopId],
  );
  const r = rows[0];
  return {
    failing: r?.failing ?? false,
    lastDeliveredAt: r?.last_delivered_at ?? null,
    pending: toNumber(r?.pending ?? 0),
  };
}

export async function shopMembers(db: Queryable, shopId: string) {
  return db.query<{ email: string; role: string }>(
    `SELECT u.email, m.role FROM shop_members m JOIN cabinet_users u ON u.id = m.user_id
      WHERE m.shop_id = $1 ORDER BY m.joined_at`,
    [shopId],
  );
}

/** The shop's valid keys, live then test (its test twin's), each with its last use. */
export async function shopKeys(db: Queryable, shopId: string) {
  return db.query<{
    kind: string;
    key_hint: string;
    created_at: Date;
    last_used_at: Date | null;
    livemode: boolean;
  }>(
    `SELECT k.kind, k.key_hint, k.created_at, k.last_used_at, s.livemode
       FROM api_keys k JOIN shops s ON s.id = k.shop_id
      WHERE (s.id = $1 OR s.live_shop_id = $1) AND k.revoked_at IS NULL
      ORDER BY s.livemode DESC, k.created_at`,
    [shopId],
  );
}

export async function recentOrders(db: Queryable, shopId: string) {
  const rows = await db.query<{
    id: string;
    order_number: unknown;
    status: string;
    amount_kopecks: unknown;
    created_at: Date;
  }>(
    `SELECT id, order_number, status, amount_kopecks, created_at FROM orders WHERE shop_id = $1
      ORDER BY created_at DESC LIMIT 20`,
    [shopId],
  );
  return rows.map((r) => ({
    ...r,
    order_number: String(r.order_number),
    amount_kopecks: toNumber(r.amount_kopecks),
  }));
}

export async function listApplications(db: Queryable, f: { status?: string; bank?: string }) {
  return db.query<{
    id: string;
    order_id: string;
    order_number: unknown;
    shop_name: string;
    bank: string;
    status: string;
    submitted_at: Date;
    decided_at: Date | null;
    respond_by: Date | null;
  }>(
    `SELECT a.id, a.order_id, o.order_number, s.name AS shop_name, a.bank, a.status, a.submitted_at, a.decided_at, a.respond_by
       FROM bank_applications a JOIN orders o ON o.id = a.order_id JOIN shops s ON s.id = o.shop_id
      WHERE ($1::text IS NULL OR a.status = $1) AND ($2::text IS NULL OR a.bank = $2)
      ORDER BY a.submitted_at DESC, a.id LIMIT 200`,
    [f.status ?? null, f.bank ?? null],
  );
}

/** Per bank: decisions taken, their time to decide (median and 90th percentile, seconds), SLA breaches. */
export async function decisionTimes(db: Queryable) {
  const rows = await db.query<{
    bank: string;
    name: string | null;
    decided: unknown;
    median: unknown;
    p90: unknown;
    breaches: unknown;
  }>(
    `SELECT k.id AS bank, k.name,
            count(a.decided_at) FILTER (WHERE a.status IN ('approved', 'rejected')) AS decided,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM a.decided_at - a.submitted_at))
              FILTER (WHERE a.status IN ('approved', 'rejected')) AS median,
            percentile_cont(0.9) WITHIN GROUP (ORDER BY extract(epoch FROM a.decided_at - a.submitted_at))
              FILTER (WHERE a.status IN ('approved', 'rejected')) AS p90,
            count(*) FILTER (WHERE a.status = 'expired') AS breaches
       FROM banks k LEFT JOIN bank_applications a ON a.bank = k.id
      GROUP BY k.id, k.name, k.created_at ORDER BY k.created_at, k.id`,
  );
  return rows.map((r) => ({
    bank: r.bank,
    name: r.name ?? r.bank,
    decided: toNumber(r.decided),
    median_seconds: r.median === null ? null : Math.round(Number(r.median)),
    p90_seconds: r.p90 === null ? null : Math.round(Number(r.p90)),
    sla_breaches: toNumber(r.breaches),
  }));
}

/** Each bank's deliveries: pending, pending after a failed try, failed for good, last success, last error. */
export async function bankDeliveryHealth(db: Queryable) {
  const rows = await db.query<{
    id: string;
    name: string;
    endpoint_url: string;
    enabled: boolean;
    pending: unknown;
    failing: unknown;
    failed: unknown;
    last_delivered_at: Date | null;
    last_error: string | null;
  }>(
    `SELECT k.id, k.name, k.endpoint_url, k.enabled,
            count(m.id) FILTER (WHERE m.status = 'pending') AS pending,
            count(m.id) FILTER (WHERE m.status = 'pending' AND m.attempts > 0) AS failing,
            count(m.id) FILTER (WHERE m.status = 'failed') AS failed,
            max(m.delivered_at) AS last_delivered_at,
            (SELECT m2.last_error FROM bank_messages m2 WHERE m2.bank = k.id AND m2.last_error IS NOT NULL
              ORDER BY m2.last_attempt_at DESC NULLS LAST LIMIT 1) AS last_error
       FROM banks k LEFT JOIN bank_messages m ON m.bank = k.id
      GROUP BY k.id, k.name, k.endpoint_url, k.enabled, k.created_at ORDER BY k.created_at, k.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    endpoint_url: r.endpoint_url,
    enabled: r.enabled,
    pending: toNumber(r.pending),
    failing: toNumber(r.failing),
    failed: toNumber(r.failed),
    last_delivered_at: r.last_delivered_at ? new Date(r.last_delivered_at).toISOString() : null,
    last_error: r.last_error,
  }));
}
