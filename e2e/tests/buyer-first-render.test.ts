import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, PHONE } from '../support/browser';
import { openBuyerPage } from '../support/buyer-flow';
import { type BuyerServer, startBuyerServer } from '../support/buyer-server';

// The buyer's step pages are rendered by the browser: the first thing it paints is the page itself,
// not the app's «Загрузка...» screen while the page's script part is still on its way (a screen that
// would show for a frame or more and then be replaced: a flicker, and the phone's largest paint later).
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

describe('a buyer page rendered by the browser', () => {
  it('paints the page first, never the loading screen, even when its part comes after the entry', async () => {
    const order = await server.createOrder();
    const { page, context, errors } = await openBuyerPage(browser, server, PHONE);
    try {
      // The page's part comes two frames after the entry's script, as on a slow network.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(/\/static\/js\/buyer-apply-step1-page-[\w-]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      page.on('requestfinished', (request) => {
        if (!/\/static\/js\/buyer-buyer-[\w-]+\.js$/.test(request.url())) return;
        void page
          .evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
          .finally(release);
      });
      await page.addInitScript(() => {
        const seen = window as unknown as { loadingShown: boolean };
        seen.loadingShown = false;
        new MutationObserver(() => {
          if (document.getElementById('root')?.textContent?.includes('Загрузка...')) seen.loadingShown = true;
        }).observe(document, { subtree: true, childList: true, characterData: true });
      });
      await page.goto(`/client/${order.id}/apply`);
      await page.getByRole('heading', { name: 'Данные организации' }).waitFor();
      expect(await page.evaluate(() => (window as unknown as { loadingShown: boolean }).loadingShown)).toBe(
        false,
      );
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
