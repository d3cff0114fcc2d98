import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SHOP } from '../support/api';
import { DESKTOP, launchBrowser, type OpenedPage, openPage } from '../support/browser';
import { type ShopServer, startShopServer } from '../support/shop-server';

/**
 * New orders and refunds reach an open shop area live, as status changes do: an order created
 * through the API appears in the open list and in the statistics within 2 s without a reload, and a
 * refund shows in the statistics' turnover. A server of its own: banks decide and pay after 1 s.
 */
const LIVE_MS = 2000;

let shop: ShopServer;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([
    startShopServer({ decisionDelayMs: 1000, paymentDelayMs: 1000 }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

async function openShop(path: string): Promise<OpenedPage> {
  const opened = await openPage(browser, { baseURL: shop.baseUrl, viewport: DESKTOP });
  await opened.page.goto(`${path}?token=${encodeURIComponent(shop.token())}`);
  await opened.page.locator('[data-testid="live-indicator"][data-live="open"]').first().waitFor();
  await opened.page.evaluate(() => {
    (window as unknown as { __noReload: boolean }).__noReload = true;
  });
  return opened;
}

const notReloaded = (page: Page) =>
  page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload === true);

async function within2s(locator: Locator, since: number, what: string) {
  try {
    await locator.waitFor({ timeout: Math.max(100, since + LIVE_MS - Date.now()) });
  } catch (error) {
    throw new Error(`${what}: not shown within ${LIVE_MS} ms (${String(error).split('\n')[0]})`);
  }
}

describe('live: new orders and refunds', () => {
  it('an order created through the API appears in the open list within 2 s, with a toast', async () => {
    await shop.createOrder();
    const { page, context, errors } = await openShop(`/shops/${DEMO_SHOP.id}/all-orders`);
    await page
      .getByRole('link', { name: /^Заказ №/ })
      .first()
      .waitFor();

    const order = await shop.createOrder({
      products: [{ name: 'Кресло офисное', price: 7_990, quantity: 1 }],
    });
    const created = Date.now();
    const card = page.getByRole('link', { name: new RegExp(`^Заказ №${order.order_number}(?!\\d)`) });
    await within2s(card, created, 'new order in the list');
    expect(await card.getByTestId('order-goods').textContent()).toBe('Кресло офисное');
    await within2s(page.getByText(`Новый заказ №${order.order_number}`), created, 'toast');
    expect(await notReloaded(page)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('open statistics count a new order and show a refund in the turnover within 2 s', async () => {
    const paid = await shop.createOrder({ products: [{ name: 'Стол', price: 20_000, quantity: 1 }] });
    await shop.submitApplication(paid.id);
    await shop.waitForStatus(paid.id, 'app_approved');
    await shop.signOffer(paid.id);
    await shop.waitForStatus(paid.id, 'payment_sent');

    const { page, context, errors } = await openShop(`/shops/${DEMO_SHOP.id}/stats`);
    const orders = page.getByTestId('stat-orders');
    await orders.waitFor();
    const before = Number(await orders.textContent());
    // Money is written with no-break spaces.
    const refundedText = async () =>
      (await page.getByTestId('turnover-refunded').textContent())?.replace(/\s/g, ' ');
    expect(await refundedText()).toBe('0,00 ₽');

    await shop.createOrder();
    const created = Date.now();
    await within2s(
      page.locator(`[data-testid="stat-orders"]:text-is("${before + 1}")`),
      created,
      'statistics: new order',
    );

    await shop.api(`/api/order/orders/${paid.id}/refunds`, {
      method: 'POST',
      body: JSON.stringify({ amount: 5_000.5, reason: 'Возврат части товара' }),
    });
    const refunded = Date.now();
    await within2s(
      page.locator('[data-testid="turnover-refunded"]:text-is("−5 000,50 ₽")'),
      refunded,
      'statistics: refund',
    );
    // The refund keeps the sale: still one paid order, approved by its bank.
    expect(await page.getByTestId('funnel-paid').textContent()).toBe('1');
    expect(await page.getByTestId('funnel-approved').textContent()).toBe('1');
    expect(await notReloaded(page)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
