import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDLE_TIMEOUT_MS, nodeAt, pathWithin, takeOverServerMarkup } from './server-markup';

const PAGE =
  '<main><h1>Заказ №7</h1><a href="/client/1/faq">FAQ</a><section><button type="button">Заполнить заявку</button></section></main>';

/** A window whose idle callback the test runs itself. */
function idleWindow() {
  let idle: (() => void) | null = null;
  const win = {
    requestIdleCallback: (callback: () => void, options: { timeout: number }) => {
      expect(options.timeout).toBe(IDLE_TIMEOUT_MS);
      idle = callback;
      return 1;
    },
    addEventListener: window.addEventListener.bind(window),
  } as unknown as Window;
  return { win, runIdle: () => idle?.() };
}

function serverPage() {
  const root = document.createElement('div');
  root.id = 'root';
  root.setAttribute('data-server-rendered', '');
  root.innerHTML = PAGE;
  document.body.append(root);
  return root;
}

/** The app's render: the same page, whose button counts its clicks. */
function appRender(root: HTMLElement, clicks: string[]) {
  return () => {
    root.innerHTML = PAGE;
    root.querySelector('button')?.addEventListener('click', () => clicks.push('app'));
  };
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('taking over the server-rendered page', () => {
  it('finds a node by its path and back', () => {
    const root = serverPage();
    const button = root.querySelector('button');
    const path = pathWithin(root, button);
    expect(path).toEqual([0, 2, 0]);
    expect(nodeAt(root, path ?? [])).toBe(button);
    expect(pathWithin(root, document.body)).toBeNull();
  });

  it('holds a click made before the takeover and gives it to the app’s button afterwards', async () => {
    const root = serverPage();
    const clicks: string[] = [];
    let loaded = () => {};
    const prepare = vi.fn(() => new Promise<void>((resolve) => (loaded = resolve)));
    takeOverServerMarkup(root, prepare, appRender(root, clicks), { win: idleWindow().win });

    const serverButton = root.querySelector('button');
    serverButton?.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    serverButton?.dispatchEvent(new Event('pointerup', { bubbles: true }));
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    serverButton?.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(prepare).toHaveBeenCalledTimes(1);
    expect(root.hasAttribute('data-server-rendered')).toBe(true);
    expect(clicks).toEqual([]);

    loaded();
    await vi.waitFor(() => expect(clicks).toEqual(['app']));
    expect(root.hasAttribute('data-server-rendered')).toBe(false);
    expect(root.querySelector('button')).not.toBe(serverButton);
    // Later clicks are the app's own, not held.
    const later = new MouseEvent('click', { bubbles: true, cancelable: true });
    root.querySelector('button')?.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
    expect(clicks).toEqual(['app', 'app']);
  });

  it('leaves a click on a link to the browser', () => {
    const root = serverPage();
    takeOverServerMarkup(
      root,
      () => new Promise(() => {}),
      () => {},
      { win: idleWindow().win },
    );
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    root.querySelector('a')?.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
  });

  it('starts by itself once the page is idle, and gives the focus back', async () => {
    const root = serverPage();
    const { win, runIdle } = idleWindow();
    const render = vi.fn(appRender(root, []));
    // Focused before the page's script runs (a focus afterwards would start the takeover itself).
    root.querySelector('a')?.focus();
    takeOverServerMarkup(root, async () => {}, render, { win });
    await Promise.resolve();
    expect(render).not.toHaveBeenCalled();
    runIdle();
    await vi.waitFor(() => expect(render).toHaveBeenCalledTimes(1));
    expect(document.activeElement).toBe(root.querySelector('a'));
  });

  it('waits for the buyer alone when the page has nothing to do by itself', async () => {
    const root = serverPage();
    const { win, runIdle } = idleWindow();
    const render = vi.fn(appRender(root, []));
    takeOverServerMarkup(root, async () => {}, render, { whenIdle: false, win });
    runIdle();
    await Promise.resolve();
    expect(render).not.toHaveBeenCalled();
    root.querySelector('main')?.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    root.querySelector('main')?.dispatchEvent(new Event('pointerup', { bubbles: true }));
    await vi.waitFor(() => expect(render).toHaveBeenCalledTimes(1));
  });

  it('does not swap the page under a pressed pointer: the tap ends first, and its click is replayed', async () => {
    const root = serverPage();
    const clicks: string[] = [];
    const render = vi.fn(appRender(root, clicks));
    takeOverServerMarkup(root, async () => {}, render, { whenIdle: false, win: idleWindow().win });
    const serverButton = root.querySelector('button');
    serverButton?.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    // The page part is there at once (a resolved promise); the pointer is still down.
    for (let i = 0; i < 5; i++) await Promise.resolve();
    expect(render).not.toHaveBeenCalled();
    serverButton?.dispatchEvent(new Event('pointerup', { bubbles: true }));
    serverButton?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    await vi.waitFor(() => expect(clicks).toEqual(['app']));
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('renders anyway when loading the page part fails', async () => {
    const root = serverPage();
    const { win, runIdle } = idleWindow();
    const render = vi.fn(appRender(root, []));
    takeOverServerMarkup(root, () => Promise.reject(new Error('offline')), render, { win });
    runIdle();
    await vi.waitFor(() => expect(render).toHaveBeenCalledTimes(1));
  });
});
