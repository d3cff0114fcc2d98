// The web fonts' rules end up in a stylesheet of their own, loaded after the page (build/buyer-styles.ts).
import '@fontsource-variable/inter/wght.css';
import './index.css';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { AppRoot } from './app/app-root';
import { seedBuyerPageData } from './app/buyer-data';
import { buyerRoutes } from './app/buyer-routes';
import { BUYER_FONTS_ID } from './app/prerender/html';
import { createQueryClient } from './shared/api/queries';
import { readBuyerPageData } from './shared/lib/buyer-page-data';
import { applyWebFontsAfterLoad } from './shared/lib/web-fonts-after-load';
import { initFromEnv } from './shared/monitoring/error-reporting';

/**
 * The buyer's entry (buyer.html, which the API sends for /client/…): the buyer routes of the one
 * route table and the same providers as the app, built with Preact's React compatibility layer
 * instead of react-dom (vite.config.ts, mode "buyer"). The order the page shows comes embedded in the
 * page (app/buyer-data.ts). When the server rendered the page's HTML too (the order page, the steps,
 * the success page), the app takes that page over later (app/server-markup.ts).
 */
void initFromEnv();

const queryClient = createQueryClient();
seedBuyerPageData(queryClient, readBuyerPageData(document), location);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing');

function renderApp() {
  const router = createBrowserRouter(buyerRoutes);
  // "Попробовать снова" must also clear the router's error state, or the same error is rendered again.
  const resetRouter = () => {
    const { pathname, search, hash } = location;
    void router.navigate(`${pathname}${search}${hash}`, { replace: true });
  };
  createRoot(container as HTMLElement).render(
    <AppRoot router={router} queryClient={queryClient} onReset={resetRouter} />,
  );
}

// The page's HTML from the server (#root is empty otherwise, and then marked
// data-server-rendered): taken over later (app/buyer-takeover.ts, a part of its own).
if (container.firstChild) {
  void import('./app/buyer-takeover').then((part) => part.default(container, buyerRoutes, renderApp));
} else renderApp();

// Once the page has loaded and the main thread is idle, the faces its text needs swap in at once.
applyWebFontsAfterLoad(BUYER_FONTS_ID);
