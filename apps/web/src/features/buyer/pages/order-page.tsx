import { formatRubles, type Order, PARTNER_BANKS, pluralRu } from '@b2bpay/domain';
import { type ReactNode, Suspense, useEffect, useId, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { GOALS, reachGoal } from '../../../shared/analytics/metrika';
import { PRIVACY_POLICY_URL } from '../../../shared/config/contacts';
import { readBuyerPageData } from '../../../shared/lib/buyer-page-data';
import { cn } from '../../../shared/lib/cn';
import { preloadable } from '../../../shared/lib/preloadable';
import { usePageMeta } from '../../../shared/meta/page-meta';
import { Button } from '../../../shared/ui/button';
import { CheckCircleIcon, ChevronRightIcon, ShieldCheckIcon } from '../../../shared/ui/icons';
import { LoadingState } from '../../../shared/ui/spinner';
import { StatusBadge } from '../../../shared/ui/status-badge';
import { BuyerLayout } from '../components/buyer-layout';
import { OrderItems } from '../components/order-items';
import { LoadedOrder } from '../components/order-states';
import { ShopReturnLink } from '../components/shop-return-link';
import { useOrderCache } from '../lib/order-cache';
import { useBuyerOrder } from '../lib/use-buyer-order';
import { useShopName } from '../lib/use-shop-name';
import { needsOffersPanel, type OffersStage, offersStage } from '../model/offers-stage';
import { buyerPaths, LONG_LIST_THRESHOLD, toBuyerOrderView, UNKNOWN_SHOP } from '../model/order-view';
import { buyerStatusText, OFFERS_LAPSED_TEXT } from '../model/status-wording';

// Only an approved or paid order shows the banks' offers: the other pages' first load leaves them out.
// An order at the banks asks for them ahead (its approval may come while the buyer looks), and the
// API's document preloads them for an order that shows them (apps/api/src/plugins/web.ts).
const offersPanel = preloadable(() => import('../components/offers-panel'));
const OffersPanel = offersPanel.Component;

/** For the server's render (buyer-server.tsx), which renders in one pass: the offers' part loaded first. */
export const preloadOffersPanel = offersPanel.preload;

/**
 * Before the route's first render (app/lazy-page.ts): when the order the API embedded in the document
 * shows the offers, their part first. The page then renders whole at once; otherwise its loading
 * screen (OffersReady) would show between the page's and the part's arrival and then be replaced (a
 * layout shift of 0.32 was seen once in a browser test).
 */
export function pageReady(): Promise<void> | undefined {
  const order = readBuyerPageData(document)?.order;
  return order && needsOffersPanel(offersStage(order)) ? offersPanel.preload() : undefined;
}

/** Spec §8: the application cannot start without the order's details (its items). */
export const MISSING_DETAILS_ALERT = 'Детали заказа не найдены или еще загружаются.';

/** ?client_id= as a positive integer, or null. */
export function parseClientId(raw: string | null): number | null {
  if (raw === null || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

const BENEFITS = [
  'Заполнение займёт около 3 минут',
  'Решение за 1 рабочий день — придёт на e-mail',
  `Заявку рассмотрят ${PARTNER_BANKS.length} банка\u2011партнёра`,
] as const;

function StartApplication({ order }: { order: Order }) {
  const navigate = useNavigate();
  const start = () => {
    if (order.products.length === 0) {
      window.alert(MISSING_DETAILS_ALERT);
      return;
    }
    reachGoal(GOALS.START_APPLICATION);
    const view = toBuyerOrderView(order);
    navigate(buyerPaths.step1(order.id), {
      state: { orderNumber: view.orderNumber, total: view.total, shopId: view.shopId },
    });
  };
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">Оплата в рассрочку для бизнеса</h2>
        <ul className="mt-3 flex flex-col gap-2">
          {BENEFITS.map((text) => (
            <li key={text} className="flex items-start gap-2.5 text-[15px] text-slate-700">
              <CheckCircleIcon size={18} className="mt-0.5 shrink-0 text-brand-700" />
              {text}
            </li>
          ))}
        </ul>
      </div>
      {/* A form, so that on the page the server rendered (buyer-server.tsx) the button leads to step 1
          even before the page's scripts have run; in the app, the submit is the router's navigation. */}
      <form
        action={buyerPaths.step1(order.id)}
        method="get"
        onSubmit={(event) => {
          event.preventDefault();
          start();
        }}
      >
        <Button type="submit" size="lg" className="w-full">
          Заполнить заявку
        </Button>
      </form>
      <p className="flex items-start gap-2 text-sm text-slate-600">
        <ShieldCheckIcon size={18} className="mt-0.5 shrink-0 text-slate-500" />
        <span>
          Нажимая «Заполнить заявку», вы соглашаетесь с{' '}
          <a
            href={PRIVACY_POLICY_URL}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800"
          >
            политикой обработки персональных данных
            <span className="sr-only"> (откроется в новой вкладке)</span>
          </a>
          .
        </span>
      </p>
    </div>
  );
}

function OrderStatus({ status, stage }: { status: string; stage: OffersStage | null }) {
  return (
    <div className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold text-slate-900">Статус заказа</h2>
      <div>
        <StatusBadge status={status} className="text-sm" />
      </div>
      <p className="text-sm text-slate-600" data-testid="status-text">
        {stage === 'lapsed' ? OFFERS_LAPSED_TEXT : buyerStatusText(status)}
      </p>
    </div>
  );
}

function OrderDetails({ order }: { order: Order }) {
  const view = toBuyerOrderView(order);
  const shop = useShopName(view.shopId);
  const [showAll, setShowAll] = useState(false);
  const itemsId = useId();

  const visibleItems = view.isLongList && !showAll ? view.items.slice(0, LONG_LIST_THRESHOLD) : view.items;
  const stage = offersStage(order);
  const cache = useOrderCache(order.id);
  // At the banks: the approval, and with it the offers, may arrive while the page is open.
  const atBanks = order.status === 'bank_info_expected';
  useEffect(() => {
    if (atBanks) void offersPanel.preload();
  }, [atBanks]);
  const action = view.awaitsClient ? (
    <StartApplication order={order} />
  ) : needsOffersPanel(stage) && stage ? (
    <OffersPanel
      order={order}
      stage={stage}
      shopName={shop.text ?? UNKNOWN_SHOP}
      onOrder={cache.replace}
      onReload={cache.reload}
    />
  ) : (
    <OrderStatus status={view.status} stage={stage} />
  );
  const total = (
    <p className="flex items-baseline justify-between gap-4">
      <span className="text-[15px] font-medium text-slate-700">Итого</span>
      <span
        className="text-2xl font-semibold whitespace-nowrap text-slate-900 tabular-nums"
        data-testid="order-total"
      >
        {formatRubles(view.total)}
      </span>
    </p>
  );

  const itemsSection = (
    <section
      aria-labelledby={`${itemsId}-title`}
      className={cn(
        'rounded-[var(--radius-card)] border border-slate-200 bg-white p-4 sm:p-6',
        view.isLongList && 'lg:col-start-1 lg:row-start-1',
      )}
    >
      <div className="flex items-baseline justify-between gap-3">
        <h2 id={`${itemsId}-title`} className="text-lg font-semibold text-slate-900">
          Состав заказа
        </h2>
        <span className="text-sm text-slate-600 tabular-nums">
          {view.items.length} {pluralRu(view.items.length, ['позиция', 'позиции', 'позиций'])}
        </span>
      </div>
      <div id={itemsId} className="mt-2">
        <OrderItems items={visibleItems} compact={view.isLongList} />
      </div>
      {view.isLongList && (
        <button
          type="button"
          className="mt-2 flex min-h-11 w-full items-center justify-center gap-1.5 rounded-[var(--radius-control)] border border-slate-200 text-sm font-medium text-brand-700 hover:bg-brand-50"
          aria-expanded={showAll}
          aria-controls={itemsId}
          onClick={() => setShowAll((value) => !value)}
        >
          {showAll ? 'Свернуть список' : `Показать все товары (${view.items.length})`}
          <ChevronRightIcon
            size={16}
            className={cn('transition-transform duration-200', showAll ? '-rotate-90' : 'rotate-90')}
          />
        </button>
      )}
      {!view.isLongList && <div className="mt-2 border-t border-slate-200 pt-4">{total}</div>}
    </section>
  );
  const actionSection = (
    <section
      aria-label={
        view.awaitsClient
          ? 'Оформление рассрочки'
          : stage === 'choose'
            ? 'Предложения банков'
            : 'Статус заказа'
      }
      className={cn(
        'rounded-[var(--radius-card)] border border-slate-200 bg-white p-4 sm:p-6',
        view.isLongList && 'lg:sticky lg:top-24 lg:col-start-2 lg:row-start-1',
      )}
    >
      {view.isLongList && <div className="mb-5 border-b border-slate-200 pb-4">{total}</div>}
      {action}
      {/* Once the application is sent (and on every final status): the way back to the shop. */}
      {!view.awaitsClient && (
        <ShopReturnLink url={order.return_url} orderId={order.id} className="mt-3 -ml-4" />
      )}
    </section>
  );

  return (
    <OffersReady>
      <div
        className={cn(
          'mx-auto w-full px-4 py-6 sm:px-6 sm:py-10',
          view.isLongList ? 'max-w-[1120px]' : 'max-w-2xl',
        )}
      >
        <header className="mb-5 sm:mb-8">
          <p
            className={cn(
              'text-sm font-medium break-words',
              shop.state === 'error' ? 'text-red-700' : 'text-slate-600',
            )}
            data-testid="shop-name"
          >
            {shop.text ?? 'Загрузка магазина...'}
          </p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900 tabular-nums sm:text-[32px] sm:leading-10">
            Заказ №{view.orderNumber}
          </h1>
        </header>

        <div
          className={cn(
            'grid gap-5',
            view.isLongList && 'lg:grid-cols-[minmax(0,1fr)_360px] lg:items-start lg:gap-8',
          )}
          data-layout={view.isLongList ? 'long' : 'short'}
        >
          {view.isLongList ? (
            // A long list lets the total and the action come first on phones: first in the document too,
            // not moved there by CSS order, so that a page drawn while its HTML is still arriving (the
            // server's) never has the list first and then pushed down by the action; the wide screen's
            // columns place them side by side.
            <>
              {actionSection}
              {itemsSection}
            </>
          ) : (
            <>
              {itemsSection}
              {actionSection}
            </>
          )}
        </div>
      </div>
    </OffersReady>
  );
}

/**
 * The page waits, as a whole, for the offers' part (when it shows them and it has not arrived): shown
 * beside the rest, its arrival would push the order's items down the screen (on a phone the offers
 * come first), a layout shift of almost half the screen.
 */
function OffersReady({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<LoadingState text="Загрузка предложений банков..." fillScreen />}>
      {children}
    </Suspense>
  );
}

/** Buyer order page (spec §2): the order, its shop and total, and the way into the application. */
export default function OrderPage() {
  const { orderId } = useParams();
  const [search] = useSearchParams();
  const clientId = parseClientId(search.get('client_id'));
  const order = useBuyerOrder(orderId, clientId);
  usePageMeta({ title: order.data ? `Заказ №${order.data.order_number}` : 'Заказ' });
  return (
    <BuyerLayout>
      <LoadedOrder orderId={orderId} clientId={clientId} live>
        {(order) => <OrderDetails order={order} />}
      </LoadedOrder>
    </BuyerLayout>
  );
}
