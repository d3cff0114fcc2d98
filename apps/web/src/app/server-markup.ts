import type { RouteMatch } from 'react-router';

/**
 * The buyer's order page arrives as HTML rendered on the server (apps/web/src/buyer-server.tsx, #root
 * marked data-server-rendered): the buyer reads it with the first paint, and its links work without
 * a script. The browser's app takes the page over later, not at once: a phone spends hundreds of
 * milliseconds on rendering the page, and done right after the first paint that is one long task in
 * the way of the buyer's first tap (bench/RESULTS.md, "Buyer pages on a phone"). It starts at the
 * buyer's first touch, key or focus; and, when the page has something to do by itself (an order whose
 * status the app keeps fresh, see `whenIdle`), once the page has loaded and the main thread is idle.
 *
 * Taking over: the address's lazy page module is loaded first (so the router starts with every route
 * it matches resolved, and renders the page at once instead of a loading screen), then, in one task,
 * the server's nodes are removed and the app renders the same page in their place — the browser paints
 * once, after the task, so nothing flickers or moves. A click on a button made before that (the server's
 * buttons do nothing by themselves) is held and given, after the render, to the app's element at the
 * same place; a click on a link is left to the browser, which follows it. The element that had the focus
 * gets it back.
 *
 * Why not hydration: hydrating would reuse the server's nodes instead of replacing them, but it is the
 * same render in one task, needs the server's and the browser's trees to match node for node (the
 * browser's has the data router around the page), and gains nothing the buyer can see here.
 */

/** When the page has loaded, how long the app may wait for an idle main thread before it starts anyway. */
export const IDLE_TIMEOUT_MS = 3000;

const START_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/** The child positions leading from `root` to `node`, or null when `node` is not inside `root`. */
export function pathWithin(root: Node, node: Node | null): number[] | null {
  const path: number[] = [];
  for (let at = node; at && at !== root; at = at.parentNode) {
    const parent: Node | null = at.parentNode;
    if (!parent) return null;
    path.unshift(Array.prototype.indexOf.call(parent.childNodes, at));
  }
  return node ? path : null;
}

/** The node at `path` under `root`, or null. */
export function nodeAt(root: Node, path: number[]): Node | null {
  let at: Node | null = root;
  for (const index of path) at = at?.childNodes[index] ?? null;
  return at;
}

/** Resolves the `lazy` of every matched route (`matchRoutes`), so that the router needs none of them. */
export async function resolveLazyRoutes(matches: RouteMatch[] | null): Promise<void> {
  for (const { route } of matches ?? []) {
    if (typeof route.lazy !== 'function') continue;
    const resolved = await route.lazy();
    Object.assign(route, resolved);
    route.lazy = undefined;
  }
}

/**
 * Waits for the moment to take the server's page over (see above; `whenIdle: false` waits for the
 * buyer alone, `now` does not wait), then calls `prepare` (load what the first render needs) and, in one task, clears
 * `container` and calls `render` (which must render synchronously into it); then replays a held click
 * and the focus.
 */
export function takeOverServerMarkup(
  container: HTMLElement,
  prepare: () => Promise<void>,
  render: () => void,
  { whenIdle = true, now = false, win = window }: { whenIdle?: boolean; now?: boolean; win?: Window } = {},
): void {
  const doc = container.ownerDocument;
  let started = false;
  let heldClick: number[] | null = null;
  const holdClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target || !container.contains(target) || target.closest('a[href]')) return;
    // A button of the server's page: the app's one gets the click once it is there.
    event.preventDefault();
    event.stopPropagation();
    heldClick = pathWithin(container, target);
    start();
  };
  // A tap's click comes after its pointerup: the page is not swapped under a pressed pointer (the
  // click would find neither the server's button nor the app's, and be lost), but right after it.
  let pressed = false;
  const onDown = () => {
    pressed = true;
  };
  const onUp = () => {
    pressed = false;
  };
  doc.addEventListener('pointerdown', onDown, true);
  doc.addEventListener('pointerup', onUp, true);
  doc.addEventListener('pointercancel', onUp, true);
  const start = () => {
    if (started) return;
    started = true;
    for (const name of START_EVENTS) doc.removeEventListener(name, start, true);
    void prepare().then(
      () => takeOver(),
      // The app renders anyway: the router loads what is missing as it always does.
      () => takeOver(),
    );
  };
  let taken = false;
  const takeOver = () => {
    if (taken) return;
    if (pressed) {
      doc.addEventListener('pointerup', () => setTimeout(takeOver, 0), { once: true, capture: true });
      doc.addEventListener('pointercancel', () => setTimeout(takeOver, 0), { once: true, capture: true });
      pressed = false;
      return;
    }
    for (const [name, listener] of [
      ['pointerdown', onDown],
      ['pointerup', onUp],
      ['pointercancel', onUp],
    ] as const)
      doc.removeEventListener(name, listener, true);
    taken = true;
    const focused = pathWithin(container, doc.activeElement);
    container.replaceChildren();
    container.removeAttribute('data-server-rendered');
    render();
    doc.removeEventListener('click', holdClick, true);
    const focus = focused && nodeAt(container, focused);
    if (focus instanceof HTMLElement) focus.focus({ preventScroll: true });
    const clicked = heldClick && nodeAt(container, heldClick);
    if (clicked instanceof HTMLElement) clicked.click();
  };
  doc.addEventListener('click', holdClick, true);
  for (const name of START_EVENTS) doc.addEventListener(name, start, { capture: true, passive: true });
  if (now) start();
  else if (whenIdle) {
    const onIdle = () => {
      if ('requestIdleCallback' in win) win.requestIdleCallback(start, { timeout: IDLE_TIMEOUT_MS });
      else setTimeout(start, 0);
    };
    if (doc.readyState === 'complete') onIdle();
    else win.addEventListener('load', onIdle, { once: true });
  }
}
