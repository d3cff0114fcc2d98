import { randomUUID } from 'node:crypto';
import { DEMO_SHOP, type ShopCreate, type ShopCreated } from '@b2bpay/domain';
import type { Config } from '../../config';
import type { Database, Queryable } from '../../db/database';
import { keyHint, newPublishableKey, newSecretKey, newWebhookSecret, sha256Hex } from '../../shared/crypto';
import { notFound, unauthorized } from '../../shared/errors';
import { type AuditBy, recordAudit } from '../audit';
import { INVALID_TOKEN, invalidateKeyCache, keyInGracePeriodForbidden } from '../auth';
import { assertWebhookUrlAllowed, setShopWebhookUrl } from '../webhooks';
import * as repo from './shops.repository';

export const SHOP_NOT_FOUND = 'Магазин не найден';

/** Creates a shop with its first keys; the plain keys exist only in this answer (stored hashed). */
export async function createShop(db: Database, input: ShopCreate): Promise<ShopCreated> {
  return db.transaction((tx) => createShopIn(tx, input));
}

/** A new shop row of one mode and its two keys; the plain keys exist only in the answer. */
async function insertShopWithKeys(
  tx: Queryable,
  shop: { id: string; name: string; email: string; webhook_url: string | null; livemode: boolean },
  liveShopId?: string,
) {
  const { webhook_url: webhookUrl, ...fields } = shop;
  const row = {
    ...fields,
    webhook_secret: newWebhookSecret(),
    ...(liveShopId ? { live_shop_id: liveShopId } : {}),
  };
  const secretKey = newSecretKey(shop.livemode);
  const publishableKey = newPublishableKey(shop.livemode);
  await repo.insertShop(tx, row);
  // The webhook address given is the shop's first webhook endpoint.
  if (webhookUrl)
    await setShopWebhookUrl(tx, {
      id: randomUUID(),
      shopId: shop.id,
      livemode: shop.livemode,
      url: webhookUrl,
      now: null,
    });
  await repo.insertKey(tx, shop.id, 'secret', sha256Hex(secretKey), keyHint(secretKey));
  await repo.insertKey(tx, shop.id, 'publishable', sha256Hex(publishableKey), keyHint(publishableKey));
  return { secretKey, publishableKey, webhookSecret: row.webhook_secret };
}

/**
 * createShop inside the caller's transaction (the cabinet makes a shop, its owner and a session at
 * once): the live shop and its test twin (DESIGN §16), each with its own keys and webhook secret.
 */
export async function createShopIn(tx: Queryable, input: ShopCreate): Promise<ShopCreated> {
  const shop = { id: randomUUID(), name: input.name, email: input.email };
  const live = await insertShopWithKeys(tx, {
    ...shop,
    webhook_url: input.webhook_url ?? null,
    livemode: true,
  });
  const test = await insertShopWithKeys(
    tx,
    { ...shop, id: randomUUID(), webhook_url: null, livemode: false },
    shop.id,
  );
  return {
    shop,
    secret_key: live.secretKey,
    publishable_key: live.publishableKey,
    webhook_secret: live.webhookSecret,
    test_secret_key: test.secretKey,
    test_publishable_key: test.publishableKey,
    test_webhook_secret: test.webhookSecret,
  };
}

/**
 * Shop creation as an operator asks for it (the admin endpoint and the CLI): the webhook address
 * passes the one rule every registered address passes — https only in production unless
 * WEBHOOK_ALLOW_HTTP, nothing inside our network unless WEBHOOK_ALLOW_PRIVATE — before anything is
 * stored. A refused address is a 400 VALIDATION_ERROR on `webhook_url`.
 */
export async function registerShop(
  deps: { db: Database; config: Pick<Config, 'WEBHOOK_ALLOW_PRIVATE' | 'WEBHOOK_ALLOW_HTTP'> },
  input: ShopCreate,
): Promise<ShopCreated> {
  if (input.webhook_url) await assertWebhookUrlAllowed(input.webhook_url, deps.config);
  return createShop(deps.db, input);
}

