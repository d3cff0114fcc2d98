import { matchRoutes, type RouteObject } from 'react-router';
import { STATUS_POLL_MS } from '../features/buyer/lib/status-poll';
import { hasStoredApplication } from '../features/buyer/model/application-keys';
import { resolveLazyRoutes, takeOverServerMarkup } from './server-markup';

/**
 * The buyer's entry (buyer-main.tsx) loads this part only for a page the server rendered, so that the
 * other pages' first load does not carry it (scripts/check-size.mjs). Until it has come, the server's
 * «Заполнить заявку» still works: it submits its form (features/buyer/pages/order-page.tsx).
 * `routes`: the entry's route table. (A default export: its name would be bytes of the entry, and
 * step 2 is at its budget.)
 */
export default function takeOverBuyerPage(container: HTMLElement, routes: RouteObject[], render: () => void) {
  const [, , orderId = '', below] = location.pathname.split('/');
  takeOverServerMarkup(container, () => resolveLazyRoutes(matchRoutes(routes, location)), render, {
    // "idle" (buyer-server.tsx): an order whose status the app refreshes; until its first refresh is
    // due the server's page is as fresh as the app's would be. Otherwise the page changes only by the
    // buyer's hand.
    startAfterMs: container.getAttribute('data-server-rendered') === 'idle' ? STATUS_POLL_MS : null,
    // At once when the server's page cannot be the buyer's: without the embedded record (the API always
    // sends it with the HTML; a page changed on the way may lack it) the app has to load the order
    // anyway; on a page below the order's own (the application's steps, the success page) with a draft
    // or a sent application in this tab, the app's page shows what the buyer typed. The id is the
    // domain's BUYER_DATA_ELEMENT_ID, written out: importing it would make this part depend on the
    // entry's code.
    now:
      !document.getElementById('b2bpay-buyer-data') || (below !== undefined && hasStoredApplication(orderId)),
  });
}
