import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdRequests, launchBrowser, PHONE } from '../support/browser';
import { completeApplication, openBuyerPage, STEP1 } from '../support/buyer-flow';
import { type BuyerServer, startBuyerServer } from '../support/buyer-server';

// The buyer's order page comes as HTML from the server and the browser's app takes it over later
// (apps/web/src/app/server-markup.ts): readable without a script, and a tap before the takeover is kept.
let server: BuyerServer;
let browser: Browser;

beforeAll(async () => {
  server = await startBuyerServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const ORDER_PAGE_CHUNK = /\/static\/js\/buyer-order-page-[\w-]+\.js$/;

/** The app's LOADING_SCREEN_DELAY_MS (apps/web/src/app/root-layout.tsx). */
const LOADING_SCREEN_DELAY_MS = 400;

/**
 * Records which events the document gets listeners for. The takeover's part is a script of its own,
 * loaded by the entry and possibly after the load event: a touch or a tap before it listens is the
 * server's page's own (a tap on «Заполнить заявку» submits its form), so a test about the takeover acts
 * once the part listens.
 */
async function recordDocumentListeners(page: Page): Promise<(type: string) => Promise<boolean>> {
  await page.addInitScript(() => {
    const seen = window as unknown as { documentListens: string[] };
    seen.documentListens = [];
    const addListener = document.addEventListener.bind(document);
    document.addEventListener = ((type: string, ...rest: [EventListener, AddEventListenerOptions]) => {
      seen.documentListens.push(type);
      addListener(type, ...rest);
    }) as typeof document.addEventListener;
  });
  return (type) =>
    page.evaluate(
      (wanted) => (window as unknown as { documentListens: string[] }).documentListens.includes(wanted),
      type,
    );
}

/**
 * Holds the entry script that a server-rendered page at `path` asks for after its first paint (named in
 * the document's script list), so that nothing of the app runs until `release()`.
 */
async function holdEntryScript(page: Page, path: string) {
  const html = await (await fetch(`${server.baseUrl}${path}`)).text();
  const entry = html.match(/"entry":"([^"]+)"/)?.[1] ?? '';
  expect(entry).toMatch(/^\/static\/js\/buyer-buyer-/);
  return holdRequests(page, `**${entry}`);
}

describe('the order page rendered on the server', () => {
  it('shows the order, its total and the way into the application without any script', async () => {
    const order = await server.createOrder([{ name: 'Бумага офисная А4', price: 350.1, quantity: 3 }]);
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      javaScriptEnabled: false,
      viewport: PHONE,
    });
    try {
      const page = await context.newPage();
      await page.goto(`/client/${order.id}`);
      await expect.poll(() => page.locator('#root').getAttribute('data-server-rendered')).toBe('');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
        `Заказ №${order.order_number}`,
      );
      expect((await page.getByTestId('order-total').textContent())?.replace(/\s/g, ' ')).toBe('1 050,30 ₽');
      expect(await page.getByText('Бумага офисная А4').count()).toBe(1);
      expect(await page.getByRole('button', { name: 'Заполнить заявку' }).count()).toBe(1);
      expect(await page.getByRole('link', { name: 'Поддержка' }).getAttribute('href')).toBe(
        `/client/${order.id}/support`,
      );
    } finally {
      await context.close();
    }
  });

  it('asks for its scripts only once the browser has painted it, and the app takes it over', async () => {
    const order = await server.createOrder();
    const { page, context, errors } = await openBuyerPage(browser, server, PHONE);
    try {
      const html = await (await fetch(`${server.baseUrl}/client/${order.id}`)).text();
      expect(html).not.toMatch(/<script type="module"|<link rel="modulepreload"/);
      await page.goto(`/client/${order.id}`);
      await expect
        .poll(() =>
          page.evaluate(() =>
            performance.getEntriesByType('resource').some((r) => r.name.includes('/static/js/')),
          ),
        )
        .toBe(true);
      const { paint, scripts } = await page.evaluate(() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
        scripts: performance
          .getEntriesByType('resource')
          .filter((r) => r.name.includes('/static/js/'))
          .map((r) => r.startTime),
      }));
      expect(paint).toBeGreaterThan(0);
      expect(Math.min(...scripts)).toBeGreaterThanOrEqual(paint);
      // The inline script is allowed by the page's policy, and the app is there once touched.
      await page.getByRole('button', { name: 'Заполнить заявку' }).click();
      await page.getByText('Шаг 1 из 2').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('keeps a tap on «Заполнить заявку» made before the app has taken the page over', async () => {
    const order = await server.createOrder();
    const { page, context, errors } = await openBuyerPage(browser, server, PHONE);
    try {
      // The order page's script is held back until after the tap.
      const { release, requested } = await holdRequests(page, ORDER_PAGE_CHUNK);
      const listens = await recordDocumentListeners(page);
      await page.goto(`/client/${order.id}`, { waitUntil: 'domcontentloaded' });
      // The takeover holds a tap on a button from its first moment (a click listener of the document).
      await expect.poll(() => listens('click')).toBe(true);
      await page.getByRole('button', { name: 'Заполнить заявку' }).click();
      await expect.poll(requested).toBe(true);
      // Still the server's page: nothing has happened yet.
      expect(await page.locator('#root').getAttribute('data-server-rendered')).toBe('');
      expect(new URL(page.url()).pathname).toBe(`/client/${order.id}`);
      release();
      await page.getByText('Шаг 1 из 2').waitFor();
      expect(new URL(page.url()).pathname).toBe(`/client/${order.id}/apply`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("leads to step 1 from «Заполнить заявку» tapped before any of the page's scripts has run", async () => {
    const order = await server.createOrder();
    const { page, context, errors } = await openBuyerPage(browser, server, PHONE);
    try {
      const { release } = await holdEntryScript(page, `/client/${order.id}`);
      await page.goto(`/client/${order.id}`, { waitUntil: 'commit' });
      // The button's form is submitted by the browser itself: step 1's address, its own document.
      await page.getByRole('button', { name: 'Заполнить заявку' }).click();
      // (Its own document waits for the held entry too: the address is checked once it has changed.)
      await page.waitForURL((url) => url.pathname === `/client/${order.id}/apply`, { waitUntil: 'commit' });
      release();
      await page.getByText('Шаг 1 из 2').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("is taken over by the app at the buyer's first touch, in place: same text, same place, no layout shift", async () => {
    const order = await server.createOrder();
    const { page, context, errors } = await openBuyerPage(browser, server, PHONE);
    try {
      // The web fonts' swap after the load moves text by a fraction of a pixel (its own shift, on every
      // buyer page): without the fonts, any shift would be the takeover's.
      await page.route(/\.woff2$/, (route) => route.abort());
      const listens = await recordDocumentListeners(page);
      await page.route(/takeover/, async (route) => {
        await new Promise((r) => setTimeout(r, 1500));
        await route.continue();
      });
      // The server's page as the document has it parsed (the app takes over after the load event).
      await page.addInitScript(() => {
        const seen = window as unknown as {
          shifts: number[];
          before: { text: string; box: string };
        };
        seen.shifts = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            seen.shifts.push((entry as unknown as { value: number }).value);
        }).observe({ type: 'layout-shift', buffered: true });
        document.addEventListener('DOMContentLoaded', () => {
          const main = document.querySelector('main');
          seen.before = {
            text: main?.textContent ?? '',
            box: JSON.stringify(main?.getBoundingClientRect()),
          };
        });
      });
      await page.goto(`/client/${order.id}`);
      const before = await page.evaluate(() => (window as unknown as { before: unknown }).before);
      // An order awaiting the buyer changes only by the buyer's hand: the app waits for a touch (here on
      // the page's margin, on nothing that responds).
      await expect.poll(() => listens('touchstart')).toBe(true);
      await page.mouse.move(2, 400);
      await page.mouse.down();
      await page.mouse.up();
      await expect.poll(() => page.locator('#root[data-server-rendered]').count()).toBe(0);
      const after = await page.locator('main').evaluate((main) => ({
        text: main.textContent,
        box: JSON.stringify(main.getBoundingClientRect()),
      }));
      expect(after).toEqual(before);
      expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);
      // The app's own behaviour is there: the button starts the application.
      await page.getByRole('button', { name: 'Заполнить заявку' }).click();
      await page.getByText('Шаг 1 из 2').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

const STEP1_PAGE_CHUNK = /\/static\/js\/buyer-apply-step1-page-[\w-]+\.js$/;

/** Step 1 saved as the buyer's form saves it (PATCH …/client), without the browser. */
async function saveStep1(orderId: string): Promise<void> {
  const response = await fetch(`${server.baseUrl}/api/order/orders/${orderId}/client`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      surname: STEP1.surname,
      name: STEP1.name,
      middlename: STEP1.middlename,
      inn: STEP1.inn,
      organization_name: STEP1.organization,
    }),
  });
  expect(response.status).toBe(200);
}

describe('a long order drawn from the server while its HTML is still arriving', () => {
  it('never moves what it has drawn: the action comes first in the document on a phone, beside the list when wide', async () => {
    const order = await server.createOrder(
      Array.from({ length: 6 }, (_, i) => ({ name: `Товар ${i + 1}`, price: 1000 + i, quantity: 1 + i })),
    );
    const html = await (await fetch(`${server.baseUrl}/client/${order.id}`)).text();
    const grid = html.indexOf('data-layout="long"');
    expect(grid).toBeGreaterThan(0);
    // The document as far as a browser may have parsed it when it paints first: up to the grid's first part.
    const firstPartEnd = html.indexOf('</section>', grid) + '</section>'.length;
    const context = await browser.newContext({ baseURL: server.baseUrl, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      const topOfFirstPart = async (body: string, viewport: { width: number; height: number }) => {
        await page.setViewportSize(viewport);
        await page.route('**/drawn-so-far', (route) => route.fulfill({ body, contentType: 'text/html' }));
        await page.goto('/drawn-so-far');
        await page.unroute('**/drawn-so-far');
        return page
          .locator('[data-layout="long"] > section')
          .first()
          .evaluate((section) => ({
            label: section.getAttribute('aria-label') ?? section.textContent?.slice(0, 13),
            top: section.getBoundingClientRect().top,
            left: section.getBoundingClientRect().left,
          }));
      };
      const partial = await topOfFirstPart(html.slice(0, firstPartEnd), PHONE);
      const whole = await topOfFirstPart(html, PHONE);
      // On a phone the total and «Заполнить заявку» come first, and stay where they were first drawn.
      expect(partial.label).toBe('Оформление рассрочки');
      expect(whole).toEqual(partial);
      const sections = page.locator('[data-layout="long"] > section');
      const [action, items] = [await sections.nth(0).boundingBox(), await sections.nth(1).boundingBox()];
      expect((items?.y ?? 0) > (action?.y ?? 0) + (action?.height ?? 0)).toBe(true);
      // On a wide screen the list is the left column and the action the right one, side by side.
      await page.setViewportSize({ width: 1280, height: 900 });
      const [wideAction, wideItems] = [
        await sections.nth(0).boundingBox(),
        await sections.nth(1).boundingBox(),
      ];
      expect((wideItems?.x ?? 0) < (wideAction?.x ?? 0)).toBe(true);
      expect(wideItems?.y).toBe(wideAction?.y);
    } finally {
      await context.close();
    }
  });
});

// The application's steps and the success page come as HTML from the server too; the app takes them
// over at the buyer's first touch (at once when this tab keeps a draft the server cannot know), and what
// the buyer typed or tapped before that is the app's.
describe("the application's pages rendered on the server", () => {
  it('keeps what the buyer typed into step 1 and the «Продолжить» tapped before the takeover', async () => {
    const order = await server.createOrder();
    const { page, context, errors } = await openBuyerPage(browser, server, PHONE);
    try {
      const { release, requested } = await holdRequests(page, STEP1_PAGE_CHUNK);
      const listens = await recordDocumentListeners(page);
      await page.goto(`/client/${order.id}/apply`, { waitUntil: 'domcontentloaded' });
      expect(await page.locator('#root').getAttribute('data-server-rendered')).toBe('');
      await expect.poll(() => listens('click')).toBe(true);
      // The server's fields, typed into natively; the takeover waits for the held page part.
      await page.getByLabel('Фамилия').fill(STEP1.surname);
      await page.getByLabel('Имя', { exact: true }).fill(STEP1.name);
      await page.getByRole('combobox', { name: 'ИНН' }).fill(STEP1.inn);
      await page.getByLabel('Название организации').fill(STEP1.organization);
      await page.getByRole('button', { name: 'Продолжить' }).click();
      await expect.poll(requested).toBe(true);
      expect(await page.locator('#root').getAttribute('data-server-rendered')).toBe('');
      expect(new URL(page.url()).pathname).toBe(`/client/${order.id}/apply`);
      release();
      // The app's form had the typed values when the held tap submitted it: step 1 is saved.
      await page.getByText('Шаг 2 из 2').waitFor();
      expect(new URL(page.url()).pathname).toBe(`/client/${order.id}/apply/step2`);
      const client = (await server.shopOrder(order.id)).client;
      expect([client?.surname, client?.name, client?.inn, client?.organization_name]).toEqual([
        STEP1.surname,
        STEP1.name,
        STEP1.inn,
        STEP1.organization,
      ]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('holds «Продолжить» tapped before any of the page’s scripts has run: no data in the address, sent by the app', async () => {
    const order = await server.createOrder();
    const { page, context, errors } = await openBuyerPage(browser, server, PHONE);
    try {
      const { release } = await holdEntryScript(page, `/client/${order.id}/apply`);
      const addresses: string[] = [];
      page.on('request', (request) => {
        if (request.isNavigationRequest())
          addresses.push(new URL(request.url()).pathname + new URL(request.url()).search);
      });
      await page.goto(`/client/${order.id}/apply`, { waitUntil: 'domcontentloaded' });
      await page.getByLabel('Фамилия').fill(STEP1.surname);
      await page.getByLabel('Имя', { exact: true }).fill(STEP1.name);
      await page.getByRole('combobox', { name: 'ИНН' }).fill(STEP1.inn);
      await page.getByLabel('Название организации').fill(STEP1.organization);
      await page.getByRole('button', { name: 'Продолжить' }).click();
      // The browser did not send the form as an address of its own (a GET with the buyer's data).
      expect(await page.getByLabel('Фамилия').inputValue()).toBe(STEP1.surname);
      expect(addresses).toEqual([`/client/${order.id}/apply`]);
      release();
      await page.getByText('Шаг 2 из 2').waitFor();
      expect(new URL(page.url()).pathname).toBe(`/client/${order.id}/apply/step2`);
      expect(new URL(page.url()).search).toBe('');
      expect((await server.shopOrder(order.id)).client?.inn).toBe(STEP1.inn);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('paints step 2 from the server, and the app takes it over at the first touch, keeping the typing', async () => {
    const order = await server.createOrder();
    await saveStep1(order.id);
    const html = await (await fetch(`${server.baseUrl}/client/${order.id}/apply/step2`)).text();
    expect(html).toContain('<div id="root" data-server-rendered="">');
    expect(html).toContain('Подтверждение контактов');
    const { page, context, errors } = await openBuyerPage(browser, server, PHONE);
    try {
      await page.goto(`/client/${order.id}/apply/step2`);
      // Step 2 changes only by the buyer's hand: the app waits for a touch.
      expect(await page.locator('#root').getAttribute('data-server-rendered')).toBe('');
      // Typed into the server's field, taken over on its focus: the app's form formats what it got.
      await page.getByLabel('Телефон').pressSequentially('9001234567');
      await expect.poll(() => page.locator('#root[data-server-rendered]').count()).toBe(0);
      await expect.poll(() => page.getByLabel('Телефон').inputValue()).toBe('+7 900 123-45-67');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows, after a reload of the success page, the e-mail this tab sent, not the masked one', async () => {
    const order = await server.createOrder();
    const { page, context, errors } = await openBuyerPage(browser, server, PHONE);
    try {
      const { email } = await completeApplication(page, server, order.id);
      const html = await (await fetch(`${server.baseUrl}/client/${order.id}/success`)).text();
      // (Refreshed by the app while at the banks: "idle"; the sandbox banks may have answered already.)
      expect(html).toMatch(/<div id="root" data-server-rendered="(idle)?">/);
      expect(html).toContain('Заявка успешно отправлена!');
      expect(html).not.toContain(email);
      await page.reload();
      await expect.poll(() => page.locator('#root[data-server-rendered]').count()).toBe(0);
      expect(await page.getByTestId('success-email').textContent()).toBe(email);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

// The buyer's pages the server does not render (the questions, support; a step the order is not at)
// are rendered by the browser: the first thing it paints is the page itself, not the app's
// «Загрузка...» screen while the page's script part is still on its way (a screen that showed for a
// frame or more and was then replaced: a flicker, and the phone's first paint not the page). The
// loading screen shows only once the wait is noticeable (LOADING_SCREEN_DELAY_MS).
describe('a buyer page rendered by the browser', () => {
  it('paints the page first, never the loading screen, even when its part comes after the entry', async () => {
    const order = await server.createOrder();
    const { page, context, errors } = await openBuyerPage(browser, server, PHONE);
    try {
      // The page's part comes two frames after the entry's script, as on a slow network.
      const { release } = await holdRequests(page, /\/static\/js\/buyer-buyer-faq-page-[\w-]+\.js$/);
      page.on('requestfinished', (request) => {
        if (!/\/static\/js\/buyer-buyer-[\w-]+\.js$/.test(request.url())) return;
        void page
          .evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
          .finally(release);
      });
      // When the app first put something on the page, and when (if ever) that was the loading screen.
      await page.addInitScript(() => {
        const seen = window as unknown as { rendered: number | null; loadingShown: number | null };
        seen.rendered = null;
        seen.loadingShown = null;
        new MutationObserver(() => {
          const root = document.getElementById('root');
          if (root?.firstChild) seen.rendered ??= performance.now();
          if (root?.textContent?.includes('Загрузка...')) seen.loadingShown ??= performance.now();
        }).observe(document, { subtree: true, childList: true, characterData: true });
      });
      await page.goto(`/client/${order.id}/faq`);
      await page.getByRole('heading', { name: 'Часто задаваемые вопросы' }).waitFor();
      const { rendered, loadingShown } = await page.evaluate(() => {
        const seen = window as unknown as { rendered: number | null; loadingShown: number | null };
        return { rendered: seen.rendered, loadingShown: seen.loadingShown };
      });
      expect(rendered).not.toBeNull();
      // Never, or (on a machine slow enough) not before the delay: never as the first thing painted.
      if (loadingShown !== null) {
        expect(loadingShown - (rendered ?? 0)).toBeGreaterThanOrEqual(LOADING_SCREEN_DELAY_MS);
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
