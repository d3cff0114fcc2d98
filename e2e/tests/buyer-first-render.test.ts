import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, PHONE } from '../support/browser';
import { openBuyerPage } from '../support/buyer-flow';
import { type BuyerServer, startBuyerServer } from '../support/buyer-server';

/** The app's LOADING_SCREEN_DELAY_MS (apps/web/src/app/root-layout.tsx). */
const LOADING_SCREEN_DELAY_MS = 400;

// The buyer's step pages are rendered by the browser: the first thing it paints is the page itself,
// not the app's «Загрузка...» screen while the page's script part is still on its way (a screen that
// showed for a frame or more and was then replaced: a flicker, and the phone's first paint not the
// page). The loading screen shows only once the wait is noticeable (LOADING_SCREEN_DELAY_MS).
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
      await page.goto(`/client/${order.id}/apply`);
      await page.getByRole('heading', { name: 'Данные организации' }).waitFor();
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
