import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { ConfirmDialog } from '../../../shared/ui/dialog';
import { Input } from '../../../shared/ui/input';
import { useToast } from '../../../shared/ui/toast';
import { resumeShop, type ShopCard, suspendShop } from '../admin-api';
import { failureText } from '../admin-ui';
import { staffKeys } from '../staff-session';

export const REASON_REQUIRED = 'Укажите причину приостановки';

function useShopChange(shopId: string, change: (reason: string) => Promise<ShopCard>, done: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: change,
    onSuccess: (card) => {
      queryClient.setQueryData(staffKeys.shop(shopId), card);
      void queryClient.invalidateQueries({ queryKey: staffKeys.shops });
      toast.show(done);
    },
  });
}

/**
 * «Приостановить»: a dialog asks the reason and carries it out with the red button (the shop's keys
 * and sessions get 403 until it is resumed). A suspended shop offers «Возобновить» instead.
 */
export function SuspendAction({ shop }: { shop: ShopCard }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const suspend = useShopChange(shop.id, (text) => suspendShop(shop.id, text), 'Магазин приостановлен');
  const resume = useShopChange(shop.id, () => resumeShop(shop.id), 'Магазин снова работает');

  if (shop.suspended) {
    return (
      <div className="flex flex-col gap-2">
        <Button
          variant="secondary"
          loading={resume.isPending}
          loadingText="Возобновление..."
          onClick={() => resume.mutate('')}
        >
          Возобновить
        </Button>
        {resume.isError && <Alert tone="error">{failureText(resume.error)}</Alert>}
      </div>
    );
  }

  const close = () => {
    setOpen(false);
    setReason('');
    setError(undefined);
    suspend.reset();
  };
  const confirm = () => {
    const text = reason.trim();
    if (text === '') {
      setError(REASON_REQUIRED);
      return;
    }
    setError(undefined);
    suspend.mutate(text, { onSuccess: close });
  };

  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Приостановить
      </Button>
      <ConfirmDialog
        open={open}
        title={`Приостановить «${shop.name}»?`}
        confirmText="Приостановить"
        busyText="Приостановка..."
        confirmVariant="destructive"
        busy={suspend.isPending}
        onConfirm={confirm}
        onCancel={close}
      >
        <div className="flex flex-col gap-4">
          <p>
            Ключи и сеансы магазина перестанут работать, пока магазин не возобновят. Покупатели смогут
            завершить уже отправленные заявки.
          </p>
          {suspend.isError && <Alert tone="error">{failureText(suspend.error)}</Alert>}
          <Input
            label="Причина"
            name="reason"
            autoComplete="off"
            maxLength={1000}
            value={reason}
            error={error}
            onChange={(event) => setReason(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                confirm();
              }
            }}
          />
        </div>
      </ConfirmDialog>
    </>
  );
}
