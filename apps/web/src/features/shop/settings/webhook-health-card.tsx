import { formatDateTime } from '@b2bpay/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { serverMessage } from '../../../shared/api/http';
import { useShopAccess } from '../../../shared/auth/shop-access';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { RefreshIcon } from '../../../shared/ui/icons';
import { Input } from '../../../shared/ui/input';
import { shopKeys } from '../shared/api/shop-queries';
import { DateRangeField } from '../shared/date-range-field';
import { resendFailedWebhooks, useWebhookHealth, webhookHealthKey } from './webhook-health';
import { healthState, localDayAndTime, sinceIso, TIME_INVALID } from './webhook-health-model';

export const RESEND_FAILED = 'Не удалось отправить доставки повторно. Попробуйте ещё раз.';
export const SINCE_REQUIRED = 'Выберите дату';
const DAY_MS = 86_400_000;

/**
 * Whether the shop's webhook address takes deliveries (failing with the last error, or
 * paused after timeouts), and one action re-sending every failed delivery since a time to the
 * shop's current address. The time is the app's Russian calendar and a ЧЧ:ММ text field, not a
 * native datetime input, which speaks the browser's language (and may show AM/PM).
 */
export function WebhookHealthCard() {
  const { token } = useShopAccess();
  const queryClient = useQueryClient();
  const health = useWebhookHealth();
  const [start] = useState(() => localDayAndTime(new Date(Date.now() - DAY_MS)));
  const [day, setDay] = useState<string | null>(start.day);
  const [time, setTime] = useState(start.time);
  const [dayError, setDayError] = useState<string | null>(null);
  const [timeError, setTimeError] = useState<string | null>(null);

  const resend = useMutation({
    mutationFn: (iso: string) => resendFailedWebhooks({ since: iso }, token),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: webhookHealthKey });
      void queryClient.invalidateQueries({ queryKey: shopKeys.deliveries });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const since = sinceIso(day, time);
    setDayError('error' in since && since.error === 'day' ? SINCE_REQUIRED : null);
    setTimeError('error' in since && since.error === 'time' ? TIME_INVALID : null);
    if ('iso' in since) resend.mutate(since.iso);
  };

  const data = health.data;
  if (!data) return null;
  const state = healthState(data);

  return (
    <Card
      title="Состояние доставки"
      description="Доходят ли вебхуки до адреса магазина, и повторная отправка неудачных."
    >
      <div className="flex flex-col gap-4" data-testid="webhook-health">
        {state === 'failing' && (
          <Alert tone="error" className="break-words">
            <span className="block font-medium">Адрес не принимает вебхуки</span>
            {data.failing_since && (
              <span className="block">Доставки не удаются с {formatDateTime(data.failing_since)}.</span>
            )}
            {data.last_error && <span className="block">Последняя ошибка: {data.last_error}</span>}
          </Alert>
        )}
        {state === 'paused' && data.paused_until && (
          <Alert tone="warning" className="break-words">
            Адрес не отвечает: попытки приостановлены до {formatDateTime(data.paused_until)}.
            {data.last_error && <span className="block">Последняя ошибка: {data.last_error}</span>}
          </Alert>
        )}
        {state === 'retrying' && (
          <Alert tone="warning" className="break-words">
            Не дошли и ждут повторной попытки по расписанию: {data.retrying_deliveries}.
            {data.last_error && <span className="block">Последняя ошибка: {data.last_error}</span>}
          </Alert>
        )}
        {state === 'ok' && <p className="text-[15px] text-slate-700">Адрес принимает вебхуки.</p>}
        <p className="text-[15px] text-slate-700">Неудачных доставок: {data.failed_deliveries}</p>
        <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <fieldset className="flex min-w-0 flex-col gap-2 sm:flex-1">
            <legend className="mb-1.5 text-[15px] font-medium text-slate-800">
              Неудачные доставки начиная с
            </legend>
            <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
              <div className="flex flex-col gap-1.5">
                {/* The button says «Дата: …» itself; this only lines the two columns up. */}
                <span className="text-sm font-medium text-slate-700" aria-hidden="true">
                  Дата
                </span>
                <DateRangeField
                  single
                  label="Дата"
                  startDate={day}
                  endDate={day}
                  today={localDayAndTime(new Date()).day}
                  onApply={({ startDate }) => {
                    setDay(startDate);
                    setDayError(null);
                  }}
                />
                {dayError && (
                  <p className="text-sm text-red-700" role="alert">
                    {dayError}
                  </p>
                )}
              </div>
              <Input
                label="Время, ЧЧ:ММ"
                inputMode="numeric"
                autoComplete="off"
                placeholder="ЧЧ:ММ"
                maxLength={5}
                value={time}
                onChange={(event) => {
                  setTime(event.target.value);
                  setTimeError(null);
                }}
                error={timeError}
                containerClassName="sm:w-32"
              />
            </div>
          </fieldset>
          <Button
            type="submit"
            variant="secondary"
            icon={<RefreshIcon size={18} />}
            loading={resend.isPending}
            loadingText="Отправка..."
          >
            Отправить повторно
          </Button>
        </form>
        <div aria-live="polite" className="empty:hidden">
          {resend.data &&
            (resend.data.resent > 0 ? (
              <Alert tone="success" className="break-words">
                Отправлено повторно: {resend.data.resent} на {resend.data.url}
              </Alert>
            ) : (
              <Alert tone="info">Неудачных доставок с этого времени нет — отправлять нечего.</Alert>
            ))}
        </div>
        {resend.isError && <Alert tone="error">{serverMessage(resend.error) ?? RESEND_FAILED}</Alert>}
      </div>
    </Card>
  );
}
