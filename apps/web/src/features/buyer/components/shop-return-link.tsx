import { shopReturnLink } from '@b2bpay/domain';
import { buttonClass } from '../../../shared/ui/button';

export const SHOP_RETURN_TEXT = 'Вернуться в магазин';

/**
 * «Вернуться в магазин»: a plain link to the shop's page the order names (return_url or cancel_url)
 * with the order's id, in the look of the pages' other secondary actions (the steps' «Назад»): a
 * ghost button, 44 px tall, with the design system's focus ring. Nothing when the shop gave no page.
 */
export function ShopReturnLink(props: {
  url: string | null | undefined;
  orderId: string;
  className: string;
}) {
  const href = props.url && shopReturnLink(props.url, props.orderId);
  return href ? (
    <a href={href} className={buttonClass('ghost', 'md', props.className)}>
      {SHOP_RETURN_TEXT}
    </a>
  ) : null;
}
