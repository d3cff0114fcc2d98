import type { OrderCreate } from '@b2bpay/domain';
import type { Config } from '../../config';
import { AppError, validationError } from '../../shared/errors';
import type { AuthenticatedKey } from '../auth';

export const SHOP_PAGE_HTTPS_REQUIRED = 'Адрес страницы магазина должен начинаться с https://';
/**
 * Not naming the setting by its field (widget_origins) on purpose: the widget tells the refusal of
 * the page's own Origin by that word in the detail (apps/widget/src/api.ts, isOriginRefused), and
 * this refusal is about an address in the body, not the page.
 */
export const SHOP_PAGE_ORIGIN_FORBIDDEN =
  'С публикуемым ключом (pk_…) адрес возврата в магазин может вести только на сайт из списка ' +
  '«Сайты кнопки рассрочки» в настройках магазина';

const FIELDS = ['return_url', 'cancel_url'] as const;

/**
 * The rules the contract (ShopPageUrl: http(s) only, up to 2000 characters) cannot know for an
 * order's return_url and cancel_url. These are links the buyer's browser follows and we never fetch,
 * so there is no private-address guard; but production takes https:// only (the same setting as
 * webhook URLs, WEBHOOK_ALLOW_HTTP), and a publishable key — public in the shop's HTML — may point
 * the buyer only to one of the shop's listed sites, or anyone could send the shop's buyers anywhere.
 * An empty widget_origins list allows any site, as it does for the key itself.
 */
export function assertShopPagesAllowed(
  input: Pick<OrderCreate, (typeof FIELDS)[number]>,
  auth: AuthenticatedKey,
  config: Pick<Config, 'WEBHOOK_ALLOW_HTTP'>,
): void {
  for (const field of FIELDS) {
    const value = input[field];
    if (value === undefined) continue;
    // The contract has already refused what does not parse as an http(s) address.
    const url = new URL(value);
    if (url.protocol === 'http:' && !config.WEBHOOK_ALLOW_HTTP)
      throw validationError(field, SHOP_PAGE_HTTPS_REQUIRED);
    if (auth.kind !== 'publishable') continue;
    const allowed = auth.shop.widget_origins;
    if (allowed.length > 0 && !allowed.includes(url.origin))
      throw new AppError('FORBIDDEN', SHOP_PAGE_ORIGIN_FORBIDDEN, { field });
  }
}
