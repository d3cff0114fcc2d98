import { createContext, type ReactNode, useContext, useLayoutEffect, useState } from 'react';
import type { CabinetMe, CabinetShop } from '../../../shared/api/cabinet-api';
import { getSessionCredentials, setSessionCredentials } from '../../../shared/api/session-credentials';
import { useAuth } from '../../../shared/auth/auth-context';
import { useCabinetMe } from '../../../shared/auth/cabinet-session';
import {
  keyAccess,
  type ShopAccess,
  ShopAccessContext,
  sessionAccess,
} from '../../../shared/auth/shop-access';

/** Where the shop area stands: still finding out, on a key, on a session, or without access. */
export type ShopGateState =
  /** `askingSession`: there is no key and the server is being asked who is logged in. */
  | { kind: 'pending'; askingSession: boolean }
  | { kind: 'key' }
  | { kind: 'session'; me: CabinetMe; shop: CabinetShop }
  /** No key, and nobody logged in (`loggedIn` false) or a user who is not a member of this shop. */
  | { kind: 'none'; loggedIn: boolean };

const GateStateContext = createContext<ShopGateState | null>(null);

/**
 * The shop of a session: the one in the address (or the one whose test twin a test order names); else
 * the one this tab last showed; else the only one.
 */
export function sessionShop(me: CabinetMe, shopId: string | undefined): CabinetShop | undefined {
  if (shopId) return me.shops.find((shop) => shop.id === shopId || shop.test_shop_id === shopId);
  const remembered = getSessionCredentials()?.shopId;
  const previous = me.shops.find((shop) => shop.id === remembered);
  return previous ?? (me.shops.length === 1 ? me.shops[0] : undefined);
}

/**
 * Works out how the shop area reaches the shop (DESIGN §12): a secret key from the address or the
 * tab wins, as always; without one it asks who is logged in, and a member of the shop gets the area
 * on the session, with the role's permissions. The session's shop and CSRF token are set before any
 * page below asks for data.
 */
export function ShopAccessProvider({
  shopId,
  children,
}: {
  shopId: string | undefined;
  children: ReactNode;
}) {
  const auth = useAuth();
  const wantsSession = auth.isInitialized && !auth.token;
  const me = useCabinetMe(wantsSession);
  const shop = wantsSession && me.data ? sessionShop(me.data, shopId) : undefined;
  const csrfToken = me.data?.csrf_token;
  const [appliedShop, setAppliedShop] = useState<string | null>(null);

  // A layout effect: the credentials are in place before the pages' queries start (in passive effects).
  useLayoutEffect(() => {
    if (!shop || !csrfToken) return;
    setSessionCredentials({ csrfToken, shopId: shop.id });
    setAppliedShop(shop.id);
  }, [shop, csrfToken]);

  let state: ShopGateState;
  let access: ShopAccess;
  if (auth.token || !auth.isInitialized) {
    state = auth.token ? { kind: 'key' } : { kind: 'pending', askingSession: false };
    access = keyAccess(auth.token, auth.isInitialized);
  } else if (me.isPending || (shop && appliedShop !== shop.id)) {
    state = { kind: 'pending', askingSession: true };
    access = keyAccess(null, false);
  } else if (me.data && shop) {
    state = { kind: 'session', me: me.data, shop };
    access = sessionAccess(shop.role, me.data.user, shop.id);
  } else {
    state = { kind: 'none', loggedIn: Boolean(me.data) };
    access = keyAccess(null, true);
  }

  return (
    <GateStateContext.Provider value={state}>
      <ShopAccessContext.Provider value={access}>{children}</ShopAccessContext.Provider>
    </GateStateContext.Provider>
  );
}

/** The gate's state; without the provider (a page on its own) only the key counts. */
export function useShopGateState(): ShopGateState {
  const provided = useContext(GateStateContext);
  const auth = useAuth();
  if (provided) return provided;
  if (!auth.isInitialized) return { kind: 'pending', askingSession: false };
  return auth.token ? { kind: 'key' } : { kind: 'none', loggedIn: false };
}
