import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { DESKTOP, launchBrowser, openPage, PHONE } from '../support/browser';

/**
 * The API reference at /api/docs: a Russian page (no script) that axe finds clean on a phone and on
 * a desktop, and whose contents list takes the reader to the operation.
 */

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** The page is long (every operation, webhook and object of the API): axe takes its time over it. */
const AXE_TIMEOUT = 300_000;

async function noSideScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: document.documentElement.clientWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
}

describe('the API reference page', () => {
  // The page's colours are the same at every width (its media queries change layout only), so the
  // desktop scan leaves out colour contrast, which the phone's scan has judged on the same text.
  for (const [label, viewport, without] of [
    ['360', PHONE, []],
    ['1280', DESKTOP, ['color-contrast']],
  ] as const) {
    it(
      `at ${label} px: Russian, no script errors, nothing scrolls sideways, axe clean`,
      async () => {
        const { page, context, errors } = await openPage(browser, { viewport });
        const answer = await page.goto('/api/docs');
        expect(answer?.status()).toBe(200);
        await page.getByRole('heading', { level: 1, name: 'Справочник API B2BPay' }).waitFor();
        expect(await page.locator('html').getAttribute('lang')).toBe('ru');
        const contents = page.getByRole('navigation', { name: 'Содержание' });
        expect(await contents.getByRole('link', { name: 'Заказы', exact: true }).count()).toBe(1);
        expect(await page.getByRole('heading', { level: 4, name: 'Тело запроса' }).count()).toBeGreaterThan(
          5,
        );
        await noSideScroll(page);
        expect(await axeViolations(page, without)).toEqual([]);
        expect(errors).toEqual([]);
        await context.close();
      },
      AXE_TIMEOUT,
    );

    it(`at ${label} px: a contents link takes the reader to its operation`, async () => {
      const { page, context } = await openPage(browser, { viewport });
      await page.goto('/api/docs');
      const contents = page.getByRole('navigation', { name: 'Содержание' });
      await contents.getByRole('link', { name: 'POST Оформить возврат' }).click();
      await expect.poll(() => new URL(page.url()).hash).toBe('#op-createRefund');
      const heading = page.getByRole('heading', {
        level: 3,
        name: 'POST /api/order/orders/{order_id}/refunds Оформить возврат',
        exact: true,
      });
      // The operation's heading is at the top of the window, not somewhere below it.
      await expect
        .poll(async () => {
          const box = await heading.boundingBox();
          return box !== null && box.y >= 0 && box.y < viewport.height / 3;
        })
        .toBe(true);
      // Keyboard: the link is reachable and Enter follows it as well.
      await page.goto('/api/docs');
      const eventLink = contents.getByRole('link', { name: 'order.created' });
      await eventLink.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => new URL(page.url()).hash).toBe('#event-order-created');
      const event = page.getByRole('heading', { level: 3, name: 'POST order.created' });
      await expect
        .poll(async () => {
          const box = await event.boundingBox();
          return box !== null && box.y >= 0 && box.y < viewport.height / 3;
        })
        .toBe(true);
      await context.close();
    });
  }
});
