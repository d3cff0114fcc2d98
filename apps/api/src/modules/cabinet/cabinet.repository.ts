import type { CabinetRole } from '@b2bpay/domain';
import type { Queryable } from '../../db/database';
import type { KeyShop } from '../auth';

export interface UserRow {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  confirmed_at: Date | string | null;
}

const USER_COLUMNS = 'id, email, name, password_hash, confirmed_at';

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const rows = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM cabinet_users WHERE email = $1`, [email]);
  return rows[0] ?? null;
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | null> {
  const rows = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM cabinet_users WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/** Inserts an unconfirmed account unless the address has one; returns the account's id either way. */
export async function ensureUser(
  db: Queryable,
  user: { id: string; email: string; name: string; password_hash: string },
  now: Date,
): Promise<string> {
  await db.query(
    `INSERT INTO cabinet_users (id, email, name, password_hash, created_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (email) DO NOTHING`,
    [user.id, user.email, user.name, user.password_hash, now],
  );
  const rows = await db.query<{ id: string }>('SELECT id FROM cabinet_users WHERE email = $1', [user.email]);
  return rows[0]?.id as string;
}

/** Sets the account's name and password and marks it confirmed (the link proved the address). */
export async function confirmUser(
  db: Queryable,
  id: string,
  values: { name?: string; password_hash?: string },
  now: Date,
) {
  await db.query(
    `UPDATE cabinet_users SET name = COALESCE($2, name), password_hash = COALESCE($3, password_hash),
       confirmed_at = COALESCE(confirmed_at, $4) WHERE id = $1`,
    [id, values.name ?? null, values.password_hash ?? null, now],
  );
}

export async function setPassword(db: Queryable, id: string, passwordHash: string) {
  await db.query('UPDATE cabinet_users SET password_hash = $2 WHERE id = $1', [id, passwordHash]);
}

// --- one-time links --------------------------------------------------------------------------------

export type TokenPurpose = 'confirm' | 'reset';

export async function insertToken(
  db: Queryable,
  t: { hash: string; purpose: TokenPurpose; userId: string; data: object; expiresAt: Date },
  now: Date,
) {
  await db.query(
    `INSERT INTO cabinet_tokens (token_hash, purpose, user_id, data, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [t.hash, t.purpose, t.userId, JSON.stringify(t.data), now, t.expiresAt],
  );
}

/** The link if it is still usable, without using it. */
export async function findValidToken(
  db: Queryable,
  hash: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<{ user_id: string; data: Record<string, unknown> } | null> {
  const rows = await db.query<{ user_id: string; data: Record<string, unknown> | string }>(
    `SELECT user_id, data FROM cabinet_tokens
      WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3`,
    [hash, purpose, now],
  );
  const row = rows[0];
  if (!row) return null;
  return { user_id: row.user_id, data: typeof row.data === 'string' ? JSON.parse(row.data) : row.data };
}

/** Uses the link once: marks it used and returns it, or null when unknown, used or past its end. */
export async function consumeToken(
  db: Queryable,
  hash: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<{ user_id: string; data: Record<string, unknown> } | null> {
  const rows = await db.query<{ user_id: string; data: Record<string, unknown> | string }>(
    `UPDATE cabinet_tokens SET used_at = $3
      WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3
      RETURNING user_id, data`,
    [hash, purpose, now],
  );
  const row = rows[0];
  if (!row) return null;
  return { user_id: row.user_id, data: typeof row.data === 'string' ? JSON.parse(row.data) : row.data };
}

/** Ends every unused link of the account for this purpose. */
export async function endTokensOf(db: Queryable, userId: string, purpose: TokenPurpose, now: Date) {
  await db.query(
    'UPDATE cabinet_tokens SET used_at = $3 WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL',
    [userId, purpose, now],
  );
}

/** Retention: one batch of one-time links past their end (used or not). */
export async function deleteEndedTokens(db: Queryable, now: Date, batch: number): Promise<number> {
  const rows = await db.query(
    `DELETE FROM cabinet_tokens WHERE token_hash IN (
       SELECT token_hash FROM cabinet_tokens WHERE expires_at <= $1 LIMIT $2 FOR UPDATE SKIP LOCKED)
     RETURNING token_hash`,
    [now, batch],
  );
  return rows.length;
}

// --- memberships -----------------------------------------------------------------------------------

export async function insertMember(
  db: Queryable,
  m: { shopId: string; userId: string; role: CabinetRole },
  now: Date,
) {
  await db.query(
    `INSERT INTO shop_members (shop_id, user_id, role, joined_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (shop_id, user_id) DO NOTHING`,
    [m.shopId, m.userId, m.role, now],
  );
}

export async function userShops(db: Queryable, userId: string) {
  return db.query<{ id: string; name: string; role: CabinetRole; test_shop_id: string | null }>(
    `SELECT s.id, s.name, m.role, (SELECT t.id FROM shops t WHERE t.live_shop_id = s.id) AS test_shop_id
       FROM shop_members m JOIN shops s ON s.id = m.shop_id
      WHERE m.user_id = $1 ORDER BY m.joined_at, s.name`,
    [userId],
  );
}

export async function findMembership(
  db: Queryable,
  userId: string,
  shopId: string,
  livemode = true,
): Promise<{ role: CabinetRole; shop: KeyShop } | null> {
  // Members belong to the live shop; its test twin is the same team's (and suspended with it).
  const rows = await db.query<KeyShop & { role: CabinetRole }>(
    `SELECT t.id, t.name, t.email, t.webhook_secret, t.widget_origins,
            (s.suspended_at IS NOT NULL OR t.suspended_at IS NOT NULL) AS suspended, t.livemode, t.live_shop_id, m.role
       FROM shop_members m JOIN shops s ON s.id = m.shop_id
       JOIN shops t ON t.id = CASE WHEN s.livemode = $3 THEN s.id
                                   ELSE COALESCE((SELECT x.id FROM shops x WHERE x.live_shop_id = s.id), s.id) END
      WHERE m.user_id = $1 AND m.shop_id = $2`,
    [userId, shopId, livemode],
  );
  const row = rows[0];
  if (!row) return null;
  const { role, ...shop } = row;
  return { role, shop };
}
