import { formatDateTime, PAGE_SIZE } from '@b2bpay/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { serverMessage } from '../../../../shared/api/http';
import { useShopAccess } from '../../../../shared/auth/shop-access';
import { Alert } from '../../../../shared/ui/alert';
import { Button } from '../../../../shared/ui/button';
import { EmptyState } from '../../../../shared/ui/empty-state';
import { ChevronLeftIcon, ChevronRightIcon, SendIcon } from '../../../../shared/ui/icons';
import { LoadingState } from '../../../../shared/ui/spinner';
import { StatusBadge } from '../../../../shared/ui/status-badge';
import { useToast } from '../../../../shared/ui/toast';
import { retryDelivery, sendDeliveryNow, type WebhookDelivery } from '../api/shop-api';
import { shopKeys, useDeliveries } from '../api/shop-queries';
import { shopPaths } from '../shop-id';
import {
  attemptOutcome,
  canRetry,
  canSendNow,
  DELIVERY_STATUS,
  eventText,
  lastAnswer,
} from './delivery-model';

export const RETRY_FAILED = 'Не удалось отправить вебхук повторно. Попробуйте ещё раз.';
export const SEND_NOW_FAILED = 'Не удалось отправить вебхук сейчас. Попробуйте ещё раз.';
export const SENT_NOW = 'Вебхук отправляется сейчас, не дожидаясь следующей попытки';

function DeliveryItem({
  delivery,
  shopId,
  showOrderLink,
  retrying,
  onRetry,
  sending,
  onSendNow,
}: {
  delivery: WebhookDelivery;
  shopId: string;
  showOrderLink: boolean;
  retrying: boolean;
  onRetry: () => void;
  sending: boolean;
  onSendNow: () => void;
}) {
  const status = DELIVERY_STATUS[delivery.status];
  const [logOpen, setLogOpen] = useState(false);
  const logId = useId();
  const hasLog = delivery.attempts_log.length > 0;
  const orderLink = showOrderLink && delivery.order_id;
  const linkClass =
    'inline-flex min-h-11 items-center text-sm font-medium text-brand-700 underline-offset-4 hover:underline sm:min-h-8';
  return (
    <li
      className="rounded-[var(--radius-control)] border border-slate-200 bg-white p-4"
      data-testid="webhook-delivery"
      data-status={delivery.status}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
        <div className="min-w-0">
          <p className="font-medium text-slate-900">{eventText(delivery.event)}</p>
          <p className="mt-0.5 font-mono text-xs break-all text-slate-600">{delivery.url}</p>
        </div>
        <StatusBadge label={status.text} color={status.color} />
      </div>
      <div className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-600 tabular-nums">
            <span>{formatDateTime(delivery.created_at)}</span>
            <span>Попыток: {delivery.attempts}</span>
            <span>{lastAnswer(delivery)}</span>
            {delivery.status === 'pending' && delivery.next_attempt_at && delivery.attempts > 0 && (
              <span>Следующая попытка: {formatDateTime(delivery.next_attempt_at)}</span>
            )}
            {delivery.delivered_at && <span>Доставлено: {formatDateTime(delivery.delivered_at)}</span>}
          </p>
          {delivery.last_error && delivery.last_status_code === null && delivery.status !== 'delivered' && (
            <p className="mt-1 text-sm break-words text-red-700">{delivery.last_error}</p>
          )}
        </div>
        {canRetry(delivery) && (
          <Button
            variant="secondary"
            className="shrink-0"
            icon={<SendIcon size={16} />}
            loading={retrying}
            loadingText="Отправка..."
            onClick={onRetry}
          >
            Отправить повторно
          </Button>
        )}
        {canSendNow(delivery) && (
          <Button
            variant="secondary"
            className="shrink-0"
            icon={<SendIcon size={16} />}
            loading={sending}
            loadingText="Отправка..."
            onClick={onSendNow}
          >
            Отправить сейчас
          </Button>
        )}
      </div>
      {(hasLog || orderLink) && (
        <div className="mt-1 flex flex-wrap gap-x-5">
          {hasLog && (
            <button
              type="button"
              className={linkClass}
              aria-expanded={logOpen}
              aria-controls={logId}
              onClick={() => setLogOpen((open) => !open)}
            >
              Журнал попыток ({delivery.attempts_log.length})
            </button>
          )}
          {orderLink && (
            <Link to={shopPaths.orderDetails(shopId, orderLink)} className={linkClass}>
              Открыть заказ
            </Link>
          )}
        </div>
      )}
      {hasLog && logOpen && (
        <ol
          id={logId}
          className="mt-1 flex flex-col gap-1 border-l-2 border-slate-200 pl-3 text-sm text-slate-700"
        >
          {delivery.attempts_log.map((attempt) => (
            <li key={attempt.attempt} className="tabular-nums break-words">
              №{attempt.attempt} · {formatDateTime(attempt.started_at)} · {attemptOutcome(attempt)}
              {attempt.duration_ms !== null && ` · ${attempt.duration_ms} мс`}
            </li>
          ))}
        </ol>
      )}
    </li>
  );
}

