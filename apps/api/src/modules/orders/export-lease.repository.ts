import type { Queryable } from '../../db/database';

/**
 * Takes the shop's export lease for `holder` when nobody holds it or its holder's lease has ended
 * (`now`). One statement: of two racing for a free shop one inserts, and the other, waiting on that
 * row, finds it held and takes nothing.
 */
export async function claimExportLease(
  db: Queryable,
  shopId: string,
  holder: string,
  now: Date,
  until: Date,
): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO export_leases (shop_id, holder, expires_at) VALUES ($1, $2, $3)
     ON CONFLICT (shop_id) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
      WHERE export_leases.expires_at <= $4
     RETURNING holder`,
    [shopId, holder, until, now],
  );
  return rows.length === 1;
}

/** Pushes the holder's lease on; a lease another has taken over meanwhile stays theirs. */
export async function extendExportLease(db: Queryable, shopId: string, holder: string, until: Date) {
  await db.query('UPDATE export_leases SET expires_at = $3 WHERE shop_id = $1 AND holder = $2', [
    shopId,
    holder,
    until,
  ]);
}

export async function releaseExportLease(db: Queryable, shopId: string, holder: string) {
  await db.query('DELETE FROM export_leases WHERE shop_id = $1 AND holder = $2', [shopId, holder]);
}
