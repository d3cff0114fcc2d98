import { formatAmount2, formatRubles } from '@b2bpay/domain';
import { cn } from '../../../shared/lib/cn';
import type { BuyerOrderItem } from '../model/order-view';

/** Item lines (spec §2): the name, the quantity when it is not 1, and the price in roubles. */
export function OrderItems({
  items,
  compact = false,
}: {
  items: readonly BuyerOrderItem[];
  compact?: boolean;
}) {
  if (items.length === 0) return <p className="py-3 text-sm text-slate-600">Нет товаров в заказе.</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {items.map((item) => (
        <li
          key={item.key}
          className={cn('flex items-start justify-between gap-4', compact ? 'py-2.5' : 'py-3.5')}
          data-testid="order-item"
        >
          <div className="min-w-0">
            <p
              className={cn(
                'break-words text-slate-900 [overflow-wrap:anywhere]',
                compact ? 'text-sm' : 'text-[15px] font-medium',
              )}
            >
              {item.name}
            </p>
            {item.quantity !== 1 && (
              <p className={cn('mt-0.5 text-slate-600 tabular-nums', compact ? 'text-xs' : 'text-sm')}>
                {/* «1 000 шт.»: a quantity is whole, so the money format without its «,00» — no second formatter in the first load. */}
                {formatAmount2(item.quantity).slice(0, -3)} шт. × {formatRubles(item.price)}
              </p>
            )}
          </div>
          <p
            className={cn(
              'shrink-0 text-right whitespace-nowrap text-slate-900 tabular-nums',
              compact ? 'text-sm' : 'text-[15px] font-medium',
            )}
          >
            {formatRubles(item.total)}
          </p>
        </li>
      ))}
    </ul>
  );
}
