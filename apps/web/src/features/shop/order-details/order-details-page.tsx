import { type Client, formatDateTime, formatPhone, formatRubles, type Order } from '@b2bpay/domain';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useOrder } from '../../../shared/api/queries';
import { useShopAccess } from '../../../shared/auth/shop-access';
import { usePageMeta } from '../../../shared/meta/page-meta';
import { Alert } from '../../../shared/ui/alert';
import { Card } from '../../../shared/ui/card';
import { EmptyState } from '../../../shared/ui/empty-state';
import { CheckCircleIcon, QrIcon } from '../../../shared/ui/icons';
import { LinkButton } from '../../../shared/ui/link-button';
import { PageContainer } from '../../../shared/ui/page-container';
import { PageHeader } from '../../../shared/ui/page-header';
import { LoadingState } from '../../../shared/ui/spinner';
import { StatusBadge } from '../../../shared/ui/status-badge';
import { useOrderHistory } from '../shared/api/shop-queries';
import { LiveIndicator } from '../shared/live-status';
import { TestOrderBadge } from '../shared/mode/mode-badge';
import { OrderItems } from '../shared/order-items';
import { type ShopNavState, shopPaths } from '../shared/shop-id';
import { DeliveryList } from '../shared/webhooks/delivery-list';
import { AcceptedOfferCard } from './accepted-offer-card';
import { PayoutCard, RefundsCard } from './after-decision';
import { CancelOrderAction } from './cancel-order-action';
import { BANK_DECISION, historyRows, personName } from './details-model';
import { RefundAction } from './refund-action';

function Contact({ label, value, confirmed }: { label: string; value: string | null; confirmed: boolean }) {
  return (
    <div>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="font-medium break-all text-slate-900">{value || 'не указан'}</span>
        {value &&
          (confirmed ? (
            <span className="inline-flex items-center gap-1 text-sm font-medium text-green-800">
              <CheckCircleIcon size={16} />
              подтверждён
            </span>
          ) : (
            <span className="text-sm text-slate-600">не подтверждён</span>
          ))}
      </dd>
    </div>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-0.5 font-medium break-words text-slate-900">{children}</dd>
    </div>
  );
}

function Buyer({ client }: { client: Client | null }) {
  return (
    <Card title="Покупатель">
      {client === null ? (
        <p className="text-slate-600">Покупатель ещё не заполнил данные.</p>
      ) : (
        <dl className="flex flex-col gap-3">
          <Field label="Организация">{client.organization_name || 'не указана'}</Field>
          <Field label="ИНН">
            <span className="tabular-nums">{client.inn || 'не указан'}</span>
          </Field>
          <Field label="Контактное лицо">{personName(client) ?? 'не указано'}</Field>
          <Contact
            label="Телефон"
            value={client.phone_number && formatPhone(client.phone_number)}
            confirmed={client.sms_confirmed}
          />
          <Contact label="Электронная почта" value={client.email} confirmed={client.email_confirmed} />
        </dl>
      )}
    </Card>
  );
}

