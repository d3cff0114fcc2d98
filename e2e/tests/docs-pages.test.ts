import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Order } from '@b2bpay/domain';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SHOP, shopUrl } from '../support/api';
import { axeViolations } from '../support/axe';
import { afterNextFrames, baseUrl, DESKTOP, launchBrowser, openPage, PHONE } from '../support/browser';
import { ARTIFACTS_DIR, REPO_ROOT } from '../support/paths';
import { type OtherOriginSite, shopPage, startOtherOrigin } from './other-origin';

const DEMO_NOTICE = 'Используется демо токен. Для работы с вашим магазином замените его на ваш токен.';
const API_SECTIONS = [
  'Обзор',
  'Интеграция за 4 шага',
  'Аутентификация',
  'Создание заказа',
  'Статусы заказа',
  'Получение заказа',
  'Список заказов',
  'Вебхуки',
  'Обработка ошибок',
  'SDK для Node.js и PHP',
  'Преимущества',
];

let browser: Browser;
let site: OtherOriginSite;

beforeAll(async () => {
  browser = await launchBrowser();
  site = await startOtherOrigin();
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

const example = (file: string) => readFileSync(path.join(REPO_ROOT, 'docs/examples', file), 'utf8');

async function openWithClipboard() {
  const opened = await openPage(browser);
  await opened.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
  // The copy confirmation's 2 s are timed on a clock the test moves (copyAndWatch).
  await opened.page.clock.install();
  return opened;
}

/** The copy button of the code block titled `title`. */
const copyButton = (page: Page, title: string) => page.getByRole('button', { name: `Копировать ${title}` });

/** Clicks copy, checks the check icon is shown for 2 s and then gives way, returns the clipboard text. */
async function copyAndWatch(page: Page, title: string): Promise<string> {
  const button = copyButton(page, title);
  // Paused a little ahead of the page's time (it flows until then; a busy machine may take a while).
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await button.click();
  const copied = page.getByRole('button', { name: `Скопировано: ${title}` });
  await copied.waitFor();
  expect(await copied.locator('[data-icon="check"]').count()).toBe(1);
  const text = await page.evaluate(() => navigator.clipboard.readText());
  await page.clock.runFor(1500);
  expect(await copied.isVisible(), 'still confirmed after 1.5 s').toBe(true);
  await page.clock.runFor(600);
  await button.waitFor();
  expect(await button.locator('[data-icon="copy"]').count()).toBe(1);
  await page.clock.resume();
  return text;
}

async function orderAt(url: string): Promise<Order> {
  const id = /\/client\/([0-9a-f-]{36})$/.exec(new URL(url).pathname)?.[1];
  expect(id, url).toBeTruthy();
  const response = await fetch(`${baseUrl()}/api/order/orders/${id}`, {
    headers: { Authorization: `Bearer ${DEMO_SHOP.secretKey}` },
  });
  return (await response.json()) as Order;
}

async function noSideScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0], 'page scrolls sideways').toBeLessThanOrEqual(widths[1] ?? 0);
}

