import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SHOP } from './api';
import { axeViolations } from './axe';
import { launchBrowser, openPage, PHONE } from './browser';
import { type ShopServer, startShopServer } from './shop-server';

/**
 * The route walk, one file per width (e2e/tests/a11y-routes-*.test.ts) so both run side by side.
 * Done when (docs/product/UI.md, "Check it as a person would"): axe finds no serious or critical
 * violation on any route of the app, at 360 and 1280 px — the landing, the docs pages, every shop page with its key (and one without), the order
 * page of a paid and returned order with its payout and returns, the cancel and return
 * dialogs, the buyer's pages, the not-found page and /shops. Every page's screenshot goes to
 * SCREENSHOTS_DIR for a look. The delete glyphs are 44 × 44 px targets with visible
 * contrast on a phone. A page that another file already scans with every rule in the same state
 * (`scannedIn` below) is loaded and photographed here, not scanned a second time.
 */
const SCREENSHOTS_DIR = process.env.E2E_SCREENSHOTS_DIR ?? '/tmp/b2bpay-a11y-routes';

/** The files that scan some of the routes below with all of axe's rules, at both widths. */
const FULL_SCANS = ['landing.test.ts', 'shop-pages.test.ts', 'buyer-a11y-suite.ts'] as const;

let shop: ShopServer;
let browser: Browser;
/** A new order, a paid one with a part returned, and a cancelled one. */
const ids = { fresh: '', paid: '', cancelled: '' };

