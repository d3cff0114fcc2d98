import { bankName, formatRubles, type Order, staffCan, staffSeesPersonalData } from '@b2bpay/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Alert } from '../../../shared/ui/alert';
import { Card } from '../../../shared/ui/card';
import { EmptyState } from '../../../shared/ui/empty-state';
import { LoadingState } from '../../../shared/ui/spinner';
import { StatusBadge } from '../../../shared/ui/status-badge';
import { OrderItems } from '../../shop/shared/order-items';
import { getStaffOrder } from '../admin-api';
import { moscowDateTime } from '../admin-format';
import { ADMIN_TEXTS } from '../admin-texts';
import { AdminPage, linkClass, QueryFailure, useAdminMeta } from '../admin-ui';
import { APPLICATION_STATUS } from '../applications/application-status';
import { staffKeys, useStaffUser } from '../staff-session';
import { buyerView } from './buyer-view';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-0.5 font-medium break-words text-slate-900 tabular-nums">{children}</dd>
    </div>
  );
}

function BuyerCard({ order, seesPersonalData }: { order: Order; seesPersonalData: boolean }) {
  if (!order.client) {
    return (
      <Card title="Покупатель">
        <p className="text-slate-600">Покупатель ещё не заполнил данные.</p>
      </Card>
    );
  }
  const buyer = buyerView(order.client, seesPersonalData);
  return (
    <Card title="Покупатель">
      {!seesPersonalData && (
        <Alert tone="info" className="mb-4">
          Телефон, e-mail и имя покупателя скрыты: роль «Поддержка» их не видит.
        </Alert>
      )}
      <dl className="flex flex-col gap-3" data-testid="buyer">
        <Field label="Организация">{buyer.organization ?? 'не указана'}</Field>
        <Field label="ИНН">{buyer.inn ?? 'не указан'}</Field>
        <Field label="Контактное лицо">{buyer.person ?? 'не указано'}</Field>
        <Field label="Телефон">{buyer.phone ?? 'не указан'}</Field>
        <Field label="Электронная почта">{buyer.email ?? 'не указана'}</Field>
      </dl>
    </Card>
  );
}

function BanksCard({ order }: { order: Order }) {
  const decisions = order.bank_decisions ?? [];
  return (
    <Card title="Решения банков">
      {decisions.length === 0 ? (
        <p className="text-slate-600">Заявка ещё не отправлена в банки.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200">
          {decisions.map((decision) => {
            const info = APPLICATION_STATUS[decision.status];
            return (
              <li key={decision.bank} className="flex flex-col gap-1.5 py-3 first:pt-0 last:pb-0">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium text-slate-900">
                    {decision.bank_name || bankName(decision.bank)}
                  </span>
                  <StatusBadge label={info.text} color={info.color} />
                </div>
                {decision.decided_at && (
                  <span className="text-sm text-slate-600 tabular-nums">
                    {moscowDateTime(decision.decided_at)}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

/**
 * /admin/orders/:orderId: an order as its shop's owner sees it; for support the buyer's phone,
 * e-mail and name are masked (staffSeesPersonalData).
 */
export default function StaffOrderPage() {
  const { orderId = '' } = useParams();
  const { role } = useStaffUser();
  const allowed = staffCan(role, 'shops.read');
  const order = useQuery({
    queryKey: staffKeys.order(orderId),
    queryFn: ({ signal }) => getStaffOrder(orderId, signal),
    enabled: allowed && orderId !== '',
  });
  useAdminMeta(order.data ? `Заказ №${order.data.order_number}` : 'Заказ');

  if (!allowed || order.isPending || order.isError) {
    return (
      <AdminPage title="Заказ" backTo="/admin/shops" backLabel="Магазины">
        {!allowed ? (
          <EmptyState title={ADMIN_TEXTS.forbidden} />
        ) : order.isPending ? (
          <LoadingState text="Загрузка данных заказа..." />
        ) : (
          <QueryFailure error={order.error} />
        )}
      </AdminPage>
    );
  }

  const data = order.data;
  return (
    <AdminPage
      title={<span className="tabular-nums">Заказ №{data.order_number}</span>}
      subtitle={`Создан ${moscowDateTime(data.created_at)} · ${formatRubles(data.amount)}`}
      backTo={`/admin/shops/${data.shop_id}`}
      backLabel="Магазин"
    >
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_360px]">
        <div className="flex flex-col gap-6 lg:col-start-2 lg:row-start-1">
          <Card title="Статус">
            <div className="flex flex-col items-start gap-3">
              <StatusBadge status={data.status} className="px-3 py-1.5 text-sm" />
              <p className="text-sm text-slate-600 tabular-nums">
                Обновлён {moscowDateTime(data.updated_at)}
              </p>
              <Link to={`/admin/shops/${data.shop_id}`} className={linkClass}>
                Карточка магазина
              </Link>
            </div>
          </Card>
          <BuyerCard order={data} seesPersonalData={staffSeesPersonalData(role)} />
          <BanksCard order={data} />
        </div>
        <div className="flex min-w-0 flex-col gap-6 lg:col-start-1 lg:row-start-1">
          <Card title="Товары">
            <OrderItems products={data.products} />
          </Card>
        </div>
      </div>
    </AdminPage>
  );
}
