import type { ReactNode } from 'react';
import type { OfferView } from '../model/offer-view';

function Term({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd
        className={
          strong
            ? 'text-lg font-semibold whitespace-nowrap text-slate-900 tabular-nums'
            : 'font-medium whitespace-nowrap text-slate-900 tabular-nums'
        }
      >
        {value}
      </dd>
    </div>
  );
}

export interface OfferCardProps {
  offer: OfferView;
  /** The id of its title, which the card's button is described by («Выбрать» of which offer). */
  titleId: string;
  /** An offer still to choose says until when it stands; a signed one no longer lapses. */
  showValidity?: boolean;
  /** What the card ends with: the «Выбрать» button, or the line of its signing. */
  children?: ReactNode;
}

/**
 * One bank's offer (DESIGN §13): the bank, deferral or instalments, the buyer's fee, the total and,
 * for instalments, the monthly payment and the dates of the payments. Phone first: one column. Its
 * title is an h3, under the h2 of the part that shows it.
 */
export function OfferCard({ offer, titleId, showValidity = true, children }: OfferCardProps) {
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-[var(--radius-card)] border border-slate-200 bg-white p-4"
      data-testid="offer-card"
    >
      <div id={titleId}>
        <p className="text-sm font-medium break-words text-slate-600">{offer.bankName}</p>
        <h3 className="mt-0.5 text-lg font-semibold text-slate-900">{offer.title}</h3>
      </div>
      <dl className="flex flex-col gap-1.5">
        <Term label="Комиссия" value={offer.fee} />
        {offer.monthly && <Term label="Ежемесячный платёж" value={offer.monthly} />}
        <Term label="Всего к оплате" value={offer.total} strong />
      </dl>
      {offer.instalments ? (
        <div>
          <p className="text-sm font-medium text-slate-700">График платежей</p>
          <ol className="mt-1.5 flex flex-col gap-1 text-sm" data-testid="offer-schedule">
            {offer.schedule.map((payment) => (
              <li
                // One payment a month: the dates are distinct.
                key={payment.date}
                className="flex justify-between gap-3 text-slate-700 tabular-nums"
              >
                <span>{payment.date}</span>
                <span className="whitespace-nowrap">{payment.amount}</span>
              </li>
            ))}
          </ol>
        </div>
      ) : (
        offer.schedule[0] && (
          <p className="text-sm text-slate-700 tabular-nums" data-testid="offer-schedule">
            Срок оплаты банку: {offer.schedule[0].date}
          </p>
        )
      )}
      {showValidity && <p className="text-sm text-slate-600 tabular-nums">Действует до {offer.validUntil}</p>}
      {children}
    </article>
  );
}
