import type { Queryable } from '../../db/database';

export interface BankRow {
  id: string;
  name: string;
  endpoint_url: string;
  decision_sla_seconds: number;
  enabled: boolean;
  /** A sandbox bank (DESIGN §16): test orders go to these only. */
  sandbox: boolean;
  api_key_hash: string;
  signing_secret: string;
  previous_api_key_hash: string | null;
  previous_signing_secret: string | null;
  previous_valid_until: Date | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `id, name, endpoint_url, decision_sla_seconds, enabled, sandbox, api_key_hash, signing_secret,
  previous_api_key_hash, previous_signing_secret, previous_valid_until, created_at, updated_at`;

export async function insertBank(
  tx: Queryable,
  b: Pick<
    BankRow,
    'id' | 'name' | 'endpoint_url' | 'decision_sla_seconds' | 'api_key_hash' | 'signing_secret' | 'sandbox'
  >,
  now: Date,
): Promise<BankRow | null> {
  const rows = await tx.query<BankRow>(
    `INSERT INTO banks (id, name, endpoint_url, decision_sla_seconds, api_key_hash, signing_secret, sandbox, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) ON CONFLICT (id) DO NOTHING RETURNING ${COLUMNS}`,
    [b.id, b.name, b.endpoint_url, b.decision_sla_seconds, b.api_key_hash, b.signing_secret, b.sandbox, now],
  );
  return rows[0] ?? null;
}

export async function findBank(db: Queryable, id: string, opts: { forUpdate?: boolean } = {}) {
  const rows = await db.query<BankRow>(
    `SELECT ${COLUMNS} FROM banks WHERE id = $1${opts.forUpdate ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

/** The bank whose current key, or previous key still in its grace period, hashes to this. */
export async function findBankByKeyHash(db: Queryable, hash: string, now: Date) {
  const rows = await db.query<BankRow>(
    `SELECT ${COLUMNS} FROM banks
      WHERE api_key_hash = $1 OR (previous_api_key_hash = $1 AND previous_valid_until > $2)`,
    [hash, now],
  );
  return rows[0] ?? null;
}

/**
 * The enabled banks an order of this mode goes to (DESIGN §16): a test order to the sandbox banks
 * only; a live order to the real ones, or — outside production (`sandboxForLive`) — to the sandbox
 * where no real bank is configured at all (development, tests). A real bank that is only disabled
 * still counts as configured: a live order never falls back to the sandbox because the real banks
 * are switched off, and in production never at all.
 */
export async function listBanksForOrder(
  db: Queryable,
  livemode: boolean,
  sandboxForLive: boolean,
): Promise<BankRow[]> {
  return db.query<BankRow>(
    `SELECT ${COLUMNS} FROM banks
      WHERE enabled AND sandbox = (NOT $1::boolean
                                   OR ($2::boolean AND NOT EXISTS (SELECT 1 FROM banks r WHERE NOT r.sandbox)))
      ORDER BY created_at, id`,
    [livemode, sandboxForLive],
  );
}

/** Marks a bank as a sandbox one (the mounted sandbox's banks, including those made before the flag). */
export async function markSandbox(tx: Queryable, id: string) {
  await tx.query('UPDATE banks SET sandbox = true WHERE id = $1 AND NOT sandbox', [id]);
}

export async function listBanks(db: Queryable): Promise<BankRow[]> {
  return db.query<BankRow>(`SELECT ${COLUMNS} FROM banks ORDER BY created_at, id`);
}

/** New key and secret; the old ones keep working until `graceUntil` (null: at once no more). */
export async function rotateBankKeys(
  tx: Queryable,
  id: string,
  next: { api_key_hash: string; signing_secret: string },
  graceUntil: Date | null,
  now: Date,
) {
  const rows = await tx.query<BankRow>(
    `UPDATE banks SET previous_api_key_hash = CASE WHEN $4::timestamptz IS NULL THEN NULL ELSE api_key_hash END,
            previous_signing_secret = CASE WHEN $4::timestamptz IS NULL THEN NULL ELSE signing_secret END,
            previous_valid_until = $4, api_key_hash = $2, signing_secret = $3, updated_at = $5
      WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, next.api_key_hash, next.signing_secret, graceUntil, now],
  );
  return rows[0] ?? null;
}

export async function updateBankSettings(
  tx: Queryable,
  id: string,
  s: { name?: string; endpoint_url?: string; decision_sla_seconds?: number; enabled?: boolean },
  now: Date,
) {
  const rows = await tx.query<BankRow>(
    `UPDATE banks SET name = COALESCE($2, name), endpoint_url = COALESCE($3, endpoint_url),
            decision_sla_seconds = COALESCE($4, decision_sla_seconds), enabled = COALESCE($5, enabled),
            updated_at = $6
      WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, s.name ?? null, s.endpoint_url ?? null, s.decision_sla_seconds ?? null, s.enabled ?? null, now],
  );
  return rows[0] ?? null;
}
