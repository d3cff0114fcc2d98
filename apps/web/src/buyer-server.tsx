import { type BuyerPageData, buyerPageModule, type Order } from '@b2bpay/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'preact-render-to-string';
import type { ComponentType } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { seedBuyerPageData } from './app/buyer-data';
import { shouldPoll } from './features/buyer/lib/status-poll';
import { EMPTY_FORM } from './features/buyer/model/application-store';
import { needsOffersPanel, offersStage } from './features/buyer/model/offers-stage';
import { prefillFromOrder } from './features/buyer/model/prefill';
import { isStep1Complete } from './features/buyer/model/step1';
import ApplyStep1Page from './features/buyer/pages/apply-step1-page';
import ApplyStep2Page from './features/buyer/pages/apply-step2-page';
import OrderPage, { preloadOffersPanel } from './features/buyer/pages/order-page';
import SuccessPage from './features/buyer/pages/success-page';
import { createQueryClient } from './shared/api/queries';
import { AuthProvider } from './shared/auth/auth-context';
import { ToastProvider } from './shared/ui/toast';

/**
 * The buyer's pages as HTML, for the API to put into buyer.html's #root (vite.config.ts, mode
 * "buyer-server", builds this for Node into dist/server/). The same components as the browser's, with
 * the order the API embeds in the page: the buyer sees the page with the first paint, and the
 * browser's app takes it over later (app/server-markup.ts). The order page (with the banks' offers),
 * the application's two steps and the success page; each only for an order that page shows as it is
 * (`PAGES`): a page that would send the buyer elsewhere is left to the browser.
 */

// The server renders in one pass and cannot wait for a lazy part: the offers' part is here from the start.
await preloadOffersPanel();

interface ServerPage {
  path: string;
  Page: ComponentType;
  /** Whether the page shows this order itself (not a redirect, not a part the server cannot render). */
  shows: (order: Order) => boolean;
  /**
   * Whether the app takes the page over by itself (once its first refresh of the order's status is due,
   * app/buyer-takeover.ts), not only at the buyer's first touch: the page refreshes this order's status.
   */
  whenIdle: (order: Order) => boolean;
}

const awaitsBuyer = (order: Order) => order.status === 'client_expected';
const refreshed = (order: Order) => shouldPoll(order.status);
const never = () => false;

const PAGES: Record<string, ServerPage> = {
  'order-page': {
    path: '/client/:orderId',
    Page: OrderPage,
    shows: () => true,
    whenIdle: refreshed,
  },
  'apply-step1-page': {
    path: '/client/:orderId/apply',
    Page: ApplyStep1Page,
    shows: awaitsBuyer,
    whenIdle: never,
  },
  'apply-step2-page': {
    path: '/client/:orderId/apply/step2',
    Page: ApplyStep2Page,
    // Step 2 sends the buyer back to step 1 until step 1 is done; the server knows it from the order.
    shows: (order) => awaitsBuyer(order) && isStep1Complete(prefillFromOrder({ ...EMPTY_FORM }, order)),
    whenIdle: never,
  },
  'success-page': {
    path: '/client/:orderId/success',
    Page: SuccessPage,
    // Before the application is sent, or past its time, the page redirects; a paid order's summary is a lazy part.
    shows: (order) =>
      !['client_expected', 'client_info_overdue'].includes(order.status) &&
      !(order.accepted_offer && ['payment_sent', 'refunded'].includes(order.status)),
    whenIdle: refreshed,
  },
};

/**
 * The lazy parts of the page at `pathname` that this record's page shows, by their names in
 * buyer-preloads.json: the API preloads them with the page's own scripts, so that the page, which
 * waits for them (order-page.tsx), does not wait a round trip more.
 */
export function pagePartsFor(pathname: string, data: BuyerPageData): string[] {
  return buyerPageModule(pathname) === 'order-page' && needsOffersPanel(offersStage(data.order))
    ? ['offers-panel']
    : [];
}

/**
 * The page at `pathname` for this record, or null when the server does not render it (another page,
 * an order the page does not show, a record not for this address); `takeOverWhenIdle` as above.
 */
export function renderBuyerPage(
  pathname: string,
  search: string,
  data: BuyerPageData,
): { html: string; takeOverWhenIdle: boolean } | null {
  const page = PAGES[buyerPageModule(pathname) ?? ''];
  if (!page?.shows(data.order)) return null;
  const queryClient = createQueryClient();
  if (!seedBuyerPageData(queryClient, data, { pathname, search } as Location)) return null;
  try {
    const html = renderToString(
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <MemoryRouter initialEntries={[`${pathname}${search}`]}>
            <AuthProvider>
              <Routes>
                <Route path={page.path} element={<page.Page />} />
              </Routes>
            </AuthProvider>
          </MemoryRouter>
        </ToastProvider>
      </QueryClientProvider>,
    );
    return { html, takeOverWhenIdle: page.whenIdle(data.order) };
  } finally {
    queryClient.clear();
  }
}
