import type { Queryable } from '../../db/database';

export interface StaffShopRow {
  id: string;
  name: string;
  email: string;
  inn: string | null;
  suspended_at: Date | null;
  suspended_reason: string | null;
  suspended_by: string | null;
  created_at: Date;
}

const COLUMNS = 'id, name, email, inn, suspended_at, suspended_reason, suspended_by, created_at';

/** Shops by name or e-mail (a part of either) or INN (exactly), newest first; the demo shop is left out. */
export async function searchShops(db: Queryable, q: string | undefined): Promise<StaffShopRow[]> {
  const text = q?.trim() ?? '';
  const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db.query<StaffShopRow>(
    `SELECT ${COLUMNS} FROM shops
      WHERE NOT is_demo AND live_shop_id IS NULL AND ($1 = '' OR name ILIKE $2 OR email ILIKE $2 OR inn = $1)
      ORDER BY created_at DESC, id LIMIT 100`,
    [text, like],
  );
}

export async function findStaffShop(db: Queryable, id: string, opts: { forUpdate?: boolean } = {}) {
  const rows = await db.query<StaffShopRow>(
    `SELECT ${COLUMNS} FROM shops WHERE id = $1${opts.forUpdate ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function setSuspension(
  tx: Queryable,
  id: string,
  s: { at: Date; reason: string; by: string } | null,
) {
  await tx.query(
    // The shop's test twin is stopped and resumed with it: its test keys are the same shop's keys.
    'UPDATE shops SET suspended_at = $2, suspended_reason = $3, suspended_by = $4 WHERE id = $1 OR live_shop_id = $1',
    [id, s?.at ?? null, s?.reason ?? null, s?.by ?? null],
  );
}

export async function setShopInn(tx: Queryable, id: string, inn: string) {
  await tx.query('UPDATE shops SET inn = $2 WHERE id = $1', [id, inn]);
}
