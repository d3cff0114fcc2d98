import { bankName, formatDateTime, formatRubles, type Order } from '@b2bpay/domain';
import { Alert } from '../../../shared/ui/alert';
import { Card } from '../../../shared/ui/card';
import { LoadingState } from '../../../shared/ui/spinner';
import { useRefunds } from '../shared/api/shop-queries';

/** What the bank paid the shop for the order (DESIGN §11). */
export function PayoutCard({ order }: { order: Order }) {
  const payout = order.payout;
  if (!payout) return null;
  return (
    <Card title="Выплата">
      <dl className="flex flex-col gap-3" data-testid="payout">
        <PayoutField label="Банк">{bankName(payout.bank)}</PayoutField>
        <PayoutField label="Выплачено магазину">{formatRubles(payout.amount)}</PayoutField>
        <PayoutField label="Комиссия магазина">{formatRubles(payout.fee)}</PayoutField>
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