export function describeAllRoutes(viewport: { width: number; height: number }) {
  beforeAll(async () => {
    mkdirSync(SCREENSHOTS_DIR, { recursive: true });
    [shop, browser] = await Promise.all([
      startShopServer({ decisionDelayMs: 300, paymentDelayMs: 300 }),
      launchBrowser(),
    ]);
    const [fresh, paid, cancelled] = await Promise.all([
      shop.createOrder(),
      shop.createOrder(),
      shop.createOrder(),
    ]);
    ids.fresh = fresh.id;
    ids.paid = paid.id;
    ids.cancelled = cancelled.id;
    await shop.submitApplication(paid.id);
    await shop.signOffer(paid.id);
    await shop.waitForStatus(paid.id, 'payment_sent');
    await shop.api(`/api/order/orders/${paid.id}/refunds`, {
      method: 'POST',
      body: JSON.stringify({ amount: 1234.5, reason: 'Вернулись две пачки бумаги' }),
    });
    await shop.api(`/api/order/orders/${cancelled.id}/cancel`, {
      method: 'POST',
      body: JSON.stringify({ reason: 'Покупатель передумал' }),
    });
  });

  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });

  /**
   * Every route of the app (apps/web/src/app/router.tsx and buyer-routes.tsx) with a page to check.
   * `scannedIn`: another file runs axe with all its rules (every impact, not only serious and
   * critical) on the same page in the same state at both widths, so here the route is only loaded
   * and photographed — a full-page scan costs 2–5 s of CPU, and the same scan twice finds nothing new.
   * A route whose content here differs (the order list and the shop's home with this file's paid and
   * cancelled orders, the docs pages with the shop's key in the tab) is scanned here as well.
   */
  const routes = (): Array<{ name: string; path: string; scannedIn?: (typeof FULL_SCANS)[number] }> => {
    const s = `/shops/${DEMO_SHOP.id}`;
    return [
      { name: 'landing', path: '/', scannedIn: 'landing.test.ts' },
      { name: 'shops entry', path: '/shops', scannedIn: 'shop-pages.test.ts' },
      { name: 'API docs', path: '/shops/api-docs' },
      { name: 'button demo', path: '/shops/button-demo' },
      { name: 'not found', path: '/no/such/page', scannedIn: 'shop-pages.test.ts' },
      { name: 'shop home', path: s },
      { name: 'new order', path: `${s}/generate-qr`, scannedIn: 'shop-pages.test.ts' },
      { name: 'order list', path: `${s}/all-orders` },
      { name: 'order (new)', path: `${s}/orders/${ids.fresh}` },
      { name: 'order (paid, part returned)', path: `${s}/orders/${ids.paid}` },
      { name: 'order (cancelled)', path: `${s}/orders/${ids.cancelled}` },
      { name: 'statistics', path: `${s}/stats` },
      { name: 'settings', path: `${s}/settings` },
      { name: 'shop FAQ', path: `${s}/faq`, scannedIn: 'shop-pages.test.ts' },
      { name: 'shop support', path: `${s}/support`, scannedIn: 'shop-pages.test.ts' },
      { name: 'shop button demo', path: `${s}/button-demo` },
      { name: 'shop API docs', path: `${s}/api-docs` },
      { name: 'QR screen', path: `/shops/order-qr/${ids.fresh}`, scannedIn: 'shop-pages.test.ts' },
      { name: 'buyer order', path: `/client/${ids.fresh}`, scannedIn: 'buyer-a11y-suite.ts' },
      { name: 'buyer step 1', path: `/client/${ids.fresh}/apply`, scannedIn: 'buyer-a11y-suite.ts' },
      { name: 'buyer order (paid)', path: `/client/${ids.paid}` },
      { name: 'buyer order (cancelled)', path: `/client/${ids.cancelled}` },
      { name: 'buyer order FAQ', path: `/client/${ids.fresh}/faq`, scannedIn: 'buyer-a11y-suite.ts' },
      { name: 'buyer order support', path: `/client/${ids.fresh}/support`, scannedIn: 'buyer-a11y-suite.ts' },
      { name: 'buyer FAQ', path: '/client/faq', scannedIn: 'buyer-a11y-suite.ts' },
      { name: 'buyer support', path: '/client/support', scannedIn: 'buyer-a11y-suite.ts' },
    ];
  };

  /** The page has rendered its content: a main heading, and no loading state left. */
  async function ready(page: Page) {
    await page.locator('h1').first().waitFor();
    await page.waitForFunction(
      () => !document.querySelector('[aria-busy="true"]') && !/Загрузка\.\.\./.test(document.body.innerText),
    );
  }

  /** Only what the UI rules count: serious and critical violations. */
  async function seriousViolations(page: Page, where: string) {
    return (await axeViolations(page))
      .filter((line) => /^\S+ \((serious|critical)\)/.test(line))
      .map((line) => `${where}: ${line}`);
  }

  const slug = (text: string) => text.replace(/[^a-zа-я0-9]+/gi, '-').toLowerCase();

  const GROUPS = [
    { name: 'public pages and docs', from: 0, to: 5 },
    // The shop's 13 routes in two tests: one test of all 13 came near its 120 s limit on a busy machine.
    { name: 'shop pages (1 of 2)', from: 5, to: 11 },
    { name: 'shop pages (2 of 2)', from: 11, to: 18 },
    { name: "buyer's pages", from: 18, to: 26 },
  ] as const;

  describe(`axe on every route at ${viewport.width} px`, () => {
    it('walks every route listed, group after group', () => {
      expect(GROUPS.flatMap((g) => [g.from, g.to]).slice(1, -1)).toEqual([5, 5, 11, 11, 18, 18]);
      expect(GROUPS.at(-1)?.to).toBe(routes().length);
    });

    it('leaves a route unscanned only where a file that runs axe with every rule is named', () => {
      const named = [...new Set(routes().flatMap((route) => route.scannedIn ?? []))];
      expect(named.sort()).toEqual([...FULL_SCANS].sort());
      for (const file of FULL_SCANS) {
        const source = readFileSync(
          new URL(file.endsWith('-suite.ts') ? file : `../tests/${file}`, import.meta.url),
          'utf8',
        );
        expect(source, file).toContain('await axeViolations(page)');
      }
    });

    for (const group of GROUPS) {
      it(`${group.name}: no serious or critical violation`, async () => {
        const { page, context } = await openPage(browser, { baseURL: shop.baseUrl, viewport });
        // The key goes to this tab's session storage and serves every shop page after it.
        await page.goto(`/shops/${DEMO_SHOP.id}?token=${encodeURIComponent(shop.token())}`);
        await ready(page);
        const found: string[] = [];
        for (const route of routes().slice(group.from, group.to)) {
          await page.goto(route.path);
          await ready(page);
          if (!route.scannedIn) found.push(...(await seriousViolations(page, route.name)));
          await page.screenshot({
            path: `${SCREENSHOTS_DIR}/${viewport.width}-${slug(route.name)}.png`,
            fullPage: true,
          });
        }
        await context.close();
        expect(found).toEqual([]);
      });
    }

    it('the after-decision dialogs and a shop page without the key: no serious or critical violation', async () => {
      const { page, context } = await openPage(browser, { baseURL: shop.baseUrl, viewport });
      await page.goto(`/shops/${DEMO_SHOP.id}/orders/${ids.paid}?token=${encodeURIComponent(shop.token())}`);
      await ready(page);
      const found: string[] = [];
      await page.getByRole('button', { name: 'Оформить возврат' }).click();
      await page.getByRole('dialog').getByRole('radio', { name: 'По товарам' }).check();
      await page.getByRole('dialog').getByRole('button', { name: 'Оформить возврат' }).click();
      await page.getByRole('dialog').getByText('Укажите причину возврата').waitFor();
      found.push(...(await seriousViolations(page, 'refund dialog with errors')));
      await page.screenshot({ path: `${SCREENSHOTS_DIR}/${viewport.width}-refund-dialog.png` });

      await page.goto(`/shops/${DEMO_SHOP.id}/orders/${ids.fresh}`);
      await ready(page);
      await page.getByRole('button', { name: 'Отменить заказ' }).click();
      await page.getByRole('dialog').getByLabel('Причина (необязательно)').waitFor();
      found.push(...(await seriousViolations(page, 'cancel dialog')));
      await page.screenshot({ path: `${SCREENSHOTS_DIR}/${viewport.width}-cancel-dialog.png` });
      await context.close();

      // A shop page without the key says how to get in.
      const keyless = await openPage(browser, { baseURL: shop.baseUrl, viewport });
      await keyless.page.goto(`/shops/${DEMO_SHOP.id}/all-orders`);
      await ready(keyless.page);
      found.push(...(await seriousViolations(keyless.page, 'shop page without a key')));
      await keyless.page.screenshot({
        path: `${SCREENSHOTS_DIR}/${viewport.width}-no-key.png`,
        fullPage: true,
      });
      await keyless.context.close();
      expect(found).toEqual([]);
    });
  });

  describeCabinetPages(viewport, ready, seriousViolations, slug);
  if (viewport.width === PHONE.width) describeDeleteGlyphs();
}

