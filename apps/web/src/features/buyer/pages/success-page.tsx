import { PARTNER_BANKS } from '@b2bpay/domain';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Navigate, useParams } from 'react-router';
import { GOALS, reachGoal } from '../../../shared/analytics/metrika';
import { usePageMeta } from '../../../shared/meta/page-meta';
import { CheckIcon } from '../../../shared/ui/icons';
import { LinkButton } from '../../../shared/ui/link-button';
import { StatusBadge } from '../../../shared/ui/status-badge';
import { BreakableEmail } from '../components/breakable-email';
import { BuyerLayout } from '../components/buyer-layout';
import { ShopReturnLink } from '../components/shop-return-link';
import { useArrivalFocus } from '../lib/use-arrival-focus';
import { useBuyerOrder } from '../lib/use-buyer-order';
import { loadSubmittedEmail } from '../model/application-store';
import { buyerPaths } from '../model/order-view';

export const SUCCESS_TITLE = 'Заявка успешно отправлена!';

const bankNames = PARTNER_BANKS.map((bank) => `«${bank.shortName}»`);
const banksText = `${bankNames.slice(0, -1).join(', ')} и ${bankNames.at(-1) ?? ''}`;

const NEXT_STEPS = [
  {
    title: 'Банки рассматривают заявку',
    text: `Её получили банки ${banksText}. Обычно ответ приходит в течение 1 рабочего дня.`,
  },
  {
    title: 'Решение придёт на почту',
    text: 'В письме будет решение банка и ссылка на заказ.',
  },
  {
    title: 'Банк оплатит заказ',
    text: 'После одобрения банк перечислит деньги магазину, а статус заказа обновится автоматически.',
  },
] as const;

// Only a paid order's page shows what was bought and what is owed: the others' first load leaves it out.
const PurchaseSummary = lazy(() =>
  import('../components/purchase-summary').then((module) => ({ default: module.PurchaseSummary })),
);

/** Where a paid order's schedule is, from the success page. */
export const SCHEDULE_ON_ORDER_PAGE = 'График платежей — на странице заказа, по кнопке «Вернуться к заказу».';

/** After the banks' answer, before any payment: the order page says the rest. */
export const DECIDED_TEXT = 'Банки уже ответили на заявку: решение и что делать дальше — на странице заказа.';

/** The statuses whose «Что дальше» is still the banks' review (and a page still loading). */
const UNDER_REVIEW = [undefined, 'client_expected', 'bank_info_expected'];

/**
 * Success page (spec §2): the heading, where the decision will come, and the way back to the order.
 * Opened again later, it says where the order is now: once the bank has paid, what was bought, from
 * which bank, what is owed and where the schedule is, not that the banks are still deciding.
 */
export default function SuccessPage() {
  const { orderId = '' } = useParams();
  const order = useBuyerOrder(orderId || undefined, null, true);
  // The address typed in this tab, else (a fresh tab, another device) the masked one the server has.
  const email = (orderId ? loadSubmittedEmail(orderId) : null) ?? order.data?.client?.email ?? null;
  usePageMeta({ title: SUCCESS_TITLE });
  const heading = useRef<HTMLHeadingElement>(null);
  useArrivalFocus(heading);

  // An application never sent has no success to show: like step 2, send the buyer to where it stands
  // (step 2, which sends on to step 1 when that is not done; the order page once the time is over).
  // A copy being read again (step 2 asks for it as it sends) may still be from before the sending.
  const status = order.isFetching ? undefined : order.data?.status;
  const redirectTo =
    status === 'client_expected'
      ? buyerPaths.step2(orderId)
      : status === 'client_info_overdue'
        ? buyerPaths.order(orderId)
        : null;

  // Once per visit, even when React runs effects twice in development; not for a redirected visit.
  const reported = useRef(false);
  useEffect(() => {
    if (reported.current || order.isPending || redirectTo) return;
    reported.current = true;
    reachGoal(GOALS.SUCCESS_PAGE_VIEW);
  }, [order.isPending, redirectTo]);

  if (redirectTo) return <Navigate to={redirectTo} replace />;

  return (
    <BuyerLayout>
      <div className="mx-auto w-full max-w-xl px-4 py-8 sm:py-16">
        <div className="rounded-[var(--radius-card)] border border-slate-200 bg-white p-5 text-center sm:p-10">
          <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-green-50 text-green-700 ring-8 ring-green-50/60">
            <CheckIcon size={32} strokeWidth={2.25} />
          </span>
          <h1
            ref={heading}
            tabIndex={-1}
            className="mt-6 text-2xl font-semibold tracking-tight text-slate-900 outline-none sm:text-[28px] sm:leading-9"
          >
            {SUCCESS_TITLE}
          </h1>
          <p className="mt-3 text-[15px] leading-relaxed text-slate-700">
            Мы передали заявку в банки-партнёры. Решение придёт на электронную почту
            {email ? (
              <>
                {' '}
                <strong className="font-semibold break-words text-slate-900" data-testid="success-email">
                  <BreakableEmail email={email} />
                </strong>
                .
              </>
            ) : (
              ', указанную в заявке.'
            )}
          </p>
          {order.data && (
            <div className="mt-5 flex flex-wrap items-center justify-center gap-2 text-sm text-slate-600">
              <span className="tabular-nums">Заказ №{order.data.order_number}:</span>
              <StatusBadge status={order.data.status} />
            </div>
          )}
          <LinkButton to={buyerPaths.order(orderId)} size="lg" className="mt-8 w-full sm:w-auto">
            Вернуться к заказу
          </LinkButton>
          <ShopReturnLink
            url={order.data?.return_url}
            orderId={orderId}
            className="mt-3 w-full sm:mt-8 sm:ml-3 sm:w-auto"
          />
        </div>

        <section aria-labelledby="next-steps" className="mt-6 px-1">
          <h2 id="next-steps" className="text-base font-semibold text-slate-900">
            Что дальше
          </h2>
          {order.data?.accepted_offer && (status === 'payment_sent' || status === 'refunded') ? (
            <div className="mt-4">
              <Suspense fallback={null}>
                <PurchaseSummary
                  order={order.data}
                  offer={order.data.accepted_offer}
                  schedule={SCHEDULE_ON_ORDER_PAGE}
                />
              </Suspense>
            </div>
          ) : UNDER_REVIEW.includes(status) ? (
            <ol className="mt-4 flex flex-col gap-4">
              {NEXT_STEPS.map((step, index) => (
                <li key={step.title} className="flex gap-3">
                  <span
                    className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-semibold text-brand-700 tabular-nums"
                    aria-hidden="true"
                  >
                    {index + 1}
                  </span>
                  <div>
                    <p className="text-[15px] font-medium text-slate-900">{step.title}</p>
                    <p className="mt-0.5 text-sm text-slate-600">{step.text}</p>
                  </div>
                </li>
              ))}
            </ol>
          ) : (
            <p className="mt-3 text-[15px] text-slate-700" data-testid="status-text">
              {DECIDED_TEXT}
            </p>
          )}
        </section>
      </div>
    </BuyerLayout>
  );
}
