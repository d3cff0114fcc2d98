import { STAFF_MESSAGES } from '@b2bpay/domain';
import type { Queryable } from '../../db/database';
import { notFound } from '../../shared/errors';
import { isUuid } from '../../shared/uuid';
import * as repo from './suspension.repository';

export type { StaffShopRow } from './suspension.repository';
export { searchShops, setShopInn } from './suspension.repository';

export async function findStaffShop(db: Queryable, id: string, opts: { forUpdate?: boolean } = {}) {
  const shop = isUuid(id) ? await repo.findStaffShop(db, id, opts) : null;
  if (!shop) throw notFound(STAFF_MESSAGES.shopNotFound);
  return shop;
}

/**
 * Suspends a shop (DESIGN §14): its keys and its members' sessions get 403 SHOP_SUSPENDED. Returns
 * whether it changed anything (a second suspension keeps the first's reason). The caller drops the
 * key cache once this has committed (auth's invalidateKeyCache).
 */
export async function suspendShop(tx: Queryable, id: string, reason: string, by: string, now: Date) {
  const shop = await findStaffShop(tx, id, { forUpdate: true });
  if (shop.suspended_at) return { shop, changed: false };
  await repo.setSuspension(tx, id, { at: now, reason, by });
  return { shop, changed: true };
}

export async function resumeShop(tx: Queryable, id: string) {
  const shop = await findStaffShop(tx, id, { forUpdate: true });
  if (!shop.suspended_at) return { shop, changed: false };
  await repo.setSuspension(tx, id, null);
  return { shop, changed: true };
}
