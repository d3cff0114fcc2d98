import { type BankDecision, bankName, PARTNER_BANKS } from '@b2bpay/domain';
import { type Queryable, toNumber } from '../../db/database';

export async function insertApplications(tx: Queryable, orderId: string, now: Date) {
  for (const bank of PARTNER_BANKS) {
    await tx.query(
      `INSERT INTO bank_applications (order_id, bank, status, submitted_at) VALUES ($1, $2, 'pending', $3)
       ON CONFLICT (order_id, bank) DO NOTHING`,
      [orderId, bank.id, now],
    );
  }
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

/** Records a bank's decision once; returns false when the bank had already decided. */
export async function recordDecision(
  tx: Queryable,
  orderId: string,
  bank: string,
  status: string,
  now: Date,
) {
  const rows = await tx.query(
    `UPDATE bank_applications SET status = $3, decided_at = $4
      WHERE order_id = $1 AND bank = $2 AND status = 'pending' AND withdrawn_at IS NULL RETURNING bank`,
    [orderId, bank, status, now],
  );
  return rows.length === 1;
}

export async function markPaid(tx: Queryable, orderId: string, bank: string, now: Date) {
  await tx.query('UPDATE bank_applications SET paid_at = $3 WHERE order_id = $1 AND bank = $2', [
    orderId,
    bank,
    now,
  ]);
}

export async function listDecisions(db: Queryable, orderId: string): Promise<BankDecision[]> {
  const rows = await db.query<{ bank: string; status: BankDecision['status']; decided_at: Date | null }>(
    'SELECT bank, status, decided_at FROM bank_applications WHERE order_id = $1',
    [orderId],
  );
  const order = PARTNER_BANKS.map((b) => b.id as string);
  return rows
    .sort((a, b) => order.indexOf(a.bank) - order.indexOf(b.bank))
    .map((r) => ({
      bank: r.bank,
      bank_name: bankName(r.bank),
      status: r.status,
      decided_at: r.decided_at ? new Date(r.decided_at).toISOString() : null,
    }));
}

/** The order was cancelled: every bank still holding its application is told (DESIGN §11). */
export async function withdrawApplications(tx: Queryable, orderId: string, now: Date): Promise<string[]> {
  const rows = await tx.query<{ bank: string }>(
    `UPDATE bank_applications SET withdrawn_at = $2
      WHERE order_id = $1 AND status <> 'rejected' AND withdrawn_at IS NULL RETURNING bank`,
    [orderId, now],
  );
  return rows.map((r) => r.bank);
}
