import { type Queryable, toIso } from '../../db/database';

/**
 * Whose sessions: the personal cabinet's (shop users) or the back office's (B2BPay's staff). One
 * mechanism, two tables: a staff session never opens the shop API, a shop session never the back office.
 */
export type SessionStore = 'cabinet' | 'staff';

/** The two stores' statements: the same shape, another table and users' table. */
function sqlFor(store: SessionStore) {
  const [sessions, users, detail] =
    store === 'cabinet'
      ? (['cabinet_sessions', 'cabinet_users', 'u.name'] as const)
      : (['staff_sessions', 'staff_users', 'u.role'] as const);
  return {
    insert: `INSERT INTO ${sessions} (id, token_hash, user_id, csrf_token, created_at, last_seen_at, expires_at, ip, user_agent)
      VALUES ($1, $2, $3, $4, $5, $5, $6, $7, $8)`,
    find: `SELECT s.id, s.csrf_token, s.last_seen_at, u.id AS user_id, u.email, ${detail} AS detail
       FROM ${sessions} s JOIN ${users} u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.expires_at > $2 AND s.last_seen_at > $3`,
    touch: `UPDATE ${sessions} SET last_seen_at = $2 WHERE id = $1`,
    list: `SELECT id, created_at, last_seen_at, ip, user_agent FROM ${sessions}
      WHERE user_id = $1 AND expires_at > $2 AND last_seen_at > $3 ORDER BY created_at DESC`,
    deleteOne: `DELETE FROM ${sessions} WHERE id = $1 AND user_id = $2 RETURNING id`,
    deleteUser: `DELETE FROM ${sessions} WHERE user_id = $1`,
    deleteEnded: `DELETE FROM ${sessions} WHERE id IN (
       SELECT id FROM ${sessions} WHERE expires_at <= $1 OR last_seen_at <= $2
        LIMIT $3 FOR UPDATE SKIP LOCKED) RETURNING id`,
  };
}
const SQL = { cabinet: sqlFor('cabinet'), staff: sqlFor('staff') };

export interface NewSessionRow {
  id: string;
  tokenHash: string;
  userId: string;
  csrfToken: string;
  expiresAt: Date;
  ip: string | null;
  userAgent: string | null;
}

export async function insertSession(db: Queryable, store: SessionStore, s: NewSessionRow, now: Date) {
  await db.query(SQL[store].insert, [
    s.id,
    s.tokenHash,
    s.userId,
    s.csrfToken,
    now,
    s.expiresAt,
    s.ip,
    s.userAgent,
  ]);
}

/** A live session as its store finds it: the cabinet's `detail` is the user's name, the staff's the role. */
export interface FoundSession {
  session_id: string;
  csrf_token: string;
  user_id: string;
  email: string;
  detail: string;
}

/**
 * The session with this hash unless it is past its absolute end or idle since `idleSince`. Its
 * last_seen_at moves on at most once a minute, so a busy page does not write on every request.
 */
export async function touchSession(
  db: Queryable,
  store: SessionStore,
  tokenHash: string,
  now: Date,
  idleSince: Date,
): Promise<FoundSession | null> {
  const rows = await db.query<{
    id: string;
    csrf_token: string;
    last_seen_at: Date | string;
    user_id: string;
    email: string;
    detail: string;
  }>(SQL[store].find, [tokenHash, now, idleSince]);
  const row = rows[0];
  if (!row) return null;
  if (now.getTime() - new Date(row.last_seen_at).getTime() > 60_000) {
    await db.query(SQL[store].touch, [row.id, now]);
  }
  return {
    session_id: row.id,
    csrf_token: row.csrf_token,
    user_id: row.user_id,
    email: row.email,
    detail: row.detail,
  };
}

export async function listSessions(
  db: Queryable,
  store: SessionStore,
  userId: string,
  now: Date,
  idleSince: Date,
) {
  const rows = await db.query<{
    id: string;
    created_at: unknown;
    last_seen_at: unknown;
    ip: string | null;
    user_agent: string | null;
  }>(SQL[store].list, [userId, now, idleSince]);
  return rows.map((r) => ({ ...r, created_at: toIso(r.created_at), last_seen_at: toIso(r.last_seen_at) }));
}

export async function deleteSession(db: Queryable, store: SessionStore, userId: string, sessionId: string) {
  const rows = await db.query<{ id: string }>(SQL[store].deleteOne, [sessionId, userId]);
  return rows.length > 0;
}

export async function deleteUserSessions(db: Queryable, store: SessionStore, userId: string) {
  await db.query(SQL[store].deleteUser, [userId]);
}

/** Retention: one batch of sessions past their absolute end or idle since `idleSince`. */
export async function deleteEndedSessions(
  db: Queryable,
  store: SessionStore,
  now: Date,
  idleSince: Date,
  batch: number,
): Promise<number> {
  const rows = await db.query(SQL[store].deleteEnded, [now, idleSince, batch]);
  return rows.length;
}
