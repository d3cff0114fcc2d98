import { CANCELLABLE_STATUSES, type Order, SUBMITTED_STATUSES } from '@b2bpay/domain';
import { useState } from 'react';
import { serverMessage } from '../../../shared/api/http';
import { useShopAccess } from '../../../shared/auth/shop-access';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { ConfirmDialog } from '../../../shared/ui/dialog';
import { focusPageHeading } from '../../../shared/ui/page-header';
import { useToast } from '../../../shared/ui/toast';
import { cancelOrder } from '../shared/api/shop-api';
import { ReasonField, useRefreshOrder } from './order-action-parts';

/**
 * What cancelling this order will do, as the API does it (workflows/cancel-order.ts): only an
 * application the buyer has sent is at the banks to be withdrawn, and only then is the buyer e-mailed,
 * at the address they gave.
 */
export function cancelConsequences(order: Pick<Order, 'status' | 'client'>): string {
  const submitted = (SUBMITTED_STATUSES as readonly string[]).includes(order.status);
  if (!submitted) {
    return 'Покупатель ещё не отправил заявку в банки. По ссылке на оплату он увидит, что заказ отменён.';
  }
  if (order.client?.email) return 'Банки отзовут заявку покупателя, а ему придёт письмо об отмене.';
  return 'Банки отзовут заявку покупателя.';
}

/** «Отменить заказ» with a confirmation and the reason (DESIGN §11), while the order may be cancelled. */
export function CancelOrderAction({ order }: { order: Order }) {
  const { token, can } = useShopAccess();
  const toast = useToast();
  const refresh = useRefreshOrder(order.id);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!can('orders.write')) return null;
  if (!(CANCELLABLE_STATUSES as readonly string[]).includes(order.status)) return null;

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await cancelOrder(order.id, reason, token);
      await refresh();
      setOpen(false);
      toast.show(`Заказ №${order.order_number} отменён`);
      // «Отменить заказ» is gone with the cancellable status: the page's heading takes the focus.
      focusPageHeading();
    } catch (failure) {
      setError(serverMessage(failure) ?? 'Не удалось отменить заказ. Попробуйте ещё раз.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)} className="w-full sm:w-auto">
        Отменить заказ
      </Button>
      <ConfirmDialog
        open={open}
        title={`Отменить заказ №${order.order_number}?`}
        confirmText="Отменить заказ"
        confirmVariant="destructive"
        busyText="Отменяем..."
        cancelText="Не отменять"
        busy={busy}
        onConfirm={confirm}
        onCancel={() => setOpen(false)}
      >
        <p>{cancelConsequences(order)} Отмену нельзя вернуть.</p>
        <ReasonField label="Причина (необязательно)" value={reason} onChange={setReason} />
        {error && (
          <div className="mt-3">
            <Alert tone="error">{error}</Alert>
          </div>
        )}
      </ConfirmDialog>
    </>
  );
}
