import type { CabinetRole } from '@b2bpay/domain';
import type { Queryable } from '../../db/database';
import { toIso } from '../../db/database';

export interface MemberRow {
  user_id: string;
  email: string;
  name: string;
  role: CabinetRole;
  joined_at: string;
}

export interface InvitationRow {
  id: string;
  shop_id: string;
  email: string;
  role: CabinetRole;
  created_at: string;
  expires_at: string;
}

/** The row with these timestamp columns as ISO strings (PGlite and node-postgres give Dates). */
function iso<T extends object>(row: T, ...keys: (keyof T)[]): T {
  const out = { ...row };
  for (const key of keys) out[key] = toIso(row[key]) as T[keyof T];
  return out;
}

export async function listMembers(db: Queryable, shopId: string): Promise<MemberRow[]> {
  const rows = await db.query<MemberRow>(
    `SELECT u.id AS user_id, u.email, u.name, m.role, m.joined_at
       FROM shop_members m JOIN cabinet_users u ON u.id = m.user_id
      WHERE m.shop_id = $1 ORDER BY m.role <> 'owner', m.joined_at, u.email`,
    [shopId],
  );
  return rows.map((r) => iso(r, 'joined_at'));
}

/**
 * The shop's members, their rows locked for the rest of the transaction: changes to one team take
 * turns, so two owners demoting each other at once cannot leave the shop with none.
 */
export async function lockMembers(db: Queryable, shopId: string) {
  return db.query<{ user_id: string; role: CabinetRole }>(
    'SELECT user_id, role FROM shop_members WHERE shop_id = $1 ORDER BY user_id FOR UPDATE',
    [shopId],
  );
}

export async function updateMemberRole(db: Queryable, shopId: string, userId: string, role: CabinetRole) {
  await db.query('UPDATE shop_members SET role = $3 WHERE shop_id = $1 AND user_id = $2', [
    shopId,
    userId,
    role,
  ]);
}

export async function deleteMember(db: Queryable, shopId: string, userId: string) {
  await db.query('DELETE FROM shop_members WHERE shop_id = $1 AND user_id = $2', [shopId, userId]);
}

const INVITATION_COLUMNS = 'id, shop_id, email, role, created_at, expires_at';

export async function listOpenInvitations(
  db: Queryable,
  shopId: string,
  now: Date,
): Promise<InvitationRow[]> {
  const rows = await db.query<InvitationRow>(
    `SELECT ${INVITATION_COLUMNS} FROM shop_invitations
      WHERE shop_id = $1 AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > $2
      ORDER BY created_at`,
    [shopId, now],
  );
  return rows.map((r) => iso(r, 'created_at', 'expires_at'));
}

export async function insertInvitation(
  db: Queryable,
  i: {
    id: string;
    shopId: string;
    email: string;
    role: CabinetRole;
    tokenHash: string;
    invitedBy: string | null;
    expiresAt: Date;
  },
  now: Date,
) {
  await db.query(
    `INSERT INTO shop_invitations (id, shop_id, email, role, token_hash, invited_by, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [i.id, i.shopId, i.email, i.role, i.tokenHash, i.invitedBy, now, i.expiresAt],
  );
}

/** Earlier open invitations of the address into the shop end when a new one is sent. */
export async function revokeOpenInvitationsOf(db: Queryable, shopId: string, email: string, now: Date) {
  await db.query(
    `UPDATE shop_invitations SET revoked_at = $3
      WHERE shop_id = $1 AND email = $2 AND accepted_at IS NULL AND revoked_at IS NULL`,
    [shopId, email, now],
  );
}

export async function findOpenInvitation(
  db: Queryable,
  shopId: string,
  id: string,
  now: Date,
): Promise<InvitationRow | null> {
  const rows = await db.query<InvitationRow>(
    `SELECT ${INVITATION_COLUMNS} FROM shop_invitations
      WHERE shop_id = $1 AND id = $2 AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > $3`,
    [shopId, id, now],
  );
  const row = rows[0];
  return row ? iso(row, 'created_at', 'expires_at') : null;
}

/** A new link for the invitation (the old one stops working) and a new end. */
export async function renewInvitation(db: Queryable, id: string, tokenHash: string, expiresAt: Date) {
  await db.query('UPDATE shop_invitations SET token_hash = $2, expires_at = $3 WHERE id = $1', [
    id,
    tokenHash,
    expiresAt,
  ]);
}

export async function revokeInvitation(db: Queryable, id: string, now: Date) {
  await db.query('UPDATE shop_invitations SET revoked_at = $2 WHERE id = $1', [id, now]);
}

/** The open invitation behind a link, with its shop's name; `lock` holds it for the accepting transaction. */
export async function findInvitationByToken(
  db: Queryable,
  tokenHash: string,
  now: Date,
  lock = false,
): Promise<(InvitationRow & { shop_name: string }) | null> {
  const rows = await db.query<InvitationRow & { shop_name: string }>(
    `SELECT i.id, i.shop_id, i.email, i.role, i.created_at, i.expires_at, s.name AS shop_name
       FROM shop_invitations i JOIN shops s ON s.id = i.shop_id
      WHERE i.token_hash = $1 AND i.accepted_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > $2
      ${lock ? 'FOR UPDATE OF i' : ''}`,
    [tokenHash, now],
  );
  const row = rows[0];
  return row ? iso(row, 'created_at', 'expires_at') : null;
}

export async function markInvitationAccepted(db: Queryable, id: string, now: Date) {
  await db.query('UPDATE shop_invitations SET accepted_at = $2 WHERE id = $1', [id, now]);
}

export async function shopName(db: Queryable, shopId: string): Promise<string | null> {
  const rows = await db.query<{ name: string }>('SELECT name FROM shops WHERE id = $1', [shopId]);
  return rows[0]?.name ?? null;
}
