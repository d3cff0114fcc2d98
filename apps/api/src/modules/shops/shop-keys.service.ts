/**
 * The shop behind an API key, for the auth module. Apart from shops.service.ts because that one drops
 * auth's key cache when keys change: one service file each way keeps the imports acyclic.
 */
export type { AuthenticatedKey, KeyKind } from './shops.repository';
export { findShopByKeyHash } from './shops.repository';
