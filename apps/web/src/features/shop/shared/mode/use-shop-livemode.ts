import { useQuery } from '@tanstack/react-query';
import { useShopAccess } from '../../../../shared/auth/shop-access';
import { useShopMode } from '../../../../shared/auth/use-shop-mode';
import { getSettings } from '../api/shop-api';
import { shopKeys } from '../api/shop-queries';

/**
 * Whether the shop area shows live data (true), test data (false) or it is not known yet (undefined).
 * On a session it is the mode chosen with the switch; on a secret key it is the key's own, as the
 * settings answer it (`livemode`; the same query the settings page reads). Without access, unknown.
 */
export function useShopLivemode(): boolean | undefined {
  const { token, user, isInitialized } = useShopAccess();
  const mode = useShopMode();
  const settings = useQuery({
    queryKey: shopKeys.settings,
    queryFn: ({ signal }) => getSettings(token, signal),
    enabled: Boolean(token && isInitialized),
  });
  if (user) return mode === 'live';
  if (token) return settings.data?.livemode ?? livemodeOfKey(token);
  return undefined;
}

/**
 * The mode a key names by its prefix (sk_live_… live; sk_test_… and the demo shop's sk_demo_… test),
 * known before the settings answer, so the test band does not push the page down once it arrives;
 * undefined for a key of another form (the settings tell).
 */
export function livemodeOfKey(key: string): boolean | undefined {
  if (/^[sp]k_live_/.test(key)) return true;
  if (/^[sp]k_(test|demo)_/.test(key)) return false;
  return undefined;
}
