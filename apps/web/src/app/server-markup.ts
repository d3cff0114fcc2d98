import type { RouteMatch } from 'react-router';

/**
 * The buyer's order page arrives as HTML rendered on the server (apps/web/src/buyer-server.tsx, #root
 * marked data-server-rendered): the buyer reads it with the first paint, and its links work without
 * a script. The browser's app takes the page over later, not at once: a phone spends hundreds of
 * milliseconds on rendering the page, and done right after the first paint that is one long task in
 * the way of the buyer's first tap and counted as blocking time (bench/RESULTS.md, "Buyer pages on a
 * phone"). It starts at the buyer's first touch, key or focus; and, when the page has something to do
 * by itself (an order whose status the app refreshes, see `startAfterMs`), once that is due.
 *
 * Taking over: the address's lazy page module is loaded first — ahead, once the page has loaded and the
 * main thread is idle, so a touch finds it there (the router starts with every route it matches
 * resolved, and renders the page at once instead of a loading screen) — then, in one task,
 * the server's nodes are removed and the app renders the same page in their place — the browser paints
 * once, after the task, so nothing flickers or moves. What the buyer typed into the server's fields (or
 * ticked) is given to the app's fields of the same name as if typed there (an input event, a click), so
 * the app's form state has it. A click on a button made before that (the server's buttons do nothing by
 * themselves) is held and given, once the app has rendered those values, to the app's element at the
 * same place; a click on a link is left to the browser, which follows it. The element that had the
 * focus gets it back, with its caret.
 *
 * Why not hydration: hydrating would reuse the server's nodes instead of replacing them, but it is the
 * same render in one task, needs the server's and the browser's trees to match node for node (the
 * browser's has the data router around the page), and gains nothing the buyer can see here.
 */

/** When the page has loaded, how long the app may wait for an idle main thread before it starts anyway. */
export const IDLE_TIMEOUT_MS = 3000;

const START_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/**
 * Marks the button of a form submitted before the takeover's part was there: the document's first
 * script (apps/api/src/plugins/scripts-after-paint.ts) holds the submission and marks its button.
 */
export const HELD_CLICK = 'data-held-click';

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

type Field = HTMLInputElement | HTMLTextAreaElement;

/** A field of the server's page the buyer changed: its name and type, and what it holds now. */
interface FieldEdit {
  name: string;
  type: string;
  value: string;
  checked: boolean;
}

const isCheckable = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

function namedFields(container: HTMLElement): Field[] {
  return Array.from(container.querySelectorAll<Field>('input[name], textarea[name]'));
}

/** The server's fields whose value (or checked state) is no longer the one the server wrote. */
export function editedFields(container: HTMLElement): FieldEdit[] {
  return namedFields(container)
    .filter((field) => {
      if (!isCheckable(field)) return field.value !== field.defaultValue;
      // A radio counts when it is the one chosen now and was not: choosing it unchose the other.
      return field.type === 'radio'
        ? field.checked && !field.defaultChecked
        : field.checked !== field.defaultChecked;
    })
    .map((field) => ({
      name: field.name,
      type: field.type,
      value: field.value,
      checked: isCheckable(field) && field.checked,
    }));
}

/**
 * Gives each edit to the app's field of the same name and type (a radio: also the same value), found
 * once and only once: a text as if typed (the value set through the element's own setter, which
 * React's and Preact's change tracking see, then an input event), a box by a click when it differs.
 */
export function replayEdits(container: HTMLElement, edits: FieldEdit[]): void {
  const fields = namedFields(container);
  for (const edit of edits) {
    const matches = fields.filter(
      (field) =>
        field.name === edit.name &&
        field.type === edit.type &&
        (edit.type !== 'radio' || field.value === edit.value),
    );
    const [field] = matches;
    if (!field || matches.length > 1 || field.disabled) continue;
    if (isCheckable(field)) {
      if (field.checked !== edit.checked) field.click();
      continue;
    }
    const proto =
      field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, edit.value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/** The caret of a text field (null for one that has none, e.g. a checkbox). */
function caretOf(node: Node | null): [number, number] | null {
  if (!(node instanceof HTMLInputElement || node instanceof HTMLTextAreaElement)) return null;
  try {
    return node.selectionStart === null || node.selectionEnd === null
      ? null
      : [node.selectionStart, node.selectionEnd];
  } catch {
    return null;
  }
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
 * Calls `prepare` (load what the first render needs) once the page is idle; waits for the moment to
 * take the server's page over (see above: the buyer's first touch, `startAfterMs` after the load when
 * not null, at once with `now`), then, with `prepare` done, in one task clears `container` and calls
 * `render` (which must render synchronously into it); then replays the typed values, a held click and
 * the focus.
 */
export function takeOverServerMarkup(
  container: HTMLElement,
  prepare: () => Promise<void>,
  render: () => void,
  {
    startAfterMs = null,
    now = false,
    win = window,
  }: { startAfterMs?: number | null; now?: boolean; win?: Window } = {},
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
  let preparing: Promise<void> | null = null;
  const prepared = () => {
    preparing ??= prepare();
    return preparing;
  };
  const start = () => {
    if (started) return;
    started = true;
    for (const name of START_EVENTS) doc.removeEventListener(name, start, true);
    void prepared().then(
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
    heldClick ??= pathWithin(container, container.querySelector(`[${HELD_CLICK}]`));
    const focused = pathWithin(container, doc.activeElement);
    const caret = caretOf(doc.activeElement);
    const edits = editedFields(container);
    container.replaceChildren();
    container.removeAttribute('data-server-rendered');
    render();
    doc.removeEventListener('click', holdClick, true);
    replayEdits(container, edits);
    const focus = focused && nodeAt(container, focused);
    if (focus instanceof HTMLElement) focus.focus({ preventScroll: true });
    if (caret && (focus instanceof HTMLInputElement || focus instanceof HTMLTextAreaElement)) {
      try {
        focus.setSelectionRange(...caret);
      } catch {
        // A field without a caret (a number or e-mail input): the browser's own place is kept.
      }
    }
    if (!heldClick) return;
    const path = heldClick;
    // After the app has rendered what the replayed edits changed (its state is a render behind the
    // events), so that a held «Продолжить» sends what the buyer typed.
    setTimeout(() => {
      const clicked = nodeAt(container, path);
      if (clicked instanceof HTMLElement) clicked.click();
    }, 0);
  };
  doc.addEventListener('click', holdClick, true);
  for (const name of START_EVENTS) doc.addEventListener(name, start, { capture: true, passive: true });
  // At once, too, when the buyer was already at work on the page before this part was there: a form
  // submitted (held by the document's first script), a field typed into, the focus in the page.
  const atWork =
    container.querySelector(`[${HELD_CLICK}]`) !== null ||
    editedFields(container).length > 0 ||
    (doc.activeElement !== null && doc.activeElement !== container && container.contains(doc.activeElement));
  if (now || atWork) {
    start();
    return;
  }
  const onLoad = () => {
    const ahead = () => void prepared().catch(() => {});
    if ('requestIdleCallback' in win) win.requestIdleCallback(ahead, { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(ahead, 0);
    if (startAfterMs !== null) setTimeout(start, startAfterMs);
  };
  if (doc.readyState === 'complete') onLoad();
  else win.addEventListener('load', onLoad, { once: true });
}
