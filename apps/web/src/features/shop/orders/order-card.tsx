import { formatRubles } from '@b2bpay/domain';
import { Link } from 'react-router';
import { ChevronRightIcon } from '../../../shared/ui/icons';
import { StatusBadge } from '../../../shared/ui/status-badge';
import type { OrderView } from '../shared/order-view';
import { type ShopNavState, shopPaths } from '../shared/shop-id';

/** One order in the list: number, status badge and date on one line on desktop, two on phones. */
export function OrderCard({ order, shopId }: { order: OrderView; shopId: string }) {
  const state: ShopNavState = { items: order.items, total: order.total, shopId };
  return (
    <Link
      to={shopPaths.orderQr(order.id)}
      state={state}
      className="group flex items-center gap-3 rounded-[var(--radius-card)] border border-slate-200 bg-white px-4 py-3.5 transition-[border-color,box-shadow] duration-150 hover:border-brand-200 hover:shadow-md hover:shadow-brand-900/5 sm:px-5"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
        <span className="min-w-0 font-semibold text-slate-900 tabular-nums sm:w-40 sm:shrink-0">
          Заказ №{order.orderNumber}
        </span>
        <span className="flex min-w-0 flex-wrap items-center gap-x-4 gap-y-2 sm:flex-1">
          <StatusBadge status={order.status.code} />
          <span className="text-sm text-slate-600 tabular-nums">{order.date}</span>
        </span>
        <span className="text-[15px] font-medium text-slate-900 tabular-nums sm:text-right">
          {formatRubles(order.total)}
        </span>
      </div>
      <ChevronRightIcon className="shrink-0 text-slate-400 group-hover:text-brand-700" />
    </Link>
  );
}