/** Replaces both keys of a shop; the old ones stop working at once. */
export async function rotateKeys(db: Database, shopId: string) {
  const shop = await repo.findShopById(db, shopId);
  if (!shop) throw notFound(SHOP_NOT_FOUND);
  const secretKey = newSecretKey(shop.livemode);
  const publishableKey = newPublishableKey(shop.livemode);
  await db.transaction(async (tx) => {
    await repo.lockShop(tx, shopId);
    await repo.revokeKeys(tx, shopId, 'secret');
    await repo.revokeKeys(tx, shopId, 'publishable');
    await repo.insertKey(tx, shopId, 'secret', sha256Hex(secretKey), keyHint(secretKey));
    await repo.insertKey(tx, shopId, 'publishable', sha256Hex(publishableKey), keyHint(publishableKey));
  });
  // The old keys may sit in this process's key cache: forget them now (other processes: within its TTL).
  invalidateKeyCache();
  return { shop_id: shopId, secret_key: secretKey, publishable_key: publishableKey };
}

export async function getPublicShop(db: Database, id: string) {
  const shop = await repo.findShopById(db, id);
  if (!shop) throw notFound(SHOP_NOT_FOUND);
  return { id: shop.id, name: shop.name, email: shop.email };
}

/** The shop's name for messages about its orders ('' when the shop is gone), read in the caller's transaction. */
export async function findShopName(db: Queryable, id: string): Promise<string> {
  return (await repo.findShopById(db, id))?.name ?? '';
}

/** Where to write to the shop about itself (alerts), read in the caller's transaction; null when it is gone. */
export async function findShopContact(
  db: Queryable,
  id: string,
): Promise<{ name: string; email: string } | null> {
  const shop = await repo.findShopById(db, id);
  return shop ? { name: shop.name, email: shop.email } : null;
}

/** The demo shop of the embedded default: created once, or removed when DEMO_SHOP=false. */
export async function syncDemoShop(db: Database, enabled: boolean) {
  if (!enabled) {
    await repo.deleteDemoShops(db);
    return;
  }
  if (await repo.findShopById(db, DEMO_SHOP.id)) return;
  await db.transaction(async (tx) => {
    await repo.insertShop(tx, {
      id: DEMO_SHOP.id,
      name: DEMO_SHOP.name,
      email: DEMO_SHOP.email,
      webhook_secret: DEMO_SHOP.webhookSecret,
      is_demo: true,
      livemode: false,
    });
    const keys = [
      ['secret', DEMO_SHOP.secretKey],
      ['publishable', DEMO_SHOP.publishableKey],
    ] as const;
    for (const [kind, key] of keys)
      await repo.insertKey(tx, DEMO_SHOP.id, kind, sha256Hex(key), keyHint(key));
  });
}

/**
 * Replaces one kind of key; the new key is shown once. The old one stops working at once, or after
 * `expireOldInSeconds` (up to 7 days), so that servers still using it keep working while they are
 * redeployed with the new one (rotation without an outage).
 *
 * `callerKeyHash` names the key that asked. It is checked again under the shop's lock: two requests
 * of one key may both pass the authenticator before either commits, and the second must not rotate
 * once the first has put that key in its grace period (DESIGN §16: such a key creates and reads
 * orders only; rotating again would end the shop's new key and hand the shop to a leaked one).
 */
export async function rotateKey(
  db: Database,
  shopId: string,
  kind: repo.KeyKind,
  options: { expireOldInSeconds?: number; now?: Date; callerKeyHash?: string; audit?: AuditBy } = {},
) {
  const shop = await repo.findShopById(db, shopId);
  if (!shop) throw notFound(SHOP_NOT_FOUND);
  // A test shop's keys are test keys: the mode is the shop row's (DESIGN §16).
  const key = kind === 'secret' ? newSecretKey(shop.livemode) : newPublishableKey(shop.livemode);
  const now = options.now ?? new Date();
  const seconds = options.expireOldInSeconds ?? 0;
  const until = seconds > 0 ? new Date(now.getTime() + seconds * 1000) : null;
  await db.transaction(async (tx) => {
    await repo.lockShop(tx, shopId);
    if (options.callerKeyHash !== undefined) {
      const caller = await repo.findShopByKeyHash(tx, options.callerKeyHash, now);
      if (caller?.shop.id !== shopId) throw unauthorized(INVALID_TOKEN);
      if (caller.expires_at !== null) throw keyInGracePeriodForbidden(caller.expires_at);
    }
    await repo.revokeKeys(tx, shopId, kind, until);
    await repo.insertKey(tx, shopId, kind, sha256Hex(key), keyHint(key));
    if (options.audit) {
      const details = { kind, expire_old_in_seconds: seconds };
      await recordAudit(tx, { shopId, ...options.audit, action: 'key.rotated', details }, now);
    }
  });
  invalidateKeyCache();
  return { kind, key, hint: keyHint(key), old_key_expires_at: until?.toISOString() ?? null };
}
