import { formatDateTime, formatRubles, type Order, offerTitle } from '@b2bpay/domain';
import { Card } from '../../../shared/ui/card';

/**
 * The bank's offer the buyer signed (DESIGN §13): which bank, on what terms, the buyer's fee and when.
 * The fee is the buyer's: the shop's own stays 0 ₽ (the payout's «Комиссия магазина»).
 */
export function AcceptedOfferCard({ order }: { order: Order }) {
  const offer = order.accepted_offer;
  if (!offer) return null;
  return (
    <Card title="Покупатель выбрал">
      <dl className="flex flex-col gap-3" data-testid="accepted-offer">
        <OfferField label="Банк">{offer.bank_name}</OfferField>
        <OfferField label="Условия">{offerTitle(offer)}</OfferField>
        <OfferField label="Комиссия покупателя">{formatRubles(offer.fee)}</OfferField>
        <OfferField label="Подписано">{formatDateTime(offer.accepted_at)}</OfferField>
      </dl>
    </Card>
  );
}

function OfferField({ label, children }: { label: string; children: string }) {
  return (
    <div>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-0.5 font-medium break-words text-slate-900 tabular-nums">{children}</dd>
    </div>
  );
}
