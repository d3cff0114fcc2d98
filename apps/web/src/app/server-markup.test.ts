import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  editedFields,
  HELD_CLICK,
  IDLE_TIMEOUT_MS,
  nodeAt,
  pathWithin,
  replayEdits,
  takeOverServerMarkup,
} from './server-markup';

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

  it('loads the page part once the page is idle, and takes over by itself when its refresh is due', async () => {
    vi.useFakeTimers();
    try {
      const root = serverPage();
      const { win, runIdle } = idleWindow();
      const render = vi.fn(appRender(root, []));
      const prepare = vi.fn(async () => {});
      takeOverServerMarkup(root, prepare, render, { startAfterMs: 5000, win });
      await Promise.resolve();
      expect(prepare).not.toHaveBeenCalled();
      runIdle();
      expect(prepare).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(4999);
      expect(render).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(render).toHaveBeenCalledTimes(1);
      // Loaded once, ahead; the takeover did not load it again.
      expect(prepare).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits for the buyer alone when the page has nothing to do by itself', async () => {
    const root = serverPage();
    const { win, runIdle } = idleWindow();
    const render = vi.fn(appRender(root, []));
    const prepare = vi.fn(async () => {});
    vi.useFakeTimers();
    try {
      takeOverServerMarkup(root, prepare, render, { win });
      runIdle();
      expect(prepare).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(render).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
    root.querySelector('main')?.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    root.querySelector('main')?.dispatchEvent(new Event('pointerup', { bubbles: true }));
    await vi.waitFor(() => expect(render).toHaveBeenCalledTimes(1));
    expect(prepare).toHaveBeenCalledTimes(1);
  });

  it('does not swap the page under a pressed pointer: the tap ends first, and its click is replayed', async () => {
    const root = serverPage();
    const clicks: string[] = [];
    const render = vi.fn(appRender(root, clicks));
    takeOverServerMarkup(root, async () => {}, render, { win: idleWindow().win });
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
    root.querySelector('main')?.dispatchEvent(new Event('keydown', { bubbles: true }));
    await vi.waitFor(() => expect(render).toHaveBeenCalledTimes(1));
  });

  it('gives what the buyer typed and ticked on the server’s form to the app’s fields, and the held submit after', async () => {
    const FORM =
      '<form><input name="surname" value=""><input name="name" value="Иван"><input type="checkbox" name="consent">' +
      '<input type="radio" name="offer" value="a" checked><input type="radio" name="offer" value="b">' +
      '<input name="untouched" value="как было"><button type="submit">Продолжить</button></form>';
    const root = document.createElement('div');
    root.setAttribute('data-server-rendered', 'idle');
    root.innerHTML = FORM;
    document.body.append(root);
    const field = (name: string, value?: string) =>
      root.querySelector<HTMLInputElement>(
        `[name="${name}"]${value ? `[value="${value}"]` : ''}`,
      ) as HTMLInputElement;
    // Typed, ticked and chosen on the server's page, before the app is there.
    field('surname').value = 'Иванов';
    field('name').value = 'Иван Петрович';
    field('consent').checked = true;
    field('offer', 'b').checked = true;
    field('surname').focus();
    field('surname').setSelectionRange(2, 2);
    expect(editedFields(root).map((edit) => edit.name)).toEqual(['surname', 'name', 'consent', 'offer']);

    // The app's form: what its handlers see, in order.
    const seen: string[] = [];
    const render = () => {
      root.innerHTML = FORM;
      for (const input of root.querySelectorAll('input')) {
        input.addEventListener('input', () => seen.push(`input ${input.name}=${input.value}`));
        input.addEventListener('click', () => seen.push(`click ${input.name}=${input.value}`));
      }
      root.querySelector('form')?.addEventListener('submit', (event) => {
        event.preventDefault();
        seen.push('submit');
      });
    };
    let loaded = () => {};
    takeOverServerMarkup(root, () => new Promise<void>((resolve) => (loaded = resolve)), render, {
      win: idleWindow().win,
    });
    const submit = new MouseEvent('click', { bubbles: true, cancelable: true });
    root.querySelector('button')?.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    loaded();
    await vi.waitFor(() => expect(seen).toContain('submit'));
    expect(seen).toEqual([
      'input surname=Иванов',
      'input name=Иван Петрович',
      // A click on a box fires its input event too, as the browser's does.
      'click consent=on',
      'input consent=on',
      'click offer=b',
      'input offer=b',
      'submit',
    ]);
    expect(field('surname').value).toBe('Иванов');
    expect(field('consent').checked).toBe(true);
    expect(field('offer', 'b').checked).toBe(true);
    expect(field('untouched').value).toBe('как было');
    // The caret is where it was, in the app's field.
    expect(document.activeElement).toBe(field('surname'));
    expect([field('surname').selectionStart, field('surname').selectionEnd]).toEqual([2, 2]);
  });

  it('gives an edit to no field when the app’s page has none or several of that name', () => {
    const root = document.createElement('div');
    root.innerHTML = '<input name="phone"><input name="code"><input name="code">';
    document.body.append(root);
    const typed: string[] = [];
    root.addEventListener('input', (event) => typed.push((event.target as HTMLInputElement).name));
    replayEdits(root, [
      { name: 'email', type: 'text', value: 'a@b.ru', checked: false },
      { name: 'code', type: 'text', value: '1234', checked: false },
      { name: 'phone', type: 'tel', value: '+7 900', checked: false },
      { name: 'phone', type: 'text', value: '+7 900', checked: false },
    ]);
    expect(typed).toEqual(['phone']);
    expect(root.querySelector<HTMLInputElement>('[name="phone"]')?.value).toBe('+7 900');
  });

  it('takes over at once when a form was submitted before it was there, and sends it on the app’s form', async () => {
    const root = serverPage();
    // The document's first script held the submission and marked its button.
    root.querySelector('button')?.setAttribute(HELD_CLICK, '');
    const clicks: string[] = [];
    takeOverServerMarkup(root, async () => {}, appRender(root, clicks), { win: idleWindow().win });
    await vi.waitFor(() => expect(clicks).toEqual(['app']));
    expect(root.querySelector(`[${HELD_CLICK}]`)).toBeNull();
  });

  it('takes over at once when the buyer typed into a field before it was there', async () => {
    const root = serverPage();
    root.querySelector('section')?.insertAdjacentHTML('beforeend', '<input name="phone" value="">');
    (root.querySelector('input') as HTMLInputElement).value = '+7 900';
    const render = vi.fn(() => {
      root.innerHTML = PAGE;
      root.querySelector('section')?.insertAdjacentHTML('beforeend', '<input name="phone" value="">');
    });
    takeOverServerMarkup(root, async () => {}, render, { win: idleWindow().win });
    await vi.waitFor(() => expect(render).toHaveBeenCalledTimes(1));
    expect(root.querySelector('input')?.value).toBe('+7 900');
  });
});
