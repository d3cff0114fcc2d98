import type { Order } from '@b2bpay/domain';
import { LinkButton } from '../../../shared/ui/link-button';
import { StatusBadge } from '../../../shared/ui/status-badge';
import { buyerPaths } from '../model/order-view';

/** A step opened for an order that no longer awaits the buyer: the status, and the way back. */
export function ApplicationClosed({ order }: { order: Order }) {
  const submitted = order.status !== 'client_info_overdue';
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-10 sm:py-16">
      <div className="rounded-[var(--radius-card)] border border-slate-200 bg-white p-5 sm:p-8">
        <p className="text-sm font-medium text-slate-600 tabular-nums">Заказ №{order.order_number}</p>
        <h1 className="mt-1 text-xl font-semibold text-slate-900 sm:text-2xl">
          {submitted ? 'Заявка по этому заказу уже отправлена' : 'Срок заполнения заявки истёк'}
        </h1>
        <p className="mt-3 text-[15px] text-slate-700">
          {submitted
            ? 'Изменить данные заявки больше нельзя. Решение банка придёт на электронную почту, указанную в заявке.'
            : 'Заявку по этому заказу больше нельзя заполнить. Попросите магазин создать новый заказ.'}
        </p>
        <div className="mt-5 flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <span>Статус заказа:</span>
          <StatusBadge status={order.status} />
        </div>
        <LinkButton to={buyerPaths.order(order.id)} className="mt-6 w-full sm:w-auto">
          Вернуться к заказу
        </LinkButton>
      </div>
    </div>
  );
}
