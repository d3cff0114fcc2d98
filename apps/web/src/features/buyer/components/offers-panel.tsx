import type { AcceptedOffer, Order } from '@b2bpay/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { Alert } from '../../../shared/ui/alert';
import { CheckCircleIcon } from '../../../shared/ui/icons';
import { StatusBadge } from '../../../shared/ui/status-badge';
import { moscowDateTime, toOfferView } from '../model/offer-view';
import type { OffersStage } from '../model/offers-stage';
import { OfferCard } from './offer-card';
import { OfferChoiceView } from './offer-choice';
import { PurchaseSummary } from './purchase-summary';

export const SIGNED_TEXT = 'Банк перечислит оплату магазину. Мы пришлём письмо, когда оплата пройдёт.';
export const PAID_TEXT =
  'Банк оплатил заказ магазину. Дальше вы платите банку по условиям подписанного предложения.';
/** Where a paid order's schedule is, on the order page: in the signed offer under the summary. */
export const SCHEDULE_BELOW = 'График платежей — в подписанном предложении ниже.';

function SignedOffer({
  order,
  offer,
  paid,
  notice,
  focus,
}: {
  order: Order;
  offer: AcceptedOffer;
  paid: boolean;
  notice: string | null;
  /** Just signed on this page: the focus moves to the result. */
  focus: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col items-start gap-2">
        <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
          Статус заказа
        </h2>
        <StatusBadge status={order.status} className="text-sm" />
      </div>
      {notice && <Alert tone="info">{notice}</Alert>}
      {paid && <PurchaseSummary order={order} offer={offer} schedule={SCHEDULE_BELOW} />}
      {/* A signed offer's payments are counted from the day it was signed. */}
      <OfferCard offer={toOfferView(offer, offer.accepted_at)} titleId={titleId} showValidity={false}>
        <p
          className="flex items-center gap-2 text-[15px] font-medium text-green-800 tabular-nums"
          data-testid="offer-signed"
        >
          <CheckCircleIcon size={18} className="shrink-0" />
          Предложение подписано {moscowDateTime(offer.accepted_at)}
        </p>
      </OfferCard>
      {order.status !== 'refunded' && (
        <p className="text-sm text-slate-600" data-testid="status-text">
          {paid ? PAID_TEXT : SIGNED_TEXT}
        </p>
      )}
    </div>
  );
}

export interface OffersPanelProps {
  order: Order;
  stage: OffersStage;
  shopName: string;
  /** The order the server answered a signature with: the page shows it at once. */
  onOrder: (order: Order) => Promise<void>;
  /** Read the order again (an offer lapsed, or the order was signed elsewhere). */
  onReload: () => void;
}

/**
 * The order page's part about the banks' offers (DESIGN §13), downloaded only for an approved or
 * paid order: the offers to choose and sign, or the signed one (waiting for the bank's payment, or
 * paid — then with what was bought, what is owed the bank after the shop's returns — or returned)
 * with its schedule. A signature's answer is the order itself, which the page shows at once.
 */
export default function OffersPanel({ order, stage, shopName, onOrder, onReload }: OffersPanelProps) {
  const [signedHere, setSignedHere] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  if (order.accepted_offer && (stage === 'signed' || stage === 'paid' || stage === 'refunded')) {
    return (
      <SignedOffer
        order={order}
        offer={order.accepted_offer}
        paid={stage !== 'signed'}
        notice={notice}
        focus={signedHere || notice !== null}
      />
    );
  }
  return (
    <>
      {notice && <Alert tone="info">{notice}</Alert>}
      <OfferChoiceView
        order={order}
        offers={order.offers ?? []}
        shopName={shopName}
        onSigned={(signed) => {
          setSignedHere(true);
          void onOrder(signed);
        }}
        onAlreadySigned={setNotice}
        onReload={onReload}
      />
    </>
  );
}
