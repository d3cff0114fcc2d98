import {
  cleanText,
  formatRubles,
  formatWholeNumber,
  kopecksToRubles,
  lineTotalKopecks,
  type Order,
  parseTypedQuantity,
  parseTypedRubles,
  rublesToKopecks,
} from '@b2bpay/domain';
import { useEffect, useRef, useState } from 'react';
import { serverMessage } from '../../../shared/api/http';
import { useShopAccess } from '../../../shared/auth/shop-access';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { ConfirmDialog } from '../../../shared/ui/dialog';
import { Input } from '../../../shared/ui/input';
import { useToast } from '../../../shared/ui/toast';
import { createRefund } from '../shared/api/shop-api';
import { useRefunds } from '../shared/api/shop-queries';
import { ReasonField, useRefreshOrder } from './order-action-parts';

/** Kopecks of the order's amount and of what is already returned; the wire carries roubles. */
const toKopecks = (rubles: number | undefined) => rublesToKopecks(Math.abs(rubles ?? 0));

/**
 * The amount typed into the refund dialog ('1 500,50', '350.10', groups split by a space, a no-break or
 * a narrow no-break space) → kopecks, or null. The one parser of typed roubles is the domain's
 * `parseTypedRubles` (the price fields of «Новый заказ» use it too); this name stays for the dialog.
 */
export const parseRublesInput = parseTypedRubles;

type RefundMode = 'full' | 'amount' | 'items';
type RefundErrors = { mode?: string; amount?: string; reason?: string; form?: string };

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

/**
 * «Оформить возврат»: the whole rest, a part by amount, or by items, with the reason (DESIGN §11).
 * Nothing is chosen when it opens, and a return of the whole rest, however it was typed, is asked
 * about once more before it is sent: it closes the order as «Возврат оформлен» for good.
 */
export function RefundAction({ order }: { order: Order }) {
  const { token, can } = useShopAccess();
  const toast = useToast();
  const refresh = useRefreshOrder(order.id);
  const refunds = useRefunds(order.id, order.status === 'payment_sent');
  const [open, setOpen] = useState(false);
  const [mode, setMode] = useState<RefundMode | null>(null);
  const [amountText, setAmountText] = useState('');
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<RefundErrors>({});
  const [busy, setBusy] = useState(false);
  // The whole rest being confirmed, in kopecks as it was shown: the second step sends exactly this.
  const [fullKopecks, setFullKopecks] = useState<number | null>(null);
  // One key per opened dialog: a retried click of the same return is answered once.
  const [idempotencyKey, setIdempotencyKey] = useState('');
  // The second step's question takes the focus, so it is read out and a repeated Enter does not confirm.
  const questionRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (fullKopecks !== null) questionRef.current?.focus();
  }, [fullKopecks]);
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
    setMode(null);
    setAmountText('');
    setQuantities({});
    setReason('');
    setErrors({});
    setFullKopecks(null);
    setIdempotencyKey(crypto.randomUUID());
    setOpen(true);
  };

  /** The form's errors, and the kopecks to return when there are none. */
  const check = (): { next: RefundErrors; kopecks: number | null } => {
    const next: RefundErrors = {};
    let kopecks: number | null = null;
    if (mode === null) next.mode = 'Выберите, что вернуть';
    if (mode === 'full') kopecks = left;
    if (mode === 'amount') kopecks = parseRublesInput(amountText);
    if (mode === 'items') kopecks = itemsKopecks;
    if (mode === 'items' && badQuantity) {
      next.amount = 'Количество — целое число штук';
    } else if (mode !== null && (kopecks === null || kopecks <= 0)) {
      next.amount = mode === 'items' ? 'Выберите вернувшиеся товары' : 'Введите сумму больше нуля';
    } else if (kopecks !== null && kopecks > left) {
      next.amount = `Вернуть можно не больше ${formatRubles(kopecksToRubles(left))}`;
    } else if (mode === 'items' && itemLines.some((line) => line.quantity > line.item.left)) {
      next.amount = 'Товаров больше, чем можно вернуть';
    }
    if (!cleanText(reason)) next.reason = 'Укажите причину возврата';
    return { next, kopecks: next.mode || next.amount || next.reason ? null : kopecks };
  };

  const send = async (kopecks: number) => {
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

  const confirm = () => {
    if (fullKopecks !== null) return send(fullKopecks);
    const { next, kopecks } = check();
    setErrors(next);
    if (kopecks === null) return;
    if (kopecks === left) {
      setFullKopecks(kopecks);
      return;
    }
    return send(kopecks);
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
        busyText="Оформляем..."
        busy={busy}
        onConfirm={confirm}
        confirmText={
          fullKopecks === null ? 'Оформить возврат' : `Вернуть ${formatRubles(kopecksToRubles(fullKopecks))}`
        }
        confirmVariant={fullKopecks === null ? 'primary' : 'destructive'}
        cancelText={fullKopecks === null ? 'Отмена' : 'Назад'}
        // On the second step Escape and «Назад» go back to the form, with everything typed still there.
        onCancel={fullKopecks === null ? () => setOpen(false) : () => setFullKopecks(null)}
      >
        {fullKopecks === null ? (
          <>
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 text-sm font-medium text-slate-800">Что вернуть</legend>
              {modes.map(([value, label]) => (
                <label key={value} className="flex min-h-11 items-center gap-2">
                  <input
                    type="radio"
                    name="refund-mode"
                    value={value}
                    checked={mode === value}
                    onChange={() => {
                      setMode(value);
                      setErrors(({ mode: _chosen, amount: _other, ...rest }) => rest);
                    }}
                    className="size-4 accent-brand-600"
                  />
                  {label}
                </label>
              ))}
            </fieldset>
            {errors.mode && <p className="mt-2 text-sm text-red-700">{errors.mode}</p>}
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
                    label={`${item.name} (${formatRubles(item.price)}, можно вернуть ${formatWholeNumber(item.left)} шт.)`}
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
          </>
        ) : (
          <p ref={questionRef} tabIndex={-1} className="focus:outline-none">
            Это весь остаток по заказу — {formatRubles(kopecksToRubles(fullKopecks))}. После возврата заказ
            получит статус «Возврат оформлен», и отменить возврат будет нельзя. Вернуть всё?
          </p>
        )}
        {errors.form && (
          <div className="mt-3">
            <Alert tone="error">{errors.form}</Alert>
          </div>
        )}
      </ConfirmDialog>
    </>
  );
}
