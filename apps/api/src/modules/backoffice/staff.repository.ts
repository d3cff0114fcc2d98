import type { StaffRole } from '@b2bpay/domain';
import type { Queryable } from '../../db/database';
import { keysetWalk } from '../../db/keyset';

export interface StaffRow {
  id: string;
  email: string;
  role: StaffRole;
  password_hash: string | null;
  created_at: Date;
}

const COLUMNS = 'id, email, role, password_hash, created_at';

export async function insertStaff(
  tx: Queryable,
  s: { id: string; email: string; role: StaffRole },
  now: Date,
) {
  const rows = await tx.query<StaffRow>(
    `INSERT INTO staff_users (id, email, role, created_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (email) DO NOTHING RETURNING ${COLUMNS}`,
    [s.id, s.email, s.role, now],
  );
  return rows[0] ?? null;
}

export async function findStaffByEmail(db: Queryable, email: string): Promise<StaffRow | null> {
  const rows = await db.query<StaffRow>(`SELECT ${COLUMNS} FROM staff_users WHERE email = $1`, [email]);
  return rows[0] ?? null;
}

export async function setStaffPassword(tx: Queryable, id: string, hash: string) {
  await tx.query('UPDATE staff_users SET password_hash = $2 WHERE id = $1', [id, hash]);
}

export async function insertStaffToken(
  tx: Queryable,
  t: { tokenHash: string; userId: string; expiresAt: Date },
  now: Date,
) {
  await tx.query(
    'INSERT INTO staff_tokens (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)',
    [t.tokenHash, t.userId, now, t.expiresAt],
  );
}

/** Uses the link once: the staff member it was made for, or null (unknown, used or past its end). */
export async function consumeStaffToken(
  tx: Queryable,
  tokenHash: string,
  now: Date,
): Promise<StaffRow | null> {
  const rows = await tx.query<StaffRow>(
    `WITH used AS (
       UPDATE staff_tokens SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
       RETURNING user_id)
     SELECT u.id, u.email, u.role, u.password_hash, u.created_at FROM staff_users u JOIN used ON used.user_id = u.id`,
    [tokenHash, now],
  );
  return rows[0] ?? null;
}

export interface StaffAuditRow {
  id: string;
  actor_email: string;
  action: string;
  details: Record<string, unknown>;
  ip: string | null;
  created_at: Date;
}

export async function insertStaffAudit(tx: Queryable, e: Omit<StaffAuditRow, 'created_at'>, now: Date) {
  await tx.query(
    'INSERT INTO staff_audit (id, actor_email, action, details, ip, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
    [e.id, e.actor_email, e.action, JSON.stringify(e.details), e.ip, now],
  );
}

/** The place of a staff audit entry in the log (a list cursor), or null for an unknown id. */
export async function findStaffAuditSeq(db: Queryable, id: string): Promise<string | null> {
  const rows = await db.query<{ seq: unknown }>('SELECT seq FROM staff_audit WHERE id = $1', [id]);
  return rows[0] ? String(rows[0].seq) : null;
}

/**
 * Newest first, `limit` rows walking away from the cursor's entry (older ones; newer ones, nearest
 * first, for `ending_before`).
 */
export async function listStaffAudit(
  db: Queryable,
  limit: number,
  cursor: { key: string; backwards: boolean } | null,
) {
  const { cmp, dir } = keysetWalk(cursor);
  const rows = await db.query<StaffAuditRow & { details: Record<string, unknown> | string }>(
    `SELECT id, actor_email, action, details, ip, created_at FROM staff_audit
      WHERE ($1::bigint IS NULL OR seq ${cmp} $1)
      ORDER BY seq ${dir} LIMIT $2`,
    [cursor?.key ?? null, limit],
  );
  return rows.map((r) => ({
    ...r,
    details: typeof r.details === 'string' ? JSON.parse(r.details) : r.details,
  }));
}
