import { formatRubles, type Order } from '@b2bpay/domain';
import { useId, useState } from 'react';
import { cn } from '../../../shared/lib/cn';
import { ChevronRightIcon } from '../../../shared/ui/icons';
import { useShopName } from '../lib/use-shop-name';
import { toBuyerOrderView } from '../model/order-view';
import { OrderItems } from './order-items';

/**
 * The order beside the application form (UI.md: the order summary always reachable): number, shop
 * and total at a glance; the items behind a toggle on phones, always open on wide screens.
 */
export function OrderSummary({ order }: { order: Order }) {
  const view = toBuyerOrderView(order);
  const shop = useShopName(view.shopId);
  const [open, setOpen] = useState(false);
  const itemsId = useId();
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-[var(--radius-card)] border border-slate-200 bg-white p-4 sm:p-5"
    >
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <h2 id={titleId} className="font-semibold text-slate-900 tabular-nums">
            Заказ №{view.orderNumber}
          </h2>
          <p className="mt-0.5 text-sm break-words text-slate-600">{shop.text ?? 'Загрузка магазина...'}</p>
        </div>
        <p className="shrink-0 text-right">
          <span className="block text-xs text-slate-600">Сумма</span>
          <span className="block font-semibold whitespace-nowrap text-slate-900 tabular-nums">
            {formatRubles(view.total)}
          </span>
        </p>
      </div>
      <button
        type="button"
        className="-mx-2 mt-2 flex min-h-11 w-[calc(100%+1rem)] items-center justify-between rounded-[var(--radius-control)] px-2 text-sm font-medium text-brand-700 hover:bg-brand-50 lg:hidden"
        aria-expanded={open}
        aria-controls={itemsId}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? 'Скрыть состав заказа' : `Состав заказа (${view.items.length})`}
        <ChevronRightIcon
          size={18}
          className={cn('transition-transform duration-200', open ? '-rotate-90' : 'rotate-90')}
        />
      </button>
      <div
        id={itemsId}
        className={cn(open ? 'block' : 'hidden', 'mt-2 border-t border-slate-100 lg:mt-4 lg:block')}
      >
        <p className="mt-3 hidden text-xs font-medium tracking-wide text-slate-600 uppercase lg:block">
          Состав заказа
        </p>
        <OrderItems items={view.items} compact />
      </div>
    </section>
  );
}
