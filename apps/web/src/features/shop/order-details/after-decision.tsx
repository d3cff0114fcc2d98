import {
  bankName,
  CANCELLABLE_STATUSES,
  cleanText,
  formatDateTime,
  formatRubles,
  kopecksToRubles,
  lineTotalKopecks,
  type Order,
  parseTypedQuantity,
  parseTypedRubles,
  rublesToKopecks,
} from '@b2bpay/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { serverMessage } from '../../../shared/api/http';
import { queryKeys } from '../../../shared/api/queries';
import { useShopAccess } from '../../../shared/auth/shop-access';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { ConfirmDialog } from '../../../shared/ui/dialog';
import { Input } from '../../../shared/ui/input';
import { LoadingState } from '../../../shared/ui/spinner';
import { useToast } from '../../../shared/ui/toast';
import { cancelOrder, createRefund } from '../shared/api/shop-api';
import { shopKeys, useRefunds } from '../shared/api/shop-queries';

/** Kopecks of the order's amount and of what is already returned; the wire carries roubles. */
const toKopecks = (rubles: number | undefined) => rublesToKopecks(Math.abs(rubles ?? 0));

/**
 * The amount typed into the refund dialog ('1 500,50', '350.10', groups split by a space, a no-break or
 * a narrow no-break space) → kopecks, or null. The one parser of typed roubles is the domain's
 * `parseTypedRubles` (the price fields of «Новый заказ» use it too); this name stays for the dialog.
 */
export const parseRublesInput = parseTypedRubles;

function useRefreshOrder(orderId: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['order', orderId] }),
      client.invalidateQueries({ queryKey: queryKeys.orders }),
      client.invalidateQueries({ queryKey: shopKeys.historyOf(orderId) }),
      client.invalidateQueries({ queryKey: shopKeys.refundsOf(orderId) }),
      client.invalidateQueries({ queryKey: shopKeys.stats }),
    ]);
}

