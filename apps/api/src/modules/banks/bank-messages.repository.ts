import type { Queryable } from '../../db/database';

export interface BankMessageRow {
  id: string;
  bank: string;
  application_id: string | null;
  type: string;
  body: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  last_duration_ms: number | null;
  created_at: Date;
  last_attempt_at: Date | null;
  delivered_at: Date | null;
}

const COLUMNS = `id, bank, application_id, type, body, status, attempts, last_status_code, last_error,
  last_duration_ms, created_at, last_attempt_at, delivered_at`;

export async function insertMessage(
  tx: Queryable,
  m: { id: string; bank: string; applicationId: string | null; type: string; body: string },
  now: Date,
) {
  await tx.query(
    `INSERT INTO bank_messages (id, bank, application_id, type, body, status, created_at)
     VALUES ($1, $2, $3, $4, $5, 'pending', $6)`,
    [m.id, m.bank, m.applicationId, m.type, m.body, now],
  );
}

export async function findMessage(db: Queryable, id: string): Promise<BankMessageRow | null> {
  const rows = await db.query<BankMessageRow>(`SELECT ${COLUMNS} FROM bank_messages WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/** One attempt's result: delivered, still pending (another try planned) or failed for good. */
export async function recordAttempt(
  tx: Queryable,
  id: string,
  a: {
    status: BankMessageRow['status'];
    statusCode: number | null;
    error: string | null;
    durationMs: number;
    now: Date;
  },
) {
  await tx.query(
    `UPDATE bank_messages SET status = $2, attempts = attempts + 1, last_status_code = $3, last_error = $4,
            last_duration_ms = $5, last_attempt_at = $6,
            delivered_at = CASE WHEN $2 = 'delivered' THEN $6::timestamptz ELSE delivered_at END
      WHERE id = $1`,
    [id, a.status, a.statusCode, a.error, a.durationMs, a.now],
  );
}

/** What was sent to a bank lately, newest first (the per-bank view of deliveries). */
export async function listBankMessages(
  db: Queryable,
  bank: string,
  limit: number,
): Promise<BankMessageRow[]> {
  return db.query<BankMessageRow>(
    `SELECT ${COLUMNS} FROM bank_messages WHERE bank = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
    [bank, limit],
  );
}

export async function listApplicationMessages(
  db: Queryable,
  applicationId: string,
): Promise<BankMessageRow[]> {
  return db.query<BankMessageRow>(
    `SELECT ${COLUMNS} FROM bank_messages WHERE application_id = $1 ORDER BY created_at, id`,
    [applicationId],
  );
}
