import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SHOP } from '../support/api';
import { axeViolations } from '../support/axe';
import { DESKTOP, launchBrowser, type OpenedPage, openPage, PHONE } from '../support/browser';
import { ARTIFACTS_DIR } from '../support/paths';
import {
  type ShopServer,
  startShopServer,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../support/shop-server';

/**
 * Live updates in the browser: a status change made through the API reaches an open order list, QR
 * screen, statistics page and order details page within 2 s, without a reload, with a toast; the
 * details page re-sends a failed webhook. A server of its own: banks decide after 3 s and pay 3 s
 * after the buyer signs an offer, webhooks may go to loopback.
 */
const LIVE_MS = 2000;

let shop: ShopServer;
let receiver: WebhookReceiver;
let browser: Browser;

beforeAll(async () => {
  [shop, receiver, browser] = await Promise.all([
    startShopServer({ decisionDelayMs: 3000, paymentDelayMs: 3000 }),
    startWebhookReceiver(),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await receiver?.close();
  await shop?.stop();
});

async function openShop(
  path: string,
  viewport: { width: number; height: number } = DESKTOP,
  { waitForStream = false } = {},
): Promise<OpenedPage> {
  const opened = await openPage(browser, { baseURL: shop.baseUrl, viewport });
  const separator = path.includes('?') ? '&' : '?';
  // The live stream's headers are written once the server has taken the subscription.
  const stream = waitForStream
    ? opened.page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events')
    : undefined;
  await opened.page.goto(`${path}${separator}token=${encodeURIComponent(shop.token())}`);
  await stream;
  return opened;
}

/** The page follows the live stream (so a change made now is one it must see). */
async function waitForLive(page: Page) {
  await page.locator('[data-testid="live-indicator"][data-live="open"]').first().waitFor();
}

/** Marks the document: still marked later means the page was not reloaded. */
async function mark(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __noReload: boolean }).__noReload = true;
  });
}
const notReloaded = (page: Page) =>
  page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true);

/** Waits for `locator` at most until 2 s after `since`. */
async function within2s(locator: Locator, since: number, what: string) {
  const left = Math.max(100, since + LIVE_MS - Date.now());
  try {
    await locator.waitFor({ timeout: left });
  } catch (error) {
    throw new Error(
      `${what}: not shown within ${LIVE_MS} ms of the change (${String(error).split('\n')[0]})`,
    );
  }
  return Date.now() - since;
}

/** A status badge in the page itself (the toasts say the same words). */
const badge = (page: Page, text: string) => page.locator('main').getByText(text, { exact: true }).first();

const card = (page: Page, number: string) =>
  page.getByRole('link', { name: new RegExp(`^Заказ №${number}(?!\\d)`) });

