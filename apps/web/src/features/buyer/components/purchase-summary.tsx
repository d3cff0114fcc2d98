import type { AcceptedOffer, Order } from '@b2bpay/domain';
import type { ReactNode } from 'react';
import { refundText, toPurchaseView } from '../model/purchase-view';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:justify-between sm:gap-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-[15px] font-medium break-words text-slate-900 sm:text-right">{children}</dd>
    </div>
  );
}

export interface PurchaseSummaryProps {
  order: Order;
  offer: AcceptedOffer;
  /** Where the schedule of payments is, as the page that shows the summary says it. */
  schedule: string;
}

/**
 * A paid order as its buyer reads it (DESIGN §11, §13): the goods, the bank and its terms, what is
 * owed to the bank now (the signed offer's total less the shop's returns), where the schedule is and
 * a line about returns. The order page and the success page show it alike.
 */
export function PurchaseSummary({ order, offer, schedule }: PurchaseSummaryProps) {
  const view = toPurchaseView(order, offer);
  return (
    <div className="flex flex-col gap-3 text-left" data-testid="purchase-summary">
      <dl className="flex flex-col gap-2">
        <Row label="Вы купили">
          {view.goods} <span className="whitespace-nowrap tabular-nums">на {view.amount}</span>
        </Row>
        <Row label="Оплатил банк">
          {view.bank}: {view.terms.toLowerCase()}
          {view.monthly && <span className="whitespace-nowrap tabular-nums">, {view.monthly} в месяц</span>}
        </Row>
        <Row label="К оплате банку">
          <span className="text-lg font-semibold whitespace-nowrap tabular-nums" data-testid="owed">
            {view.owed}
          </span>
        </Row>
      </dl>
      <p className="text-sm text-slate-600">{schedule}</p>
      <p className="text-sm text-slate-600" data-testid="refund-text">
        {refundText(view)}
      </p>
    </div>
  );
}
