import { type BuyerPageData, buyerPageModule } from '@b2bpay/domain';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'preact-render-to-string';
import { MemoryRouter, Route, Routes } from 'react-router';
import { seedBuyerPageData } from './app/buyer-data';
import { shouldPoll } from './features/buyer/lib/use-buyer-order';
import { needsOffersPanel, offersStage } from './features/buyer/model/offers-stage';
import OrderPage from './features/buyer/pages/order-page';
import { createQueryClient } from './shared/api/queries';
import { AuthProvider } from './shared/auth/auth-context';
import { ToastProvider } from './shared/ui/toast';

/**
 * The buyer's order page as HTML, for the API to put into buyer.html's #root (vite.config.ts, mode
 * "buyer-server", builds this for Node into dist/server/). The same components as the browser's, with
 * the order the API embeds in the page: the buyer sees the order with the first paint, and the
 * browser's app takes the page over later (app/server-markup.ts). Only the order page of an order that
 * shows no banks' offers: the other pages (forms, the offers' lazy panel) stay the browser's.
 * Returns null for any other page or when the record is not for this address; `takeOverWhenIdle` when
 * the app has work of its own on the page (see app/buyer-takeover.ts).
 */
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

export function renderBuyerPage(
  pathname: string,
  search: string,
  data: BuyerPageData,
): { html: string; takeOverWhenIdle: boolean } | null {
  if (buyerPageModule(pathname) !== 'order-page' || needsOffersPanel(offersStage(data.order))) return null;
  const queryClient = createQueryClient();
  if (!seedBuyerPageData(queryClient, data, { pathname, search } as Location)) return null;
  try {
    const html = renderToString(
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <MemoryRouter initialEntries={[`${pathname}${search}`]}>
            <AuthProvider>
              <Routes>
                <Route path="/client/:orderId" element={<OrderPage />} />
              </Routes>
            </AuthProvider>
          </MemoryRouter>
        </ToastProvider>
      </QueryClientProvider>,
    );
    // The app keeps a moving status fresh: there it takes the page over once idle, not at a touch.
    return { html, takeOverWhenIdle: shouldPoll(data.order.status) };
  } finally {
    queryClient.clear();
  }
}
