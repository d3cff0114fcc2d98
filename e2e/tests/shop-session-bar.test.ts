import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, PHONE } from '../support/browser';
import { type CabinetServer, startCabinetServer, uniqueEmail } from '../support/cabinet-server';

let browser: Browser;
let cabinet: CabinetServer;

beforeAll(async () => {
  [browser, cabinet] = await Promise.all([launchBrowser(), startCabinetServer()]);
});

afterAll(async () => {
  await browser?.close();
  await cabinet?.stop();
});

describe('the session bar of the shop area', () => {
  it('keeps its place while the server is asked who is logged in: the page below does not move', async () => {
    const email = uniqueEmail('session-bar');
    const password = 'длинный-пароль-2026';
    const { shopId } = await cabinet.registerOwner(email, password);
    const { page, context, errors } = await openPage(browser, { baseURL: cabinet.baseUrl, viewport: PHONE });
    try {
      await page.goto('/cabinet/login');
      const status = await page.evaluate(
        (body) =>
          fetch('/api/cabinet/login', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          }).then((r) => r.status),
        { email, password },
      );
      expect(status).toBe(200);
      // The answer to «who is logged in» comes late, as on a slow phone network.
      let answerMe: () => void = () => {};
      const meHeld = new Promise<void>((resolve) => {
        answerMe = resolve;
      });
      await page.route('**/api/cabinet/me', async (route) => {
        await meHeld;
        await route.continue();
      });
      await page.addInitScript(() => {
        const seen = window as unknown as { shifts: number[] };
        seen.shifts = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            seen.shifts.push((entry as unknown as { value: number }).value);
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(`/shops/${shopId}/all-orders`);
      // Until the answer, the bar's place is kept, out of sight and out of the accessibility tree.
      const reserved = page.getByTestId('session-bar-reserved');
      await reserved.waitFor({ state: 'attached' });
      expect(await reserved.isVisible()).toBe(false);
      expect(await reserved.getAttribute('aria-hidden')).toBe('true');
      const reservedHeight = (await reserved.boundingBox())?.height ?? 0;
      const mainTop = () => page.locator('main').evaluate((main) => main.getBoundingClientRect().top);
      const topBefore = await mainTop();
      answerMe();
      await page.getByTestId('session-user').waitFor();
      await page.getByRole('heading', { name: 'Все заказы' }).waitFor();
      await expect.poll(() => page.getByTestId('session-bar-reserved').count()).toBe(0);
      expect(reservedHeight).toBeGreaterThan(0);
      expect(await mainTop()).toBe(topBefore);
      expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
