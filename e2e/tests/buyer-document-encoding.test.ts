import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, PHONE } from '../support/browser';
import { openBuyerPage } from '../support/buyer-flow';
import { type BuyerServer, startBuyerServer } from '../support/buyer-server';

/**
 * In the browser: the buyer's document, whose parts around the order are compressed once
 * (apps/api/src/plugins/precompressed-document.ts), is decoded by Chromium in each encoding the API
 * sends, and the page shows the embedded order.
 */
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

describe('the buyer document in every encoding', () => {
  for (const [acceptEncoding, expected] of [
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', null],
    ['identity', undefined],
  ] as const) {
    it(`renders the embedded order when the browser asks for «${acceptEncoding}»`, async () => {
      const order = await server.createOrder([
        { name: 'Бумага офисная «Снегурочка» А4, 500 листов', price: 1234.5, quantity: 2 },
      ]);
      const { page, context, errors } = await openBuyerPage(browser, server, PHONE);
      try {
        await context.setExtraHTTPHeaders({ 'accept-encoding': acceptEncoding });
        const response = await page.goto(`/client/${order.id}`);
        const headers = (await response?.allHeaders()) ?? {};
        const encoding = headers['content-encoding'];
        // Asked for both, the smaller of the two comes; either way one of them.
        if (expected === null) expect(['br', 'gzip']).toContain(encoding);
        else expect(encoding).toBe(expected);
        expect(headers.vary).toBe('accept-encoding');
        expect(headers['cache-control']).toBe('no-cache');
        await page.getByText('Бумага офисная «Снегурочка» А4, 500 листов').waitFor();
        await page.getByRole('button', { name: 'Заполнить заявку' }).waitFor();
        // The order came with the document, decoded whole (the closing tags after it too).
        const body = (await response?.text()) ?? '';
        expect(body).toContain(`"id":"${order.id}"`);
        expect(body.trimEnd().endsWith('</html>')).toBe(true);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
