// The web fonts' rules end up in a stylesheet of their own, loaded after the page (build/buyer-styles.ts).
import '@fontsource-variable/inter/wght.css';
import './index.css';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { AppRoot } from './app/app-root';
import { readBuyerPageData, seedBuyerPageData } from './app/buyer-data';
import { buyerRoutes } from './app/buyer-routes';
import { BUYER_FONTS_ID } from './app/prerender/html';
import { resolveLazyRoutes, takeOverServerMarkup } from './app/server-markup';
import { shouldPoll } from './features/buyer/lib/use-buyer-order';
import { createQueryClient } from './shared/api/queries';
import { applyWebFontsAfterLoad } from './shared/lib/web-fonts';
import { initFromEnv } from './shared/monitoring/error-reporting';

/**
 * The buyer's entry (buyer.html, which the API sends for /client/…): the buyer routes of the one
 * route table and the same providers as the app, built with Preact's React compatibility layer
 * instead of react-dom (vite.config.ts, mode "buyer"). The order the page shows comes embedded in the
 * page (app/buyer-data.ts). When the server rendered the page's HTML too (the order page), the app
 * takes that page over later (app/server-markup.ts).
 */
void initFromEnv();

const queryClient = createQueryClient();
const pageData = readBuyerPageData(document);
seedBuyerPageData(queryClient, pageData, window.location);

const container = document.getElementById('root');
if (!container) throw new Error('Root element #root is missing');

function renderApp(root: HTMLElement) {
  const router = createBrowserRouter(buyerRoutes);
  // "Попробовать снова" must also clear the router's error state, or the same error is rendered again.
  const resetRouter = () => {
    const { pathname, search, hash } = window.location;
    void router.navigate(`${pathname}${search}${hash}`, { replace: true });
  };
  createRoot(root).render(<AppRoot router={router} queryClient={queryClient} onReset={resetRouter} />);
}

if (container.hasAttribute('data-server-rendered')) {
  takeOverServerMarkup(
    container,
    () => resolveLazyRoutes(buyerRoutes, window.location),
    () => renderApp(container),
    // An order at the bank or approved is kept fresh by the app (every 5 s): it starts once idle.
    // Otherwise the page changes only by the buyer's hand, and the app waits for it.
    { whenIdle: shouldPoll(pageData?.order.status) },
  );
} else renderApp(container);

// Once the page has loaded and the main thread is idle, the faces its text needs swap in at once.
applyWebFontsAfterLoad(BUYER_FONTS_ID);