describe('live updates', () => {
  it("an open order list shows a buyer's submission, the bank's approval and the payment within 2 s", async () => {
    const order = await shop.createOrder();
    const { page, context, errors } = await openShop(`/shops/${DEMO_SHOP.id}/all-orders`);
    await card(page, order.order_number).getByText('Ожидаем данные клиента').waitFor();
    await waitForLive(page);
    await mark(page);

    await shop.submitApplication(order.id);
    const submitted = Date.now();
    await within2s(
      card(page, order.order_number).getByText('Банк проверяет информацию'),
      submitted,
      'submission',
    );
    await within2s(
      page.getByText(`Заказ №${order.order_number}: Банк проверяет информацию`),
      submitted,
      'submission toast',
    );

    const approved = await shop.waitForStatus(order.id, 'app_approved');
    await within2s(card(page, order.order_number).getByText('Банк одобрил заявку'), approved, 'approval');
    await within2s(
      page.getByText(`Заказ №${order.order_number}: Банк одобрил заявку`),
      approved,
      'approval toast',
    );

    // The bank pays once the buyer has signed one of its offers.
    await shop.signOffer(order.id);
    const paid = await shop.waitForStatus(order.id, 'payment_sent');
    await within2s(card(page, order.order_number).getByText('Оплачено'), paid, 'payment');
    expect(await notReloaded(page)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an open statistics page counts the submission within 2 s and matches the orders created', async () => {
    const order = await shop.createOrder();
    const { page, context, errors } = await openShop(`/shops/${DEMO_SHOP.id}/stats`);
    const submittedCount = page.getByTestId('funnel-submitted');
    await submittedCount.waitFor();
    await waitForLive(page);
    await mark(page);

    // The last 30 days hold every order this server's shop has.
    const all = await shop.api<{ count: number; items: Array<{ amount: number }> }>('/api/order/orders');
    expect(await page.getByTestId('stat-orders').textContent()).toBe(String(all.count));
    expect(await page.getByTestId('funnel-created').textContent()).toBe(String(all.count));

    const before = Number(await submittedCount.textContent());
    const opened = Number(await page.getByTestId('funnel-link_opened').textContent());
    await shop.submitApplication(order.id);
    const submitted = Date.now();
    await within2s(
      page.locator(`[data-testid="funnel-submitted"]:text-is("${before + 1}")`),
      submitted,
      'funnel: application sent',
    );
    expect(Number(await page.getByTestId('funnel-link_opened').textContent())).toBe(opened + 1);
    await within2s(
      page.getByText(`Заказ №${order.order_number}: Банк проверяет информацию`),
      submitted,
      'toast',
    );
    const byStatus = page.locator('section', {
      has: page.getByRole('heading', { name: 'Заказы по статусам' }),
    });
    expect(await byStatus.textContent()).toContain('Банк проверяет информацию');
    expect(await notReloaded(page)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the QR screen and the order details page refresh live too', async () => {
    const order = await shop.createOrder();
    const qr = await openShop(`/shops/order-qr/${order.id}`, DESKTOP, { waitForStream: true });
    await qr.page.getByRole('heading', { name: `Заказ №${order.order_number}` }).waitFor();
    await qr.page.getByText('Ожидаем данные клиента').waitFor();
    const details = await openShop(`/shops/${DEMO_SHOP.id}/orders/${order.id}`);
    await details.page.getByText('Покупатель ещё не заполнил данные.').waitFor();
    // The QR screen has no indicator of its own: openShop waited for its stream's answer instead.
    await Promise.all([waitForLive(details.page), mark(qr.page), mark(details.page)]);

    await shop.submitApplication(order.id);
    const submitted = Date.now();
    await within2s(badge(qr.page, 'Банк проверяет информацию'), submitted, 'QR screen');
    const history = details.page.getByTestId('status-history');
    await within2s(
      history.getByText('Банк проверяет информацию', { exact: true }).first(),
      submitted,
      'details: history',
    );
    expect(await history.textContent()).toContain('Покупатель ·');
    await details.page.getByText('ПАО «Сбербанк России»').waitFor({ timeout: 1000 });
    expect(await details.page.getByText('подтверждён', { exact: true }).count()).toBe(2);
    const banks = details.page.locator('section', {
      has: details.page.getByRole('heading', { name: 'Решения банков' }),
    });
    await banks.getByText('Рассматривает').first().waitFor({ timeout: 1000 });

    const approved = await shop.waitForStatus(order.id, 'app_approved');
    await within2s(banks.getByText('Одобрил').first(), approved, 'details: bank decision');
    await within2s(
      history.getByText('Банк «Северный Кредит»', { exact: false }).first(),
      approved,
      'details: bank in history',
    );
    await within2s(badge(qr.page, 'Банк одобрил заявку'), approved, 'QR screen: approval');
    expect(await notReloaded(qr.page)).toBe(true);
    expect(await notReloaded(details.page)).toBe(true);
    expect([...qr.errors, ...details.errors]).toEqual([]);
    await qr.context.close();
    await details.context.close();
  });
});

describe('order details', () => {
  it('re-sends a failed webhook of the order from its page', async () => {
    receiver.answerWith(500);
    const order = await shop.createOrder({ webhookUrl: receiver.url });
    await shop.submitApplication(order.id, 'pending-hooks@example.ru');
    const { page, context } = await openShop(`/shops/${DEMO_SHOP.id}/orders/${order.id}`);
    const failed = page.locator('[data-testid="webhook-delivery"][data-status="failed"]');
    // Two attempts 0.5 s apart, then failed; the page follows pending deliveries until they settle.
    await failed.first().waitFor({ timeout: 15_000 });
    expect(await failed.first().textContent()).toContain('Ответ: HTTP 500');

    receiver.answerWith(200);
    const received = receiver.requests.length;
    const item = failed.first();
    const event = (await item.locator('p').first().textContent()) ?? '';
    await item.getByRole('button', { name: 'Отправить повторно' }).click();
    await page.getByText('Вебхук поставлен в очередь на отправку').waitFor();
    await page
      .locator('[data-testid="webhook-delivery"][data-status="delivered"]', { hasText: event })
      .first()
      .waitFor({ timeout: 10_000 });
    const resent = receiver.requests.slice(received);
    expect(resent.length).toBeGreaterThan(0);
    expect(resent[0]?.headers['webhook-signature']).toMatch(/^v1,/);
    await context.close();
  });

  it('is reachable from a list card, and the QR screen stays reachable from it', async () => {
    const order = await shop.createOrder();
    const { page, context } = await openShop(`/shops/${DEMO_SHOP.id}/all-orders`);
    await page.getByRole('link', { name: `Подробнее о заказе №${order.order_number}` }).click();
    await page.waitForURL(`**/shops/${DEMO_SHOP.id}/orders/${order.id}`);
    await page.getByRole('heading', { level: 1, name: `Заказ №${order.order_number}` }).waitFor();
    await page.getByRole('link', { name: 'QR-код и ссылка' }).click();
    await page.waitForURL(`**/shops/order-qr/${order.id}`);
    await page.getByRole('heading', { name: 'QR-код для оплаты' }).waitFor();
    await page.getByRole('link', { name: 'Подробнее о заказе' }).click();
    await page.waitForURL(`**/orders/${order.id}`);
    await context.close();
  });
});

describe('accessibility and layout of the statistics and order details pages', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`has no axe violations and no horizontal scrolling at ${viewport.width} px`, async () => {
      const order = await shop.createOrder({ webhookUrl: receiver.url });
      await shop.submitApplication(order.id);
      await shop.signOffer(order.id);
      // Paid: no more changes (and toasts) while axe looks at the page.
      await shop.waitForStatus(order.id, 'payment_sent');
      const { page, context } = await openShop(`/shops/${DEMO_SHOP.id}/stats`, viewport);
      const found: string[] = [];
      const check = async (name: string) => {
        for (const violation of await axeViolations(page)) found.push(`${name}: ${violation}`);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        if (width > viewport.width) found.push(`${name}: page is ${width} px wide`);
        await page.screenshot({
          path: path.join(ARTIFACTS_DIR, `shop-${name}-${viewport.width}.png`),
          fullPage: true,
        });
      };

      const chart = page.getByRole('img', { name: /^Заказы по дням/ });
      await chart.waitFor();
      await check('stats');
      // Pointing at the last bar reads out today's numbers.
      const box = await chart.boundingBox();
      if (!box) throw new Error('no chart');
      await chart.hover({ position: { x: box.width - 8, y: box.height / 2 } });
      await page.getByText(/^\d\d\.\d\d\.\d{4} · \d+ заказ/).waitFor();
      await page.getByRole('button', { name: '7 дней' }).click();
      await page.waitForURL('**/stats?days=7');
      await page.getByRole('img', { name: /^Заказы по дням/ }).waitFor();
      await page.getByRole('button', { name: /^Выбрать даты/ }).click();
      await page.getByRole('dialog', { name: 'Выбор дат' }).waitFor();
      for (const violation of await axeViolations(page)) found.push(`stats calendar: ${violation}`);
      await page.keyboard.press('Escape');

      await page.goto(`/shops/${DEMO_SHOP.id}/stats?from=2020-01-01&to=2020-01-31`);
      await page.getByText('За этот период заказов нет.').waitFor();
      await check('stats-empty');

      await page.goto(`/shops/${DEMO_SHOP.id}/orders/${order.id}`);
      await page.getByTestId('status-history').waitFor();
      await page.getByTestId('webhook-delivery').first().waitFor();
      await check('order-details');

      // A paid order's QR screen says its status instead of inviting a scan.
      await page.goto(`/shops/order-qr/${order.id}`);
      await page.getByRole('heading', { name: 'Статус заказа' }).waitFor();
      expect(await page.getByText('Заказ оплачен: банк перечислил деньги магазину.').isVisible()).toBe(true);
      expect(await page.getByText('QR-код для оплаты').count()).toBe(0);
      expect(await page.getByTestId('order-qr').count()).toBe(0);
      await check('order-qr-paid');
      expect(found).toEqual([]);
      await context.close();
    });
  }
});
