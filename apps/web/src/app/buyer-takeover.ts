import { matchRoutes, type RouteObject } from 'react-router';
import { resolveLazyRoutes, takeOverServerMarkup } from './server-markup';

/**
 * The buyer's entry (buyer-main.tsx) loads this part only for a page the server rendered, so that the
 * other pages' first load does not carry it (scripts/check-size.mjs). Until it has come, the server's
 * «Заполнить заявку» still works: it submits its form (features/buyer/pages/order-page.tsx).
 * `routes`: the entry's route table. (A default export: its name would be bytes of the entry, and
 * step 2 is at its budget.)
 */
export default function takeOverBuyerPage(container: HTMLElement, routes: RouteObject[], render: () => void) {
  takeOverServerMarkup(container, () => resolveLazyRoutes(matchRoutes(routes, location)), render, {
    // "idle" (buyer-server.tsx): an order at the bank or approved, which the app keeps fresh (every
    // 5 s), so it starts once idle. Otherwise the page changes only by the buyer's hand.
    whenIdle: container.getAttribute('data-server-rendered') === 'idle',
    // Without the embedded record (the API always sends it with the HTML; a page changed on the way
    // may lack it) the app has to load the order anyway: it starts at once. The id is the domain's
    // BUYER_DATA_ELEMENT_ID, written out: importing it would make this part depend on the entry's code.
    now: !document.getElementById('b2bpay-buyer-data'),
  });
}
