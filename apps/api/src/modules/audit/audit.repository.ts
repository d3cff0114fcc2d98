import type { Queryable } from '../../db/database';
import { toIso } from '../../db/database';

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

/** Newest first; `startingAfter` names the last entry of the previous page (of this shop). */
export async function listAudit(db: Queryable, shopId: string, limit: number, startingAfter?: string) {
  const rows = await db.query<AuditRow>(
    `SELECT id, actor_type, actor_email, actor_key_last4, action, details, ip, created_at
       FROM audit_log
      WHERE shop_id = $1
        AND ($3::uuid IS NULL OR seq < (SELECT seq FROM audit_log WHERE id = $3 AND shop_id = $1))
      ORDER BY seq DESC LIMIT $2`,
    [shopId, limit + 1, startingAfter ?? null],
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
