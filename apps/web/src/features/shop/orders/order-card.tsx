import { formatRubles } from '@b2bpay/domain';
import { Link } from 'react-router';
import { ChevronRightIcon, QrIcon } from '../../../shared/ui/icons';
import { StatusBadge } from '../../../shared/ui/status-badge';
import { TestOrderBadge } from '../shared/mode/mode-badge';
import { goodsSummary, type OrderView } from '../shared/order-view';
import { type ShopNavState, shopPaths } from '../shared/shop-id';

/**
 * One order in the list: number, status badge, date and amount on one line on desktop, two on
 * phones, and under them the buyer's company (once known) and the goods. The card opens the order's
 * QR screen (spec §2); 'Подробнее' beside it opens the order's details page.
 */
export function OrderCard({ order, shopId }: { order: OrderView; shopId: string }) {
  const state: ShopNavState = { items: order.items, total: order.total, shopId };
  return (
    <div className="flex flex-col rounded-[var(--radius-card)] sm:flex-row sm:items-stretch border border-slate-200 bg-white transition-[border-color,box-shadow] duration-150 hover:border-brand-200 hover:shadow-md hover:shadow-brand-900/5">
      <Link
        to={shopPaths.orderQr(order.id)}
        state={state}
        className="group flex min-w-0 flex-1 items-center gap-3 rounded-t-[var(--radius-card)] px-4 py-3.5 sm:rounded-l-[var(--radius-card)] sm:rounded-tr-none sm:px-5"
      >
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
            <span className="min-w-0 font-semibold text-slate-900 tabular-nums sm:w-40 sm:shrink-0">
              Заказ №{order.orderNumber}
            </span>
            <span className="flex min-w-0 flex-wrap items-center gap-x-4 gap-y-2 sm:flex-1">
              <StatusBadge status={order.status.code} />
              {!order.livemode && <TestOrderBadge />}
              <span className="text-sm text-slate-600 tabular-nums">{order.date}</span>
            </span>
            <span className="text-[15px] font-medium text-slate-900 tabular-nums sm:text-right">
              {formatRubles(order.total)}
            </span>
          </div>
          <span className="flex min-w-0 flex-col gap-0.5 text-sm text-slate-600 sm:flex-row sm:gap-4">
            {order.company && (
              <span
                className="min-w-0 truncate font-medium text-slate-800 sm:w-40 sm:shrink-0"
                data-testid="order-company"
              >
                {order.company}
              </span>
            )}
            {order.items.length > 0 && (
              <span className="min-w-0 truncate" data-testid="order-goods">
                {goodsSummary(order.items)}
              </span>
            )}
          </span>
        </div>
        <QrIcon size={18} className="shrink-0 text-slate-400 group-hover:text-brand-700" />
      </Link>
      <Link
        to={shopPaths.orderDetails(shopId, order.id)}
        aria-label={`Подробнее о заказе №${order.orderNumber}`}
        className="flex min-h-11 shrink-0 items-center justify-between gap-1 rounded-b-[var(--radius-card)] border-t border-slate-200 px-4 text-sm font-medium text-brand-700 hover:bg-brand-50 hover:text-brand-800 sm:justify-center sm:rounded-r-[var(--radius-card)] sm:rounded-bl-none sm:border-t-0 sm:border-l sm:px-4"
      >
        Подробнее
        <ChevronRightIcon size={16} />
      </Link>
    </div>
  );
}
