import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrderViaApi, DEMO_SHOP, shopUrl } from '../support/api';
import { launchBrowser, openPage } from '../support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  await createOrderViaApi();
});

afterAll(async () => {
  await browser?.close();
});

describe('shop token handling', () => {
  it('stores ?token= in session storage and removes it from the address, keeping path, query and hash', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto('/shops/missing-page/unknown');
    // An address without a page is the not-found page with HTTP 404: the browser reports that status.
    expect(errors.splice(0)).toEqual([
      'Failed to load resource: the server responded with a status of 404 (Not Found)',
    ]);
    const entriesBefore = await page.evaluate(() => history.length);
    await page.goto(`/shops/${DEMO_SHOP.id}/all-orders?page=1&token=${DEMO_SHOP.secretKey}#list`);
    await page
      .getByText(/^Заказ №/)
      .first()
      .waitFor();
    const url = new URL(page.url());
    expect(url.pathname).toBe(`/shops/${DEMO_SHOP.id}/all-orders`);
    expect(url.searchParams.has('token')).toBe(false);
    expect(url.hash).toBe('#list');
    expect(await page.evaluate(() => sessionStorage.getItem('authToken'))).toBe(DEMO_SHOP.secretKey);
    // One history entry: the address with the token was replaced, not pushed.
    expect(await page.evaluate(() => history.length)).toBe(entriesBefore + 1);

    // The stored token survives a reload and keeps the list working.
    await page.reload();
    await page
      .getByText(/^Заказ №/)
      .first()
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('without a token the list is never requested', async () => {
    const { page, context } = await openPage(browser);
    const listCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/order/orders') listCalls.push(request.url());
    });
    await page.goto(`/shops/${DEMO_SHOP.id}/all-orders`);
    await page.getByRole('heading', { name: 'Нет ключа доступа магазина' }).waitFor();
    expect(listCalls).toEqual([]);
    await context.close();
  });

  it('a wrong token shows the load error from the server', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(shopUrl('/all-orders', 'sk_wrong_token'));
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/^Ошибка загрузки заказов: .+/);
    await context.close();
  });
});
