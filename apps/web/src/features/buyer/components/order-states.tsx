import type { Order } from '@b2bpay/domain';
import type { ReactNode } from 'react';
import { serverMessage } from '../../../shared/api/http';
import { SUPPORT_EMAIL } from '../../../shared/config/contacts';
import { Button } from '../../../shared/ui/button';
import { AlertIcon, RefreshIcon } from '../../../shared/ui/icons';
import { LoadingState } from '../../../shared/ui/spinner';
import { useBuyerOrder } from '../lib/use-buyer-order';

/** Spec §8 "Buyer app" texts. */
export const ORDER_TEXTS = {
  loading: 'Загрузка данных заказа...',
  missingId: 'Не указан ID заказа.',
  notFound: (id: string) => `Заказ с ID ${id} не найден.`,
  loadFailed: 'Ошибка при загрузке данных заказа.',
} as const;

function ErrorScreen({ title, message, action }: { title: string; message: string; action?: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-16 text-center sm:py-24">
      <span className="flex size-14 items-center justify-center rounded-full bg-red-50 text-red-700">
        <AlertIcon size={28} />
      </span>
      <h1 className="mt-5 text-xl font-semibold text-slate-900 sm:text-2xl">{title}</h1>
      <p role="alert" className="mt-2 text-[15px] break-words text-slate-700 [overflow-wrap:anywhere]">
        {message}
      </p>
      <p className="mt-4 text-sm text-slate-600">
        Проверьте ссылку, которую прислал магазин, или напишите нам:{' '}
        <a
          href={`mailto:${SUPPORT_EMAIL}`}
          className="font-medium text-brand-700 underline-offset-4 hover:underline"
        >
          {SUPPORT_EMAIL}
        </a>
      </p>
      {action && <div className="mt-8 w-full sm:w-auto">{action}</div>}
    </div>
  );
}

export interface LoadedOrderProps {
  orderId: string | undefined;
  clientId?: number | null;
  /** Keep a moving status fresh (see useBuyerOrder). */
  live?: boolean;
  children: (order: Order) => ReactNode;
}

/**
 * Loads the order and shows the buyer app's states (spec §2, §8): loading text, a missing id, an
 * unknown order (an error page without a back button) and a load failure; then the children.
 */
export function LoadedOrder({ orderId, clientId = null, live = false, children }: LoadedOrderProps) {
  const query = useBuyerOrder(orderId, clientId, live);
  if (!orderId) return <ErrorScreen title="Заказ не найден" message={ORDER_TEXTS.missingId} />;
  if (query.isPending) return <LoadingState text={ORDER_TEXTS.loading} fillScreen />;
  if (query.isError) {
    return (
      <ErrorScreen
        title="Не удалось загрузить заказ"
        message={serverMessage(query.error) ?? ORDER_TEXTS.loadFailed}
        action={
          <Button
            variant="secondary"
            className="w-full sm:w-auto"
            icon={<RefreshIcon size={18} />}
            loading={query.isFetching}
            onClick={() => void query.refetch()}
          >
            Попробовать снова
          </Button>
        }
      />
    );
  }
  if (query.data === null)
    return <ErrorScreen title="Заказ не найден" message={ORDER_TEXTS.notFound(orderId)} />;
  return <>{children(query.data)}</>;
}