async function shoot(page: Page, name: string): Promise<void> {
  for (const [label, viewport] of [
    ['360', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await afterNextFrames(page);
    await noSideScroll(page);
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}-${label}.png`), fullPage: true });
  }
}

const widgetButton = (scope: Locator) => scope.getByRole('button', { name: /Купить в рассрочку/ });

describe('button widget documentation page', () => {
  it('standalone: logo header and footer, the demo-token notice, three live widgets; axe clean', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto('/shops/button-demo');
    await page.getByRole('heading', { level: 1, name: 'Кнопка «Купить в рассрочку»' }).waitFor();
    expect(await page.getByRole('link', { name: 'B2BPay — на главную' }).count()).toBe(1);
    expect(await page.getByRole('contentinfo').count()).toBe(1);
    expect(await page.getByRole('status').filter({ hasText: DEMO_NOTICE }).count()).toBe(1);
    const demos = page.locator('[data-demo]');
    await expect.poll(() => widgetButton(demos).count()).toBe(3);
    expect(await page.locator('[data-demo="init"] b2bpay-button').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Назад' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'button-demo');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('in the shop area: shop navigation, a back button to the shop, the shop’s own key and no demo notice', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(shopUrl('/button-demo'));
    await page.getByRole('heading', { level: 1, name: 'Кнопка «Купить в рассрочку»' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Разделы магазина' }).count()).toBe(1);
    // Inside a shop's area with its key the buttons use that shop's publishable key, and the
    // demo notice is only for a visitor without a shop or a key.
    await expect.poll(() => widgetButton(page.locator('[data-demo]')).count()).toBe(3);
    expect(await page.getByText(DEMO_NOTICE).count()).toBe(0);
    await page.getByRole('link', { name: 'Назад' }).click();
    await page.waitForURL(`**/shops/${DEMO_SHOP.id}`);
    await context.close();
  });

  it('a copied snippet works as it is on a bare page of another origin (both methods)', async () => {
    const { page, context } = await openWithClipboard();
    await page.goto('/shops/button-demo');
    const webComponent = await copyAndWatch(page, 'HTML · веб-компонент');
    expect(webComponent).toContain(`<script src="${baseUrl()}/widget/v1/b2bpay.js" async></script>`);
    expect(webComponent).toContain(`api-token="${DEMO_SHOP.publishableKey}"`);
    const init = await copyAndWatch(page, 'HTML · B2BPay.init');
    expect(init).toContain('B2BPay.init({');

    for (const [name, snippet] of [
      ['/snippet-web-component', webComponent],
      ['/snippet-init', init],
    ] as const) {
      const shop = await openPage(browser);
      await shop.page.goto(site.page(name, shopPage(snippet)));
      await widgetButton(shop.page.locator('body')).click();
      await shop.page.waitForURL(`${baseUrl()}/client/**`);
      const order = await orderAt(shop.page.url());
      expect(order.shop_id).toBe(DEMO_SHOP.id);
      expect(order.products.map((p) => [p.name, p.price, p.quantity])).toEqual([
        ['Бумага офисная А4, 500 листов', 350.1, 3],
        ['Картридж HP 85A', 4990, 1],
      ]);
      expect(shop.errors, name).toEqual([]);
      await shop.context.close();
    }
    await context.close();
  });

  it('a live demo creates an order and opens the buyer page', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/shops/button-demo');
    await widgetButton(page.locator('[data-demo="init"]')).click();
    await page.waitForURL('**/client/**');
    const order = await orderAt(page.url());
    expect(order.amount).toBe(6040.3);
    await context.close();
  });

  it('a key typed into the page feeds the snippets and the demos; a secret key is refused by them', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/shops/button-demo');
    const field = page.getByLabel('Публикуемый ключ (api-token)');
    await field.fill(DEMO_SHOP.secretKey);
    await expect
      .poll(() => page.getByRole('figure', { name: 'HTML · веб-компонент' }).textContent())
      .toContain(`api-token="${DEMO_SHOP.secretKey}"`);
    expect(await page.getByText(DEMO_NOTICE).count()).toBe(0);
    const alerts = page.locator('[data-demo]').getByRole('alert');
    await expect
      .poll(async () => (await alerts.allTextContents()).filter((t) => t.includes('sk_')).length)
      .toBe(3);
    await context.close();
  });
});

describe('REST API documentation page', () => {
  it('standalone: every section, the reference links, four languages; axe clean', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto('/shops/api-docs');
    await page.getByRole('heading', { level: 1, name: 'Документация REST API' }).waitFor();
    const h2 = await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents();
    expect(h2).toEqual(API_SECTIONS);
    for (const href of ['/api/docs', '/api/openapi.json']) {
      expect(await page.locator(`a[href="${href}"]`).count()).toBeGreaterThan(0);
      expect((await page.request.get(href)).status(), href).toBe(200);
    }
    const tabs = page.getByRole('tablist', { name: 'Примеры: создание заказа' }).getByRole('tab');
    expect(await tabs.allTextContents()).toEqual(['cURL', 'Python', 'Node.js', 'PHP']);
    const webhookTabs = page
      .getByRole('tablist', { name: 'Примеры: проверка подписи вебхука' })
      .getByRole('tab');
    expect(await webhookTabs.allTextContents()).toEqual(['Shell + openssl', 'Python', 'Node.js', 'PHP']);
    const sdkTabs = page
      .getByRole('tablist', { name: 'Примеры SDK: заказ, список, журнал событий' })
      .getByRole('tab');
    expect(await sdkTabs.allTextContents()).toEqual(['Node.js SDK', 'PHP SDK']);
    expect(await page.getByRole('link', { name: 'Назад' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'api-docs');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the files of docs/examples/ as they are; copy gives exactly the file; tabs work by keyboard', async () => {
    const { page, context } = await openWithClipboard();
    await page.goto('/shops/api-docs');
    expect(await copyAndWatch(page, 'create-order.sh')).toBe(example('create-order.sh'));

    const tabs = page.getByRole('tablist', { name: 'Примеры: создание заказа' });
    await tabs.getByRole('tab', { name: 'cURL' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => tabs.getByRole('tab', { name: 'Python' }).getAttribute('aria-selected'))
      .toBe('true');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Python');
    expect(await copyAndWatch(page, 'create-order.py')).toBe(example('create-order.py'));
    // The chosen language is the page's: the other sections follow.
    await expect.poll(() => copyButton(page, 'list-orders.py').count()).toBe(1);
    await expect.poll(() => copyButton(page, 'verify-webhook.py').count()).toBe(1);

    await tabs.getByRole('tab', { name: 'Python' }).focus();
    await page.keyboard.press('End');
    await expect
      .poll(() => tabs.getByRole('tab', { name: 'PHP' }).getAttribute('aria-selected'))
      .toBe('true');
    expect((await page.getByRole('figure', { name: 'verify-webhook.php' }).textContent()) ?? '').toContain(
      'hash_equals',
    );
    await tabs.getByRole('tab', { name: 'Node.js' }).click();
    expect(await copyAndWatch(page, 'get-order.mjs')).toBe(example('get-order.mjs'));
    await context.close();
  });

  it('in the shop area: a back button to the shop', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(shopUrl('/api-docs'));
    await page.getByRole('heading', { level: 1, name: 'Документация REST API' }).waitFor();
    await page.getByRole('link', { name: 'Назад' }).click();
    await page.waitForURL(`**/shops/${DEMO_SHOP.id}`);
    await context.close();
  });
});
