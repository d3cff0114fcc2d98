import type { Offer, Order } from '@b2bpay/domain';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { StatusBadge } from '../../../shared/ui/status-badge';
import { type OfferChoice, type OfferChoiceEvents, useOfferChoice } from '../lib/use-offer-choice';
import { type OfferOrder, offerFullText, toOfferView } from '../model/offer-view';
import { CodeInput, ResendButton } from './code-field';
import { OfferCard } from './offer-card';

export const CHOOSE_HEADING = 'Банк одобрил заявку — выберите условия';

function OfferList({ offers, choice }: { offers: readonly Offer[]; choice: OfferChoice }) {
  // Offers still to choose are counted from today: the day the buyer would sign.
  const today = new Date();
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col items-start gap-2">
        <StatusBadge status="app_approved" />
        <h2
          id={`${choice.prefix}-list`}
          tabIndex={-1}
          className="text-lg font-semibold text-slate-900 focus:outline-none"
        >
          {CHOOSE_HEADING}
        </h2>
        <p className="text-sm text-slate-600">
          Выберите предложение и подпишите его кодом из SMS — после этого банк оплатит заказ магазину.
        </p>
      </div>
      {choice.alert && <Alert tone="error">{choice.alert}</Alert>}
      {/* Two columns once the card's column is wide enough (a desktop's short order), one on a phone. */}
      <div className="@container">
        <ul className="grid gap-3 @lg:grid-cols-2" aria-label="Предложения банков">
          {offers.map((offer) => {
            const titleId = `${choice.prefix}-offer-${offer.id}`;
            return (
              <li key={offer.id} className="grid">
                <OfferCard offer={toOfferView(offer, today)} titleId={titleId}>
                  <Button
                    className="mt-auto w-full"
                    aria-describedby={titleId}
                    loading={choice.busy === offer.id}
                    loadingText="Отправка кода..."
                    onClick={() => choice.choose(offer)}
                  >
                    Выбрать
                  </Button>
                </OfferCard>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}

function SigningForm({ offer, order, choice }: { offer: Offer; order: OfferOrder; choice: OfferChoice }) {
  const { prefix, sent } = choice;
  return (
    <form noValidate onSubmit={(event) => void choice.sign(event)} className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold text-slate-900">Подписание предложения</h2>
      <OfferCard offer={toOfferView(offer, new Date())} titleId={`${prefix}-chosen`} />
      <div>
        <h3 className="text-sm font-medium text-slate-700">Текст предложения</h3>
        <p
          className="mt-1.5 rounded-[var(--radius-control)] border border-slate-200 bg-slate-50 p-3 text-sm break-words text-slate-800"
          data-testid="offer-text"
        >
          {offerFullText(offer, order)}
        </p>
      </div>
      {sent && (
        <p className="text-[15px] text-slate-700">
          Код из SMS отправлен на <span className="whitespace-nowrap tabular-nums">{sent.phone}</span>
        </p>
      )}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <CodeInput
          id={`${prefix}-code`}
          name="offer-code"
          label="Код из SMS"
          enterKeyHint="done"
          value={choice.code}
          error={choice.codeError}
          onCode={choice.editCode}
        />
        <ResendButton
          resendAt={sent?.resendAt ?? null}
          sending={choice.busy === offer.id}
          sentBefore
          className="w-full tabular-nums sm:mt-[26px] sm:w-56"
          onClick={choice.resend}
        />
      </div>
      {choice.alert && <Alert tone="error">{choice.alert}</Alert>}
      <div className="flex flex-col gap-2 sm:flex-row-reverse sm:justify-start">
        <Button type="submit" size="lg" loading={choice.busy === 'sign'} loadingText="Подписание...">
          Подписать
        </Button>
        <Button variant="ghost" size="lg" onClick={choice.back}>
          Выбрать другое предложение
        </Button>
      </div>
    </form>
  );
}

export interface OfferChoiceProps extends OfferChoiceEvents {
  order: Order;
  offers: readonly Offer[];
  shopName: string;
}

/** The banks' offers to choose from, then the chosen one's text and its signing by the SMS code. */
export function OfferChoiceView({ order, offers, shopName, ...events }: OfferChoiceProps) {
  const choice = useOfferChoice(order, events);
  if (!choice.chosen) return <OfferList offers={offers} choice={choice} />;
  return (
    <SigningForm
      offer={choice.chosen}
      order={{ shopName, orderNumber: order.order_number, amount: order.amount }}
      choice={choice}
    />
  );
}