function ReasonField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (next: string) => void;
  error?: string | null;
}) {
  const id = useId();
  return (
    <div className="mt-3 flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        value={value}
        maxLength={500}
        rows={3}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        className="block w-full rounded-[var(--radius-control)] border border-slate-300 px-3 py-2 text-[15px] focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
      />
      {error && <p className="text-sm text-red-700">{error}</p>}
    </div>
  );
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
        busyText="Отменяем..."
        cancelText="Не отменять"
        busy={busy}
        onConfirm={confirm}
        onCancel={() => setOpen(false)}
      >
        <p>Банки отзовут заявку, покупатель получит письмо. Отмену нельзя вернуть.</p>
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

type RefundMode = 'full' | 'amount' | 'items';

/** What is left to return, and per product how many can still come back. */
function refundable(order: Order, returned: Map<number, number>) {
  const left = toKopecks(order.amount) - toKopecks(order.refunded_amount);
  const items = order.products.map((p) => ({
    ...p,
    left: p.quantity - (returned.get(p.id) ?? 0),
    priceKopecks: toKopecks(p.price),
  }));
  return { left, items };
}

/** «Оформить возврат»: the whole rest, a part by amount, or by items, with the reason (DESIGN §11). */
export function RefundAction({ order }: { order: Order }) {
  const { token, can } = useShopAccess();
  const toast = useToast();
  const refresh = useRefreshOrder(order.id);
  const refunds = useRefunds(order.id, order.status === 'payment_sent');
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<RefundMode>('full');
  const [amountText, setAmountText] = useState('');
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  // One key per opened dialog: a retried click of the same return is answered once.
  const [idempotencyKey, setIdempotencyKey] = useState('');
  if (order.status !== 'payment_sent' || !can('orders.write')) return null;

  const returned = new Map<number, number>();
  for (const r of refunds.data?.items ?? []) {
    for (const p of r.products) returned.set(p.product_id, (returned.get(p.product_id) ?? 0) + p.quantity);
  }
  const { left, items } = refundable(order, returned);
  // Quantities typed as text and read by the domain's parser: '1,5' or 'abc' is an error, not a 0.
  const typed = items.map((item) => ({ item, text: (quantities[item.id] ?? '').trim() }));
  const badQuantity = typed.some(({ text }) => text !== '' && parseTypedQuantity(text) === null);
  const itemLines = typed
    .map(({ item, text }) => ({ item, quantity: parseTypedQuantity(text) ?? 0 }))
    .filter((line) => line.quantity > 0);
  const itemsKopecks = itemLines.reduce(
    (sum, line) => sum + lineTotalKopecks(line.item.priceKopecks, line.quantity),
    0,
  );

  const start = () => {
    setMode('full');
    setAmountText('');
    setQuantities({});
    setReason('');
    setErrors({});
    setIdempotencyKey(crypto.randomUUID());
    setOpen(true);
  };

  const confirm = async () => {
    const next: typeof errors = {};
    let kopecks: number | null = left;
    if (mode === 'amount') kopecks = parseRublesInput(amountText);
    if (mode === 'items') kopecks = itemsKopecks;
    if (mode === 'items' && badQuantity) {
      next.amount = 'Количество — целое число штук';
    } else if (kopecks === null || kopecks <= 0) {
      next.amount = mode === 'items' ? 'Выберите вернувшиеся товары' : 'Введите сумму больше нуля';
    } else if (kopecks > left) {
      next.amount = `Вернуть можно не больше ${formatRubles(kopecksToRubles(left))}`;
    } else if (mode === 'items' && itemLines.some((line) => line.quantity > line.item.left)) {
      next.amount = 'Товаров больше, чем можно вернуть';
    }
    if (!cleanText(reason)) next.reason = 'Укажите причину возврата';
    setErrors(next);
    if (next.amount || next.reason || kopecks === null) return;
    setBusy(true);
    try {
      await createRefund(
        order.id,
        {
          amount: kopecksToRubles(kopecks),
          reason: cleanText(reason),
          ...(mode === 'items'
            ? { products: itemLines.map((line) => ({ product_id: line.item.id, quantity: line.quantity })) }
            : {}),
        },
        idempotencyKey,
        token,
      );
      await refresh();
      setOpen(false);
      toast.show(`Возврат ${formatRubles(kopecksToRubles(kopecks))} оформлен`);
    } catch (failure) {
      setErrors({ form: serverMessage(failure) ?? 'Не удалось оформить возврат. Попробуйте ещё раз.' });
    } finally {
      setBusy(false);
    }
  };

  const modes: [RefundMode, string][] = [
    ['full', `Весь остаток — ${formatRubles(kopecksToRubles(left))}`],
    ['amount', 'Часть суммы'],
    ['items', 'По товарам'],
  ];

  return (
    <>
      <Button variant="secondary" onClick={start} disabled={left <= 0} className="w-full sm:w-auto">
        Оформить возврат
      </Button>
      <ConfirmDialog
        open={open}
        title={`Возврат по заказу №${order.order_number}`}
        confirmText="Оформить возврат"
        busyText="Оформляем..."
        busy={busy}
        onConfirm={confirm}
        onCancel={() => setOpen(false)}
      >
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">Что вернуть</legend>
          {modes.map(([value, label]) => (
            <label key={value} className="flex min-h-11 items-center gap-2">
              <input
                type="radio"
                name="refund-mode"
                value={value}
                checked={mode === value}
                onChange={() => setMode(value)}
                className="size-4 accent-brand-600"
              />
              {label}
            </label>
          ))}
        </fieldset>
        {mode === 'amount' && (
          <Input
            label="Сумма возврата"
            inputMode="decimal"
            suffix="₽"
            value={amountText}
            onChange={(event) => setAmountText(event.target.value)}
            error={errors.amount}
            containerClassName="mt-3"
          />
        )}
        {mode === 'items' && (
          <div className="mt-3 flex flex-col gap-2">
            {items.map((item) => (
              <Input
                key={item.id}
                label={`${item.name} (${formatRubles(item.price)}, можно вернуть ${item.left} шт.)`}
                inputMode="numeric"
                autoComplete="off"
                value={quantities[item.id] ?? ''}
                disabled={item.left <= 0}
                onChange={(event) => setQuantities({ ...quantities, [item.id]: event.target.value })}
              />
            ))}
            <p className="text-sm text-slate-700">
              К возврату: {formatRubles(kopecksToRubles(itemsKopecks))}
            </p>
            {errors.amount && <p className="text-sm text-red-700">{errors.amount}</p>}
          </div>
        )}
        {mode === 'full' && errors.amount && <p className="mt-2 text-sm text-red-700">{errors.amount}</p>}
        <ReasonField label="Причина возврата" value={reason} onChange={setReason} error={errors.reason} />
        {errors.form && (
          <div className="mt-3">
            <Alert tone="error">{errors.form}</Alert>
          </div>
        )}
      </ConfirmDialog>
    </>
  );
}

/** What the bank paid the shop for the order (DESIGN §11). */
export function PayoutCard({ order }: { order: Order }) {
  const payout = order.payout;
  if (!payout) return null;
  return (
    <Card title="Выплата">
      <dl className="flex flex-col gap-3" data-testid="payout">
        <PayoutField label="Банк">{bankName(payout.bank)}</PayoutField>
        <PayoutField label="Выплачено магазину">{formatRubles(payout.amount)}</PayoutField>
        <PayoutField label="Комиссия">{formatRubles(payout.fee)}</PayoutField>
        <PayoutField label="Платёжное поручение">{payout.reference}</PayoutField>
        <PayoutField label="Дата выплаты">{formatDateTime(payout.paid_at)}</PayoutField>
      </dl>
    </Card>
  );
}

function PayoutField({ label, children }: { label: string; children: string }) {
  return (
    <div>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-0.5 font-medium break-words text-slate-900 tabular-nums">{children}</dd>
    </div>
  );
}

/** The returns of a paid order, and how much of its amount they took back. */
export function RefundsCard({ order }: { order: Order }) {
  const shown = order.status === 'payment_sent' || order.status === 'refunded';
  const refunds = useRefunds(order.id, shown);
  if (!shown) return null;
  return (
    <Card
      title="Возвраты"
      description={`Возвращено ${formatRubles(order.refunded_amount ?? 0)} из ${formatRubles(order.amount)}`}
    >
      {refunds.isPending ? (
        <LoadingState text="Загрузка возвратов..." />
      ) : refunds.isError ? (
        <Alert tone="error">Ошибка загрузки возвратов.</Alert>
      ) : refunds.data.items.length === 0 ? (
        <p className="text-slate-600">Возвратов не было.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200" data-testid="refunds">
          {refunds.data.items.map((refund) => (
            <li key={refund.id} className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium text-slate-900 tabular-nums">{formatRubles(refund.amount)}</span>
                <span className="text-sm text-slate-600 tabular-nums">
                  {formatDateTime(refund.created_at)}
                </span>
              </div>
              <p className="text-sm break-words text-slate-700">{refund.reason}</p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
