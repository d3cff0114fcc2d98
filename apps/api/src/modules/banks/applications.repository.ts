import type { BankApplicationStatus } from '@b2bpay/domain';
import { type Queryable, toNumber } from '../../db/database';
import { keysetWalk } from '../../db/keyset';

export interface ApplicationRow {
  id: string;
  order_id: string;
  bank: string;
  status: BankApplicationStatus;
  submitted_at: Date;
  respond_by: Date | null;
  decided_at: Date | null;
  reason: string | null;
  accepted_offer_id: string | null;
  payment_kopecks: number | null;
  payment_reference: string | null;
  payment_paid_at: Date | null;
  withdrawn_at: Date | null;
}

const COLUMNS = `id, order_id, bank, status, submitted_at, respond_by, decided_at, reason, accepted_offer_id,
  payment_kopecks, payment_reference, payment_paid_at, withdrawn_at`;

const mapApplication = (r: ApplicationRow): ApplicationRow => ({
  ...r,
  payment_kopecks: r.payment_kopecks === null ? null : toNumber(r.payment_kopecks),
});

/** One application per bank, each with its own id and the moment its answer is due. */
export async function insertApplications(
  tx: Queryable,
  orderId: string,
  banks: readonly { id: string; slaSeconds: number; applicationId: string }[],
  now: Date,
): Promise<ApplicationRow[]> {
  const out: ApplicationRow[] = [];
  for (const bank of banks) {
    const respondBy = new Date(now.getTime() + bank.slaSeconds * 1000);
    const rows = await tx.query<ApplicationRow>(
      `INSERT INTO bank_applications (id, order_id, bank, status, submitted_at, respond_by)
       VALUES ($1, $2, $3, 'pending', $4, $5) ON CONFLICT (order_id, bank) DO NOTHING RETURNING ${COLUMNS}`,
      [bank.applicationId, orderId, bank.id, now, respondBy],
    );
    if (rows[0]) out.push(mapApplication(rows[0]));
  }
  return out;
}

export async function findApplication(db: Queryable, id: string, opts: { forUpdate?: boolean } = {}) {
  const rows = await db.query<ApplicationRow>(
    `SELECT ${COLUMNS} FROM bank_applications WHERE id = $1${opts.forUpdate ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ? mapApplication(rows[0]) : null;
}

export async function listOrderApplications(db: Queryable, orderId: string): Promise<ApplicationRow[]> {
  const rows = await db.query<ApplicationRow>(
    `SELECT ${COLUMNS} FROM bank_applications WHERE order_id = $1 ORDER BY submitted_at, bank`,
    [orderId],
  );
  return rows.map(mapApplication);
}

/** The bank's application an id names, as a list cursor; null for an unknown id or another bank's. */
export async function findBankApplicationCursor(db: Queryable, bank: string, id: string) {
  const rows = await db.query<{ submitted_at: Date; id: string }>(
    'SELECT submitted_at, id FROM bank_applications WHERE id = $1 AND bank = $2',
    [id, bank],
  );
  return rows[0] ? { submittedAt: rows[0].submitted_at, id: rows[0].id } : null;
}

/**
 * A bank's applications, newest first: `limit` rows walking away from the cursor's one (older ones;
 * newer ones, nearest first, for `ending_before`). No statuses: every status.
 */
export async function listBankApplications(
  db: Queryable,
  bank: string,
  q: {
    statuses: readonly string[];
    cursor: { key: { submittedAt: Date; id: string }; backwards: boolean } | null;
    limit: number;
  },
): Promise<ApplicationRow[]> {
  const { cmp, dir } = keysetWalk(q.cursor);
  const rows = await db.query<ApplicationRow>(
    `SELECT ${COLUMNS} FROM bank_applications a
      WHERE a.bank = $1 AND (cardinality($2::text[]) = 0 OR a.status = ANY($2::text[]))
        AND ($3::uuid IS NULL OR (a.submitted_at, a.id) ${cmp} ($4::timestamptz, $3::uuid))
      ORDER BY a.submitted_at ${dir}, a.id ${dir} LIMIT $5`,
    [bank, q.statuses, q.cursor?.key.id ?? null, q.cursor?.key.submittedAt ?? null, q.limit],
  );
  return rows.map(mapApplication);
}

export async function recordDecision(
  tx: Queryable,
  id: string,
  d: { status: 'approved' | 'rejected'; reason: string | null },
  now: Date,
) {
  await tx.query(
    `UPDATE bank_applications SET status = $2, reason = $3, decided_at = $4 WHERE id = $1 AND status = 'pending'`,
    [id, d.status, d.reason, now],
  );
}

/** Past its respond_by without an answer: expired. Returns whether it was still pending. */
export async function expireApplication(tx: Queryable, id: string, now: Date): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE bank_applications SET status = 'expired', decided_at = $2 WHERE id = $1 AND status = 'pending' RETURNING id`,
    [id, now],
  );
  return rows.length === 1;
}

/**
 * Withdraws the order's applications still open (pending, or approved with nothing accepted), but the
 * one named in `except`; returns the ones withdrawn, whose banks are told.
 */
export async function withdrawApplications(
  tx: Queryable,
  orderId: string,
  now: Date,
  except: string | null = null,
): Promise<ApplicationRow[]> {
  const rows = await tx.query<ApplicationRow>(
    `UPDATE bank_applications SET status = 'withdrawn', withdrawn_at = $2
      WHERE order_id = $1 AND status IN ('pending', 'approved') AND ($3::uuid IS NULL OR id <> $3)
      RETURNING ${COLUMNS}`,
    [orderId, now, except],
  );
  return rows.map(mapApplication);
}

export async function setAcceptedOffer(tx: Queryable, applicationId: string, offerId: string) {
  await tx.query('UPDATE bank_applications SET accepted_offer_id = $2 WHERE id = $1', [
    applicationId,
    offerId,
  ]);
}

export async function recordPayment(
  tx: Queryable,
  id: string,
  p: { kopecks: number; reference: string; paidAt: Date },
  now: Date,
) {
  await tx.query(
    `UPDATE bank_applications SET payment_kopecks = $2, payment_reference = $3, payment_paid_at = $4, paid_at = $5
      WHERE id = $1`,
    [id, p.kopecks, p.reference, p.paidAt, now],
  );
}

/**
 * The amount the buyer agreed to in the step-2 consent, or null for an order submitted
 * before consents recorded it. The bank application is made for this amount.
 */
export async function agreedAmount(tx: Queryable, orderId: string): Promise<number | null> {
  const rows = await tx.query<{ amount_kopecks: unknown }>(
    `SELECT amount_kopecks FROM consents
      WHERE order_id = $1 AND kind = 'bank_transfer' AND amount_kopecks IS NOT NULL
      ORDER BY id DESC LIMIT 1`,
    [orderId],
  );
  const value = rows[0]?.amount_kopecks;
  return value === undefined || value === null ? null : toNumber(value);
}

/** The buyer's consent to the transfer to banks: when and from where (the application carries it). */
export async function transferConsent(tx: Queryable, orderId: string) {
  const rows = await tx.query<{ given_at: Date; ip: string | null }>(
    `SELECT given_at, ip FROM consents WHERE order_id = $1 AND kind = 'bank_transfer' ORDER BY id DESC LIMIT 1`,
    [orderId],
  );
  return rows[0] ?? null;
}
