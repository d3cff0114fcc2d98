import type { Queryable } from '../../db/database';
import type { AuthenticatedKey, KeyKind, KeyShop } from '../auth';

export type { KeyKind };

/** A shop's row: what a request's key carries of it (auth's KeyShop). */
export type ShopRow = KeyShop;

const SHOP_COLUMNS =
  's.id, s.name, s.email, s.webhook_secret, s.widget_origins, (s.suspended_at IS NOT NULL) AS suspended, s.livemode, s.live_shop_id';

export async function insertShop(
  db: Queryable,
  shop: Omit<ShopRow, 'widget_origins' | 'suspended'> & { is_demo?: boolean; live_shop_id?: string },
): Promise<void> {
  await db.query(
    `INSERT INTO shops (id, name, email, webhook_secret, is_demo, livemode, live_shop_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      shop.id,
      shop.name,
      shop.email,
      shop.webhook_secret,
      shop.is_demo ?? false,
      shop.livemode,
      shop.live_shop_id ?? null,
    ],
  );
}

/** The shop's test twin (its test mode's data space), or null when it has none yet. */
export async function findTestTwin(db: Queryable, liveShopId: string): Promise<ShopRow | null> {
  const rows = await db.query<ShopRow>(`SELECT ${SHOP_COLUMNS} FROM shops s WHERE s.live_shop_id = $1`, [
    liveShopId,
  ]);
  return rows[0] ?? null;
}

export async function insertKey(db: Queryable, shopId: string, kind: KeyKind, hash: string, hint: string) {
  await db.query('INSERT INTO api_keys (shop_id, kind, key_hash, key_hint) VALUES ($1, $2, $3, $4)', [
    shopId,
    kind,
    hash,
    hint,
  ]);
}

/**
 * Takes the shop row's lock for the rest of the transaction: key rotations of one shop take turns,
 * so each revokes the key the previous one issued and exactly one key of a kind stays valid.
 */
export async function lockShop(db: Queryable, shopId: string) {
  await db.query('SELECT id FROM shops WHERE id = $1 FOR UPDATE', [shopId]);
}

/**
 * Ends the shop's current keys of a kind: at once (`until` = null), or at `until`, so that servers
 * still using them keep working while they are redeployed (rotation without an outage). A key that
 * already ends sooner keeps its earlier end.
 */
export async function revokeKeys(db: Queryable, shopId: string, kind: KeyKind, until: Date | null = null) {
  if (until === null) {
    await db.query(
      'UPDATE api_keys SET revoked_at = now() WHERE shop_id = $1 AND kind = $2 AND revoked_at IS NULL',
      [shopId, kind],
    );
    return;
  }
  await db.query(
    `UPDATE api_keys SET expires_at = LEAST(COALESCE(expires_at, $3), $3)
      WHERE shop_id = $1 AND kind = $2 AND revoked_at IS NULL`,
    [shopId, kind, until],
  );
}

/** The valid key with this hash at `now`: not revoked and not past its end. */
export async function findShopByKeyHash(
  db: Queryable,
  hash: string,
  now: Date,
): Promise<AuthenticatedKey | null> {
  // The lookup also notes the key's use, at most once a minute (the back office shows it): the
  // authenticator's cache keeps this to one statement a second per key and process.
  const rows = await db.query<ShopRow & { kind: KeyKind; expires_at: Date | string | null }>(
    `WITH used AS (
       UPDATE api_keys SET last_used_at = $2
        WHERE key_hash = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > $2)
          AND (last_used_at IS NULL OR last_used_at < $2::timestamptz - interval '1 minute')
       RETURNING id)
     SELECT ${SHOP_COLUMNS}, k.kind, k.expires_at FROM api_keys k JOIN shops s ON s.id = k.shop_id
      WHERE k.key_hash = $1 AND k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > $2)`,
    [hash, now],
  );
  const row = rows[0];
  if (!row) return null;
  const { kind, expires_at, ...shop } = row;
  return { shop, kind, expires_at: expires_at === null ? null : new Date(expires_at) };
}

export async function findShopById(db: Queryable, id: string): Promise<ShopRow | null> {
  const rows = await db.query<ShopRow>(`SELECT ${SHOP_COLUMNS} FROM shops s WHERE s.id = $1`, [id]);
  return rows[0] ?? null;
}

export async function deleteDemoShops(db: Queryable) {
  await db.query('DELETE FROM shops WHERE is_demo');
}
