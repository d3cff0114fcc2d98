import type { Queryable } from '../../db/database';
import { toIso } from '../../db/database';
import { keysetWalk } from '../../db/keyset';

export interface AuditRow {
  id: string;
  actor_type: 'user' | 'key';
  actor_email: string | null;
  actor_key_last4: string | null;
  action: string;
  details: Record<string, unknown> | string;
  ip: string | null;
  created_at: unknown;
}

export async function insertAudit(
  db: Queryable,
  e: {
    id: string;
    shopId: string;
    actorType: 'user' | 'key';
    actorEmail: string | null;
    actorKeyLast4: string | null;
    action: string;
    details: object;
    ip: string | null;
  },
  now: Date,
) {
  await db.query(
    `INSERT INTO audit_log (id, shop_id, actor_type, actor_email, actor_key_last4, action, details, ip, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      e.id,
      e.shopId,
      e.actorType,
      e.actorEmail,
      e.actorKeyLast4,
      e.action,
      JSON.stringify(e.details),
      e.ip,
      now,
    ],
  );
}

/** The place of this shop's entry in the log (a list cursor), or null when the shop has no such entry. */
export async function findAuditSeq(db: Queryable, shopId: string, id: string): Promise<string | null> {
  const rows = await db.query<{ seq: unknown }>('SELECT seq FROM audit_log WHERE id = $1 AND shop_id = $2', [
    id,
    shopId,
  ]);
  return rows[0] ? String(rows[0].seq) : null;
}

/**
 * Newest first, `limit` rows walking away from the cursor's entry (older ones; newer ones, nearest
 * first, for `ending_before`).
 */
export async function listAudit(
  db: Queryable,
  shopId: string,
  limit: number,
  cursor: { key: string; backwards: boolean } | null,
) {
  const { cmp, dir } = keysetWalk(cursor);
  const rows = await db.query<AuditRow>(
    `SELECT id, actor_type, actor_email, actor_key_last4, action, details, ip, created_at
       FROM audit_log
      WHERE shop_id = $1 AND ($3::bigint IS NULL OR seq ${cmp} $3)
      ORDER BY seq ${dir} LIMIT $2`,
    [shopId, limit, cursor?.key ?? null],
  );
  return rows.map((r) => ({ ...r, created_at: toIso(r.created_at) }));
}

export async function deleteOldAudit(db: Queryable, before: Date, batch: number): Promise<number> {
  const rows = await db.query(
    `DELETE FROM audit_log WHERE id IN (
       SELECT id FROM audit_log WHERE created_at < $1 LIMIT $2 FOR UPDATE SKIP LOCKED) RETURNING id`,
    [before, batch],
  );
  return rows.length;
}
