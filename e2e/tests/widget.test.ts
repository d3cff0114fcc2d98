import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Order } from '@b2bpay/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SHOP } from '../support/api';
import { axeViolations } from '../support/axe';
import { afterNextFrames, baseUrl, launchBrowser, openPage } from '../support/browser';
import { ARTIFACTS_DIR } from '../support/paths';
import { type OtherOriginSite, shopPage, startOtherOrigin } from './other-origin';

// The widget as a shop uses it: a plain HTML page on the shop's own origin loads the script the API
// serves, and a click sends the buyer to the order's page on B2BPay.

let browser: Browser;
let site: OtherOriginSite;

const PAYMENT = JSON.stringify({
  'items.0.name': 'Бумага офисная А4',
  'items.0.price': 350.1,
  'items.0.quantity': 3,
  'items.1.name': 'Картридж HP 85A',
  'items.1.price': 4990,
  'items.1.quantity': 1,
});
const script = () => `<script src="${baseUrl()}/widget/v1/b2bpay.js" async></script>`;
const LABEL = /Купить в рассрочку/;

beforeAll(async () => {
  browser = await launchBrowser();
  site = await startOtherOrigin();
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

async function orderFromUrl(url: string): Promise<Order> {
  const match = /\/client\/([0-9a-f-]{36})$/.exec(new URL(url).pathname);
  expect(match, url).not.toBeNull();
  const response = await fetch(`${baseUrl()}/api/order/orders/${match?.[1]}`, {
    headers: { Authorization: `Bearer ${DEMO_SHOP.secretKey}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Order;
}

/** axe (WCAG 2.1 A/AA and best practices) over the widgets only, shadow roots included. */
async function widgetViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .include('b2bpay-button')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations.map(
    (v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

/** Requests the page made to the order endpoint (preflights aside). */
function orderRequests(page: Page) {
  const seen: Array<{ method: string; headers: Record<string, string> }> = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/order/orders') && request.method() === 'POST') {
      seen.push({ method: request.method(), headers: request.headers() });
    }
  });
  return seen;
}

describe('widget on a shop page of another origin', () => {
  it('web component: a click creates the order with the publishable key and lands on /client/{id}', async () => {
    const url = site.page(
      '/product-wc',
      shopPage(
        `<b2bpay-button api-token="${DEMO_SHOP.publishableKey}" payment-data='${PAYMENT}'
          client-email="buyer@example.ru" client-name="Иван" client-surname="Петров"
          return-url="${site.origin}/order/77" cancel-url="${site.origin}/cart"></b2bpay-button>`,
        script(),
      ),
    );
    const { page, context, errors } = await openPage(browser, { baseURL: site.origin });
    const requests = orderRequests(page);
    await page.goto(url);
    expect(new URL(page.url()).origin).not.toBe(new URL(baseUrl()).origin);
    const button = page.getByRole('button', { name: LABEL });
    await button.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await button.click();
    await page.waitForURL(`${baseUrl()}/client/**`);
    const order = await orderFromUrl(page.url());
    expect(order.shop_id).toBe(DEMO_SHOP.id);
    expect(order.status).toBe('client_expected');
    expect(order.amount).toBe(6040.3);
    expect(order.products.map(({ name, price, quantity }) => ({ name, price, quantity }))).toEqual([
      { name: 'Бумага офисная А4', price: 350.1, quantity: 3 },
      { name: 'Картридж HP 85A', price: 4990, quantity: 1 },
    ]);
    expect(order.client).toMatchObject({ email: 'buyer@example.ru', name: 'Иван', surname: 'Петров' });
    // The shop's pages the buyer goes back to travel with the order.
    expect(order).toMatchObject({ return_url: `${site.origin}/order/77`, cancel_url: `${site.origin}/cart` });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.headers.authorization).toBe(`Bearer ${DEMO_SHOP.publishableKey}`);
    expect(requests[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('B2BPay.init: the keyboard alone (Tab, Enter) creates the order and lands on /client/{id}', async () => {
    const url = site.page(
      '/product-init',
      shopPage(
        `<div id="pay"></div>
        <script src="${baseUrl()}/widget/v1/b2bpay.js"></script>
        <script>
          B2BPay.init({
            container: '#pay',
            apiToken: '${DEMO_SHOP.publishableKey}',
            items: [{ name: 'Кресло офисное', price: 12500.5, quantity: 2 }],
            size: 'L',
            theme: 'dark',
            clientPhone: '+79991234567',
            returnUrl: '${site.origin}/order/78',
          });
        </script>`,
      ),
    );
    const { page, context, errors } = await openPage(browser);
    await page.goto(url);
    await page.getByRole('button', { name: LABEL }).waitFor();
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const host = document.activeElement;
      return `${host?.tagName}>${host?.shadowRoot?.activeElement?.tagName}`;
    });
    expect(focused).toBe('B2BPAY-BUTTON>BUTTON');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl()}/client/**`);
    const order = await orderFromUrl(page.url());
    expect(order.amount).toBe(25001);
    expect(order.products).toHaveLength(1);
    expect(order.client?.phone_number).toBe('+79991234567');
    expect(order).toMatchObject({ return_url: `${site.origin}/order/78`, cancel_url: null });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('refuses a secret key in the page with a Russian message and never calls the API', async () => {
    const url = site.page(
      '/secret-key',
      shopPage(
        `<b2bpay-button api-token="${DEMO_SHOP.secretKey}" payment-data='${PAYMENT}'></b2bpay-button>`,
        script(),
      ),
    );
    const { page, context, errors } = await openPage(browser);
    const requests = orderRequests(page);
    await page.goto(url);
    const alert = page.locator('b2bpay-button').getByRole('alert');
    await expect
      .poll(() => alert.textContent())
      .toContain('Секретный ключ sk_… нельзя размещать на странице');
    const button = page.getByRole('button', { name: LABEL });
    expect(await button.getAttribute('aria-disabled')).toBe('true');
    // aria-disabled keeps the button focusable and clickable; the click must still do nothing.
    await button.click({ force: true });
    await afterNextFrames(page);
    expect(requests).toEqual([]);
    expect(new URL(page.url()).origin).toBe(site.origin);
    expect(errors.some((e) => e.includes('[B2BPay]') && e.includes('sk_'))).toBe(true);
    await context.close();
  });

  it('a wrong key gives a Russian error in the button; the page stays', async () => {
    const url = site.page(
      '/wrong-key',
      shopPage(
        `<b2bpay-button api-token="pk_live_wrong" payment-data='${PAYMENT}'></b2bpay-button>`,
        script(),
      ),
    );
    const { page, context } = await openPage(browser);
    await page.goto(url);
    await page.getByRole('button', { name: LABEL }).click();
    const alert = page.locator('b2bpay-button').getByRole('alert');
    await expect
      .poll(() => alert.textContent())
      .toBe('Неверный или отозванный ключ магазина. Проверьте api-token.');
    expect(page.url()).toBe(url);
    expect(await page.getByRole('button', { name: LABEL }).getAttribute('aria-disabled')).toBe('false');
    await context.close();
  });

  it('says the service is unavailable when the API cannot be reached', async () => {
    const url = site.page(
      '/api-down',
      shopPage(
        `<b2bpay-button api-token="${DEMO_SHOP.publishableKey}" payment-data='${PAYMENT}'></b2bpay-button>`,
        script(),
      ),
    );
    const { page, context } = await openPage(browser);
    await page.goto(url);
    await page.route(`${baseUrl()}/api/order/orders`, (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: LABEL }).click();
    await expect
      .poll(() => page.locator('b2bpay-button').getByRole('alert').textContent())
      .toContain('Сервис B2BPay недоступен');
    expect(page.url()).toBe(url);
    await context.close();
  });

  it('logs its steps to the console with debug', async () => {
    const url = site.page(
      '/debug',
      shopPage(
        `<b2bpay-button debug api-token="${DEMO_SHOP.publishableKey}" payment-data='${PAYMENT}'></b2bpay-button>
        <script>document.addEventListener('b2bpay:order-created', (e) => e.preventDefault());</script>`,
        script(),
      ),
    );
    const { page, context } = await openPage(browser);
    const logs: string[] = [];
    page.on('console', (message) => logs.push(message.text()));
    await page.goto(url);
    await page.getByRole('button', { name: LABEL }).click();
    await expect.poll(() => logs.filter((l) => l.startsWith('[B2BPay]')).length).toBeGreaterThanOrEqual(4);
    const text = logs.join('\n');
    expect(text).toContain('[B2BPay] настройки');
    expect(text).toContain('[B2BPay] заказ создан');
    expect(text).not.toContain(DEMO_SHOP.publishableKey);
    expect(page.url()).toBe(url);
    await context.close();
  });
});

describe('widget sizes and themes', () => {
  it('render S/M/L in light and dark, unaffected by hostile shop CSS, and pass axe', async () => {
    const row = (theme: string) =>
      ['S', 'M', 'L']
        .map(
          (size) =>
            `<b2bpay-button data-case="${size}-${theme}" size="${size}" theme="${theme}" api-token="${DEMO_SHOP.publishableKey}" payment-data='${PAYMENT}'></b2bpay-button>`,
        )
        .join('\n');
    const hostile = `<style>
      * { font-family: "Times New Roman", serif !important; color: #ff0000 !important; letter-spacing: 3px !important; }
      button { background: lime !important; border-radius: 0 !important; }
      body { background: #fff; margin: 0; padding: 24px; }
      .row { display: flex; gap: 24px; align-items: center; flex-wrap: wrap; padding: 24px; }
      .dark { background: #0f172a; }
    </style>`;
    const url = site.page(
      '/sizes',
      shopPage(
        `<section class="row" aria-label="Светлая тема">${row('light')}</section>
         <section class="row dark" aria-label="Тёмная тема">${row('dark')}</section>
         <section class="row" aria-label="Ошибка"><b2bpay-button data-case="error" api-token="" payment-data='${PAYMENT}'></b2bpay-button></section>`,
        `${hostile}${script()}`,
      ),
    );
    const { page, context } = await openPage(browser, { viewport: { width: 1280, height: 760 } });
    await page.goto(url);
    await page.waitForFunction(() => customElements.get('b2bpay-button') !== undefined);
    const look = (id: string) =>
      page.locator(`[data-case="${id}"]`).evaluate((host) => {
        const button = host.shadowRoot?.querySelector('button') as HTMLElement;
        const style = getComputedStyle(button);
        return {
          height: button.getBoundingClientRect().height,
          fontSize: Number.parseFloat(style.fontSize),
          background: style.backgroundColor,
          color: style.color,
          font: style.fontFamily,
          radius: style.borderRadius,
        };
      });
    const [s, m, l] = [await look('S-light'), await look('M-light'), await look('L-light')];
    expect(s.height).toBeGreaterThanOrEqual(44);
    expect(m.height).toBeGreaterThan(s.height);
    expect(l.height).toBeGreaterThan(m.height);
    expect(s.fontSize).toBeLessThan(m.fontSize);
    expect(m.fontSize).toBeLessThan(l.fontSize);
    expect(m).toMatchObject({ background: 'rgb(67, 56, 202)', color: 'rgb(255, 255, 255)', radius: '10px' });
    expect(m.font).not.toContain('Times');
    const dark = await look('M-dark');
    expect(dark).toMatchObject({ background: 'rgb(255, 255, 255)', color: 'rgb(49, 46, 129)' });
    expect(await page.locator('[data-case="error"]').getByRole('alert').textContent()).toContain(
      'Не указан ключ',
    );
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'widget-sizes-themes.png'), fullPage: true });
    // The shop's own hostile CSS fails contrast by itself; axe checks the widgets only.
    expect(await widgetViolations(page)).toEqual([]);

    await page.locator('[data-case="M-light"]').getByRole('button').focus();
    await page.screenshot({
      path: path.join(ARTIFACTS_DIR, 'widget-focus.png'),
      clip: { x: 0, y: 0, width: 1280, height: 240 },
    });
    await context.close();
  });
});
