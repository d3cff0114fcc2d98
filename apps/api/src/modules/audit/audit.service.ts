import { randomUUID } from 'node:crypto';
import type { AuditList } from '@b2bpay/domain';
import type { Queryable } from '../../db/database';
import type { AppDeps } from '../../deps';
import { pageCursor, pageOf, resolveCursor } from '../../shared/cursor';
import type { Actor } from '../auth';
import { deleteOldAudit, findAuditSeq, insertAudit, listAudit } from './audit.repository';

/** Who did it, as the audit log names them: a user's e-mail or a key's last four characters. */
export type AuditActor = { type: 'user'; email: string } | { type: 'key'; key_last4: string };

/** Who acts and from where: what a shop operation hands its service so the change is recorded with it. */
export interface AuditBy {
  actor: AuditActor;
  ip: string | null;
}

/** The audit log's view of a request's authentication (a key or a member's session). */
export function auditBy(auth: { actor: Actor; ip: string | null }): AuditBy {
  const { actor } = auth;
  return {
    actor:
      actor.type === 'user'
        ? { type: 'user', email: actor.email }
        : { type: 'key', key_last4: actor.key_last4 },
    ip: auth.ip,
  };
}

/** One entry: who, what (`key.rotated`, `order.cancelled`…), its particulars and from which address. */
export interface AuditRecord {
  shopId: string;
  actor: AuditActor;
  action: string;
  details?: object;
  ip: string | null;
}

/**
 * Appends an entry in the caller's transaction, so an entry exists exactly when its change commits.
 * The table takes no UPDATE (a trigger refuses it); only the retention sweep deletes.
 */
export async function recordAudit(tx: Queryable, r: AuditRecord, now: Date): Promise<void> {
  await insertAudit(
    tx,
    {
      id: randomUUID(),
      shopId: r.shopId,
      actorType: r.actor.type,
      actorEmail: r.actor.type === 'user' ? r.actor.email : null,
      actorKeyLast4: r.actor.type === 'key' ? r.actor.key_last4 : null,
      action: r.action,
      details: r.details ?? {},
      ip: r.ip,
    },
    now,
  );
}

export async function readAudit(
  db: Queryable,
  shopId: string,
  query: { limit: number; starting_after?: string | undefined; ending_before?: string | undefined },
): Promise<AuditList> {
  const cursor = await resolveCursor(
    pageCursor(query),
    (id) => findAuditSeq(db, shopId, id),
    'нет такой записи в журнале магазина',
  );
  // One row more than the page tells whether more follow.
  const page = pageOf(await listAudit(db, shopId, query.limit + 1, cursor), query.limit, cursor);
  return {
    items: page.items.map((r) => ({
      id: r.id,
      actor:
        r.actor_type === 'user'
          ? { type: 'user' as const, email: r.actor_email ?? '' }
          : { type: 'key' as const, key_last4: r.actor_key_last4 ?? '' },
      action: r.action,
      details: typeof r.details === 'string' ? JSON.parse(r.details) : r.details,
      ip: r.ip,
      created_at: r.created_at,
    })),
    has_more: page.has_more,
  };
}

/** Retention (modules/retention): one batch of entries older than RETENTION_AUDIT. */
export function purgeOldAudit(deps: AppDeps, batch: number): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - deps.config.RETENTION_AUDIT);
  return deleteOldAudit(deps.db, before, batch);
}
