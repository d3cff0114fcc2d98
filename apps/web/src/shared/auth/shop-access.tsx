import type { CabinetRole, Permission } from '@b2bpay/domain';
import { can as roleCan } from '@b2bpay/domain';
import { createContext, useContext } from 'react';
import type { CabinetUser } from '../api/cabinet-api';
import { useAuth } from './auth-context';

/**
 * How the shop area reaches the shop's data: with the secret key (the seed's `?token=` link) or on a
 * cabinet session with the member's role (DESIGN §12). The shop layout works it out and provides it;
 * a page rendered without the layout (unit tests) falls back to the key alone.
 */
export interface ShopAccess {
  /** The secret key, when the area runs on one; null on a session (the cookie and headers carry it). */
  token: string | null;
  /** False while it is not yet known whether there is a key or a session. */
  isInitialized: boolean;
  /** A key, or a session whose user is a member of this shop. */
  hasAccess: boolean;
  /** The member's role on a session; null on a key, which may do everything. */
  role: CabinetRole | null;
  /** Who is logged in, on a session. */
  user: CabinetUser | null;
  /**
   * On a session, the shop as the cabinet knows it (its live id, also when the page's order is a test
   * one, which names the shop's test twin): the id the area's links use. Null on a key.
   */
  sessionShopId: string | null;
  can: (permission: Permission) => boolean;
}

export const ShopAccessContext = createContext<ShopAccess | null>(null);

export function keyAccess(token: string | null, isInitialized: boolean): ShopAccess {
  return {
    token,
    isInitialized,
    hasAccess: Boolean(token),
    role: null,
    user: null,
    sessionShopId: null,
    can: () => true,
  };
}

export function sessionAccess(
  role: CabinetRole,
  user: CabinetUser,
  shopId: string | null = null,
): ShopAccess {
  return {
    token: null,
    isInitialized: true,
    hasAccess: true,
    role,
    user,
    sessionShopId: shopId,
    can: (permission) => roleCan(role, permission),
  };
}

export function useShopAccess(): ShopAccess {
  const auth = useAuth();
  const provided = useContext(ShopAccessContext);
  return provided ?? keyAccess(auth.token, auth.isInitialized);
}

/** The API's text for an action the role may not take (403 FORBIDDEN), shown where a page is refused. */
export const NO_RIGHTS = 'Недостаточно прав';

/** The shop id the area's links use: the session's shop (see `sessionShopId`), else `known`. */
export function useLinkedShopId(known: string | undefined): string | undefined {
  return useShopAccess().sessionShopId ?? known;
}