/**
 * Webhook deliveries, newest first, with their attempts, 'Отправить повторно' and, for one waiting for
 * its retry, 'Отправить сейчас': of one order
 * (order details) or of the whole shop (settings). Pending ones are followed until they settle.
 */
export function DeliveryList({
  shopId,
  orderId,
  empty,
  showOrderLink = false,
  initialLimit,
}: {
  shopId: string;
  orderId: string | null;
  empty: ReactNode;
  showOrderLink?: boolean;
  /** Show only this many at first, with a button for the rest. */
  initialLimit?: number;
}) {
  const [page, setPage] = useState(1);
  const [expanded, setExpanded] = useState(initialLimit === undefined);
  const deliveries = useDeliveries(orderId, page);
  const { token } = useShopAccess();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const retry = useMutation({
    mutationFn: (id: string) => retryDelivery(id, token),
    onMutate: () => setFailure(null),
    onSuccess: () => {
      toast.show('Вебхук поставлен в очередь на отправку');
      void queryClient.invalidateQueries({ queryKey: shopKeys.deliveries });
    },
    onError: (error) => {
      setFailure(serverMessage(error) ?? RETRY_FAILED);
      void queryClient.invalidateQueries({ queryKey: shopKeys.deliveries });
    },
  });
  const sendNow = useMutation({
    mutationFn: (id: string) => sendDeliveryNow(id, token),
    onMutate: () => setFailure(null),
    onSuccess: () => {
      toast.show(SENT_NOW);
      void queryClient.invalidateQueries({ queryKey: shopKeys.deliveries });
    },
    onError: (error) => {
      setFailure(serverMessage(error) ?? SEND_NOW_FAILED);
      void queryClient.invalidateQueries({ queryKey: shopKeys.deliveries });
    },
  });

  if (deliveries.isPending) return <LoadingState text="Загрузка вебхуков..." />;
  if (deliveries.isError) {
    return (
      <Alert tone="error">
        Ошибка загрузки вебхуков: {deliveries.error.message || 'Пожалуйста, попробуйте еще раз.'}
      </Alert>
    );
  }
  const { items, count } = deliveries.data;
  if (items.length === 0) return <EmptyState title="Вебхуков пока не было." description={empty} />;
  const pages = Math.max(1, Math.ceil(count / PAGE_SIZE));
  const shown = expanded || initialLimit === undefined ? items : items.slice(0, initialLimit);

  return (
    <div className="flex flex-col gap-3">
      {failure && <Alert tone="error">{failure}</Alert>}
      <ul className="flex flex-col gap-3">
        {shown.map((delivery) => (
          <DeliveryItem
            key={delivery.id}
            delivery={delivery}
            shopId={shopId}
            showOrderLink={showOrderLink}
            retrying={retry.isPending && retry.variables === delivery.id}
            onRetry={() => retry.mutate(delivery.id)}
            sending={sendNow.isPending && sendNow.variables === delivery.id}
            onSendNow={() => sendNow.mutate(delivery.id)}
          />
        ))}
      </ul>
      {shown.length < items.length && (
        <Button variant="ghost" className="self-start" onClick={() => setExpanded(true)}>
          Показать все доставки ({count})
        </Button>
      )}
      {expanded && pages > 1 && (
        <nav aria-label="Страницы вебхуков" className="flex items-center justify-between gap-3">
          <Button
            variant="secondary"
            disabled={page <= 1}
            onClick={() => setPage((p) => p - 1)}
            icon={<ChevronLeftIcon size={18} />}
          >
            <span className="max-sm:sr-only">Новее</span>
          </Button>
          <p className="text-sm font-medium text-slate-700 tabular-nums">
            Страница {page} из {pages}
          </p>
          <Button variant="secondary" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            <span className="max-sm:sr-only">Старее</span>
            <ChevronRightIcon size={18} />
          </Button>
        </nav>
      )}
    </div>
  );
}
