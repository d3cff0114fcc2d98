import type { CabinetRole } from '@b2bpay/domain';
import type { Queryable } from '../../db/database';
import { toIso } from '../../db/database';
import type { KeyShop, SessionPrincipal } from '../auth';

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

// --- sessions --------------------------------------------------------------------------------------

export async function insertSession(
  db: Queryable,
  s: {
    id: string;
    tokenHash: string;
    userId: string;
    csrfToken: string;
    expiresAt: Date;
    ip: string | null;
    userAgent: string | null;
  },
  now: Date,
) {
  await db.query(
    `INSERT INTO cabinet_sessions (id, token_hash, user_id, csrf_token, created_at, last_seen_at, expires_at, ip, user_agent)
     VALUES ($1, $2, $3, $4, $5, $5, $6, $7, $8)`,
    [s.id, s.tokenHash, s.userId, s.csrfToken, now, s.expiresAt, s.ip, s.userAgent],
  );
}

/**
 * The session with this hash unless it is past its absolute end or idle since `idleSince`. Its
 * last_seen_at moves on at most once a minute, so a busy page does not write on every request.
 */
export async function touchSession(
  db: Queryable,
  tokenHash: string,
  now: Date,
  idleSince: Date,
): Promise<SessionPrincipal | null> {
  const rows = await db.query<{
    id: string;
    csrf_token: string;
    last_seen_at: Date | string;
    user_id: string;
    email: string;
    name: string;
  }>(
    `SELECT s.id, s.csrf_token, s.last_seen_at, u.id AS user_id, u.email, u.name
       FROM cabinet_sessions s JOIN cabinet_users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.expires_at > $2 AND s.last_seen_at > $3`,
    [tokenHash, now, idleSince],
  );
  const row = rows[0];
  if (!row) return null;
  if (now.getTime() - new Date(row.last_seen_at).getTime() > 60_000) {
    await db.query('UPDATE cabinet_sessions SET last_seen_at = $2 WHERE id = $1', [row.id, now]);
  }
  return {
    session_id: row.id,
    csrf_token: row.csrf_token,
    user: { id: row.user_id, email: row.email, name: row.name },
  };
}

export async function listSessions(db: Queryable, userId: string, now: Date, idleSince: Date) {
  const rows = await db.query<{
    id: string;
    created_at: unknown;
    last_seen_at: unknown;
    ip: string | null;
    user_agent: string | null;
  }>(
    `SELECT id, created_at, last_seen_at, ip, user_agent FROM cabinet_sessions
      WHERE user_id = $1 AND expires_at > $2 AND last_seen_at > $3 ORDER BY created_at DESC`,
    [userId, now, idleSince],
  );
  return rows.map((r) => ({ ...r, created_at: toIso(r.created_at), last_seen_at: toIso(r.last_seen_at) }));
}

export async function deleteSession(db: Queryable, userId: string, sessionId: string): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    'DELETE FROM cabinet_sessions WHERE id = $1 AND user_id = $2 RETURNING id',
    [sessionId, userId],
  );
  return rows.length > 0;
}

export async function deleteUserSessions(db: Queryable, userId: string) {
  await db.query('DELETE FROM cabinet_sessions WHERE user_id = $1', [userId]);
}

/** Retention: one batch of sessions past their absolute end or idle since `idleSince`. */
export async function deleteEndedSessions(
  db: Queryable,
  now: Date,
  idleSince: Date,
  batch: number,
): Promise<number> {
  const rows = await db.query(
    `DELETE FROM cabinet_sessions WHERE id IN (
       SELECT id FROM cabinet_sessions WHERE expires_at <= $1 OR last_seen_at <= $2
        LIMIT $3 FOR UPDATE SKIP LOCKED) RETURNING id`,
    [now, idleSince, batch],
  );
  return rows.length;
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
  return db.query<{ id: string; name: string; role: CabinetRole }>(
    `SELECT s.id, s.name, m.role FROM shop_members m JOIN shops s ON s.id = m.shop_id
      WHERE m.user_id = $1 ORDER BY m.joined_at, s.name`,
    [userId],
  );
}

export async function findMembership(
  db: Queryable,
  userId: string,
  shopId: string,
): Promise<{ role: CabinetRole; shop: KeyShop } | null> {
  const rows = await db.query<KeyShop & { role: CabinetRole }>(
    `SELECT s.id, s.name, s.email, s.webhook_url, s.webhook_secret, s.widget_origins, m.role
       FROM shop_members m JOIN shops s ON s.id = m.shop_id WHERE m.user_id = $1 AND m.shop_id = $2`,
    [userId, shopId],
  );
  const row = rows[0];
  if (!row) return null;
  const { role, ...shop } = row;
  return { role, shop };
}