/** The newest link to `path` in the development outbox's letters to `email` (no SMTP on this server). */
async function outboxLink(email: string, path: string): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s]+${path.replace(/[/?]/g, '\\$&')}\\?token=[A-Za-z0-9_-]+`);
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const { notifications } = await shop.api<{ notifications: Array<{ recipient: string; body: string }> }>(
      '/dev/outbox.json',
    );
    const link = notifications
      .filter((n) => n.recipient === email)
      .map((n) => pattern.exec(n.body)?.[0])
      .find(Boolean);
    if (link) return new URL(link).pathname + new URL(link).search;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${path} letter to ${email} in /dev/outbox.json`);
}

/**
 * The personal cabinet's pages (DESIGN §12): the forms with their errors showing, the confirmation
 * with the new key, the cabinet and «Команда» on a session, and an invitation's page.
 */
function describeCabinetPages(
  viewport: { width: number; height: number },
  ready: (page: Page) => Promise<void>,
  seriousViolations: (page: Page, where: string) => Promise<string[]>,
  slug: (text: string) => string,
) {
  /** Each test's violations; a screenshot of every state checked. */
  let found: string[] = [];
  const check = async (page: Page, name: string) => {
    found.push(...(await seriousViolations(page, name)));
    await page.screenshot({
      path: `${SCREENSHOTS_DIR}/${viewport.width}-cabinet-${slug(name)}.png`,
      fullPage: true,
    });
  };

  // Two tests of 10 and 6 states: one test of all 16 came near its 120 s limit on a busy machine.
  it("the cabinet's forms, empty and with their errors, and its links: no serious or critical violation", async () => {
    found = [];
    const { page, context } = await openPage(browser, { baseURL: shop.baseUrl, viewport });
    for (const [name, path, submit] of [
      ['sign-up', '/cabinet/signup', 'Зарегистрироваться'],
      ['log-in', '/cabinet/login', 'Войти'],
      ['forgotten password', '/cabinet/forgot', 'Прислать ссылку'],
      ['new password', '/cabinet/reset?token=x', 'Сохранить пароль'],
    ] as const) {
      await page.goto(path);
      await ready(page);
      await check(page, name);
      // The same form with every error showing.
      await page.getByRole('button', { name: submit }).click();
      await page.locator('[aria-invalid="true"]').first().waitFor();
      await check(page, `${name} with errors`);
    }
    await page.goto('/cabinet/confirm?token=used');
    await page.getByRole('alert').waitFor();
    await check(page, 'confirmation, a used link');
    await page.goto('/cabinet/invite?token=unknown');
    await page.getByRole('alert').waitFor();
    await check(page, 'invitation, an unknown link');
    await context.close();
    expect(found).toEqual([]);
  });

  it("a shop of its own: sign-up, the letter's link, the key shown once, the cabinet and the team: no serious or critical violation", async () => {
    found = [];
    const { page, context } = await openPage(browser, { baseURL: shop.baseUrl, viewport });
    const email = `a11y-${viewport.width}-${Date.now()}@example.ru`;
    await page.goto('/cabinet/signup');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Пароль').fill('длинный-пароль-2026');
    await page.getByLabel('Контактное лицо').fill('Анна Смирнова');
    await page.getByRole('combobox', { name: 'ИНН' }).fill('7707083');
    await page.getByRole('option').first().waitFor();
    await check(page, 'sign-up with suggestions');
    await page.getByRole('option').first().click();
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await page.getByRole('heading', { name: 'Проверьте почту' }).waitFor();
    await check(page, 'sign-up sent');
    await page.goto(await outboxLink(email, '/cabinet/confirm'));
    await page.getByRole('heading', { name: 'Магазин создан' }).waitFor();
    await check(page, 'shop created');
    await page.getByRole('link', { name: 'Перейти в кабинет магазина' }).click();
    await ready(page);
    await check(page, 'shop home on a session');
    await page.goto('/cabinet');
    await page.getByText('это устройство').waitFor();
    await check(page, 'cabinet');
    await page.goBack();
    await ready(page);
    const shopPath = new URL(page.url()).pathname;
    await page.goto(`${shopPath}/team`);
    await ready(page);
    const invited = `a11y-invited-${viewport.width}-${Date.now()}@example.ru`;
    await page.getByLabel('E-mail сотрудника').fill(invited);
    await page.getByRole('button', { name: 'Пригласить' }).click();
    await page.getByTestId(`invitation-${invited}`).waitFor();
    await page.getByRole('heading', { name: 'Журнал действий' }).waitFor();
    await ready(page);
    await check(page, 'team');
    await context.close();

    const guest = await openPage(browser, { baseURL: shop.baseUrl, viewport });
    await guest.page.goto(await outboxLink(invited, '/cabinet/invite'));
    await guest.page.getByRole('button', { name: 'Принять приглашение' }).waitFor();
    await guest.page.getByRole('button', { name: 'Принять приглашение' }).click();
    await guest.page.locator('[aria-invalid="true"]').first().waitFor();
    await check(guest.page, 'invitation with errors');
    await guest.context.close();
    expect(found).toEqual([]);
  });
}

