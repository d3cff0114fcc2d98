import { shopReturnLink } from '@b2bpay/domain';

export const SHOP_RETURN_TEXT = 'Вернуться в магазин';

/**
 * «Вернуться в магазин»: a plain link to the shop's page the order names (return_url or cancel_url)
 * with the order's id, looking like the pages' other text links; nothing when the shop gave none.
 * `className` places it (its display and margins).
 */
export function ShopReturnLink(props: {
  url: string | null | undefined;
  orderId: string;
  className: string;
}) {
  const href = props.url && shopReturnLink(props.url, props.orderId);
  return href ? (
    <a
      href={href}
      className={`${props.className} min-h-11 items-center text-[15px] font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800`}
    >
      {SHOP_RETURN_TEXT}
    </a>
  ) : null;
}
