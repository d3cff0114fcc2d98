import { isNotFoundError } from '../../../shared/api/http';
import { useShop } from '../../../shared/api/queries';
import { SHOP_LOAD_ERROR, UNKNOWN_SHOP } from '../model/order-view';

export type ShopNameState =
  | { state: 'loading'; text: null }
  | { state: 'ready' | 'unknown' | 'error'; text: string };

/** The shop's name for the buyer (spec §2, §8): 'Неизвестный магазин' or 'Ошибка загрузки магазина'. */
export function useShopName(shopId: string | undefined): ShopNameState {
  const shop = useShop(shopId);
  if (!shopId) return { state: 'unknown', text: UNKNOWN_SHOP };
  if (shop.isPending) return { state: 'loading', text: null };
  if (shop.isError) {
    return isNotFoundError(shop.error)
      ? { state: 'unknown', text: UNKNOWN_SHOP }
      : { state: 'error', text: SHOP_LOAD_ERROR };
  }
  const name = shop.data.name?.trim();
  return name ? { state: 'ready', text: name } : { state: 'unknown', text: UNKNOWN_SHOP };
}