function Banks({ order }: { order: Order }) {
  const decisions = order.bank_decisions ?? [];
  return (
    <Card title="Решения банков">
      {decisions.length === 0 ? (
        <p className="text-slate-600">Заявка ещё не отправлена в банки.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200">
          {decisions.map((decision) => {
            const info = BANK_DECISION[decision.status];
            return (
              <li key={decision.bank} className="flex flex-col gap-1.5 py-3 first:pt-0 last:pb-0">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium text-slate-900">{decision.bank_name}</span>
                  <StatusBadge label={info.text} color={info.color} />
                </div>
                {decision.decided_at && (
                  <span className="text-sm text-slate-600 tabular-nums">
                    {formatDateTime(decision.decided_at)}
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

function History({ orderId }: { orderId: string }) {
  const history = useOrderHistory(orderId);
  return (
    <Card title="История статусов" description="Кто, что и когда менял">
      {history.isPending ? (
        <LoadingState text="Загрузка истории..." />
      ) : history.isError ? (
        <Alert tone="error">
          Ошибка загрузки истории: {history.error.message || 'Пожалуйста, попробуйте еще раз.'}
        </Alert>
      ) : history.data.length === 0 ? (
        <p className="text-slate-600">Изменений статуса пока не было.</p>
      ) : (
        <ol
          className="relative flex flex-col gap-5 border-l-2 border-slate-200 pl-5"
          data-testid="status-history"
        >
          {historyRows(history.data).map((row) => (
            <li key={row.key} className="relative">
              <span
                className="absolute top-1.5 -left-[27px] size-3 rounded-full border-2 border-white bg-brand-600 ring-2 ring-brand-100"
                aria-hidden="true"
              />
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
                {row.previous === null && <span className="font-medium text-slate-900">{row.title}</span>}
                <StatusBadge status={row.status} />
              </div>
              <p className="mt-1.5 text-sm text-slate-600 tabular-nums">
                <span className="font-medium text-slate-800">{row.actor}</span> · {formatDateTime(row.at)}
                {row.previous !== null && ` · было: ${row.previous}`}
              </p>
              {row.reason && row.reason !== row.title && (
                <p className="mt-0.5 text-sm break-words text-slate-700">{row.reason}</p>
              )}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

function Items({ order }: { order: Order }) {
  return (
    <Card title="Товары">
      <OrderItems products={order.products} />
    </Card>
  );
}

/**
 * The shop's page of one order: status, buyer and confirmed contacts, the banks' decisions,
 * the status history and the order's webhook deliveries with 'Отправить повторно'. It refreshes live.
 */
export default function OrderDetailsPage() {
  const { shopId = '', orderId = '' } = useParams();
  const { hasAccess, isInitialized, can } = useShopAccess();
  const order = useOrder(hasAccess && isInitialized ? orderId : undefined);
  usePageMeta({ title: order.data ? `Заказ №${order.data.order_number}` : 'Заказ' });
  const back = <PageHeader title="Заказ" backTo={shopPaths.orders(shopId)} backLabel="Все заказы" />;

  if (!isInitialized || (hasAccess && order.isPending)) {
    return (
      <PageContainer>
        {back}
        <LoadingState text="Загрузка данных заказа..." fillScreen />
      </PageContainer>
    );
  }
  if (!hasAccess) {
    return (
      <PageContainer>
        {back}
        <EmptyState
          title="Нет данных для отображения."
          description="Откройте кабинет по ссылке с ключом доступа магазина, чтобы увидеть заказ."
        />
      </PageContainer>
    );
  }
  if (order.isError) {
    return (
      <PageContainer>
        {back}
        <Alert tone="error">Ошибка: Ошибка при загрузке данных заказа.</Alert>
      </PageContainer>
    );
  }
  if (!order.data) {
    return (
      <PageContainer>
        {back}
        <EmptyState title="Заказ не найден." description={`Не удалось найти заказ с ID: ${orderId}`} />
      </PageContainer>
    );
  }

  const data = order.data;
  const qrState: ShopNavState = { shopId };

  return (
    <PageContainer>
      <PageHeader
        title={<span className="tabular-nums">Заказ №{data.order_number}</span>}
        subtitle={`Создан ${formatDateTime(data.created_at)} · ${formatRubles(data.amount)}`}
        backTo={shopPaths.orders(shopId)}
        backLabel="Все заказы"
        actions={
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <LinkButton
              to={shopPaths.orderQr(data.id)}
              state={qrState}
              variant="secondary"
              icon={<QrIcon size={18} />}
              className="w-full sm:w-auto"
            >
              QR-код и ссылка
            </LinkButton>
            <RefundAction order={data} />
            <CancelOrderAction order={data} />
          </div>
        }
      />

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_360px]">
        <div className="flex flex-col gap-6 lg:col-start-2 lg:row-start-1">
          <Card title="Статус">
            <div className="flex flex-col items-start gap-3">
              <div className="flex flex-wrap items-center gap-2">
                <StatusBadge status={data.status} className="px-3 py-1.5 text-sm" />
                {!data.livemode && <TestOrderBadge className="py-1.5 text-sm" />}
              </div>
              <p className="text-sm text-slate-600 tabular-nums">
                Обновлён {formatDateTime(data.updated_at)}
              </p>
              <LiveIndicator />
            </div>
          </Card>
          <AcceptedOfferCard order={data} />
          <PayoutCard order={data} />
          <RefundsCard order={data} />
          <Buyer client={data.client} />
          <Banks order={data} />
        </div>
        <div className="flex min-w-0 flex-col gap-6 lg:col-start-1 lg:row-start-1">
          <History orderId={data.id} />
          {can('integration.manage') && (
            <Card title="Вебхуки заказа" description="События заказа, отправленные на ваш сервер">
              <DeliveryList
                shopId={shopId}
                orderId={data.id}
                empty={
                  <>
                    События заказа уходят на адрес вебхука заказа или магазина.{' '}
                    <Link
                      to={shopPaths.settings(shopId)}
                      className="font-medium text-brand-700 underline underline-offset-4"
                    >
                      Настроить вебхук
                    </Link>
                  </>
                }
              />
            </Card>
          )}
          <Items order={data} />
        </div>
      </div>
    </PageContainer>
  );
}