/** WCAG contrast ratio of two sRGB colours given as [r, g, b] in 0–255. */
function contrast(foreground: number[], background: number[]): number {
  const luminance = (rgb: number[]) => {
    const [r, g, b] = rgb.map((c) => {
      const v = c / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
  };
  const [hi, lo] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

function describeDeleteGlyphs() {
  describe('delete glyphs on a phone', () => {
    it('are 44 × 44 px targets whose icon stands out (≥ 3:1) at 360 px', async () => {
      const { page, context } = await openPage(browser, { baseURL: shop.baseUrl, viewport: PHONE });
      await page.goto(`/shops/${DEMO_SHOP.id}/generate-qr?token=${encodeURIComponent(shop.token())}`);
      await page.getByRole('heading', { name: 'Новый заказ' }).waitFor();
      await page.getByRole('button', { name: 'Добавить товар' }).click();
      await page.getByRole('button', { name: 'Удалить товар 2' }).waitFor();
      await page.screenshot({ path: `${SCREENSHOTS_DIR}/360-new-order-two-rows.png`, fullPage: true });

      const checks: {
        name: string;
        colours: string;
        glyph: number;
        width: number;
        height: number;
        ratio: number;
      }[] = [];
      const measure = async (name: string) => {
        const button = page.getByRole('button', { name, exact: true });
        await button.scrollIntoViewIfNeeded();
        const box = await button.boundingBox();
        const glyph = await button.locator('svg').boundingBox();
        const colours = await button.evaluate((element) => {
          // Tailwind 4 writes oklch(); a canvas turns any CSS colour into sRGB bytes.
          const canvas = document.createElement('canvas');
          canvas.width = 1;
          canvas.height = 1;
          const ctx = canvas.getContext('2d', { willReadFrequently: true });
          const rgba = (css: string) => {
            if (!ctx) return [0, 0, 0, 0];
            ctx.clearRect(0, 0, 1, 1);
            ctx.fillStyle = css;
            ctx.fillRect(0, 0, 1, 1);
            return [...ctx.getImageData(0, 0, 1, 1).data];
          };
          const svg = element.querySelector('svg');
          const stroke = svg ? getComputedStyle(svg).stroke : 'none';
          const ink = rgba(stroke !== 'none' ? stroke : getComputedStyle(element).color);
          // The backgrounds up the tree, composited from the page's white upwards.
          const layers: number[][] = [];
          for (let node: Element | null = element; node; node = node.parentElement) {
            const layer = rgba(getComputedStyle(node).backgroundColor);
            if ((layer[3] ?? 0) > 0) layers.push(layer);
            if (layer[3] === 255) break;
          }
          let background = [255, 255, 255];
          for (const layer of layers.reverse()) {
            const alpha = (layer[3] ?? 0) / 255;
            background = background.map((c, i) => Math.round((layer[i] ?? 0) * alpha + c * (1 - alpha)));
          }
          return { ink: ink.slice(0, 3), background };
        });
        checks.push({
          name,
          colours: `rgb(${colours.ink}) on rgb(${colours.background})`,
          glyph: Math.min(glyph?.width ?? 0, glyph?.height ?? 0),
          width: box?.width ?? 0,
          height: box?.height ?? 0,
          ratio: Math.round(contrast(colours.ink, colours.background) * 10) / 10,
        });
      };
      await measure('Удалить товар 1');
      await measure('Удалить товар 2');

      await page.goto(`/shops/${DEMO_SHOP.id}/all-orders`);
      await page.getByRole('searchbox', { name: 'Поиск заказов' }).fill('1');
      await measure('Очистить поиск');
      await page.getByRole('button', { name: 'Открыть меню' }).click();
      await measure('Закрыть меню');

      for (const check of checks) {
        expect(check.width, check.name).toBeGreaterThanOrEqual(44);
        expect(check.height, check.name).toBeGreaterThanOrEqual(44);
        // Not a speck inside the target: the glyph is drawn at its own size, 18 px or more (the trash
        // icon was squeezed to 10 px by the button's padding).
        expect(check.glyph, `${check.name}: glyph`).toBeGreaterThanOrEqual(18);
        expect(check.ratio, `${check.name}: ${check.colours}`).toBeGreaterThanOrEqual(3);
      }
      expect(checks.map((c) => c.name)).toEqual([
        'Удалить товар 1',
        'Удалить товар 2',
        'Очистить поиск',
        'Закрыть меню',
      ]);
      await context.close();
    });
  });
}
