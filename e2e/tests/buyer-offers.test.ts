import {
  amountToKopecks,
  DEMO_SHOP,
  formatRubles,
  kopecksToRubles,
  type Offer,
  type Order,
  offerTitle,
} from '@b2bpay/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { DESKTOP, holdRequests, launchBrowser, PHONE, recordLayoutShifts } from '../support/browser';
import { completeApplication, openBuyerPage, waitForStatus } from '../support/buyer-flow';
import { type BuyerServer, startBuyerServer } from '../support/buyer-server';

/**
 * The banks' offers in the browser (docs/product/DESIGN.md §13) on a 360 px phone: the approved
 * order lists the sandbox banks' offers, the buyer chooses one, gets the signing code by SMS (the
 * server's SMS receiver), is told a wrong code, signs with the right one and sees the offer signed;
 * the shop sees what the buyer chose, and the order page shows it paid once the sandbox bank pays.
 * A server of its own whose sandbox banks decide 1.5 s after the application and pay 1.5 s after the
 * signature.
 */
let server: BuyerServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startBuyerServer({ decisionDelayMs: 1500, paymentDelayMs: 1500 }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The order as the buyer's link reads it (no key): its offers while approved. */
async function publicOrder(orderId: string): Promise<Order> {
  const response = await fetch(`${server.baseUrl}/api/order/orders/${orderId}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Order;
}

describe('the buyer chooses and signs a bank’s offer', () => {
  it('opens the approved order with its offers from the server; the app takes it over in place, nothing moves', async () => {
    // Six products: a long list, where a phone shows the offers above the order's items.
    const products = Array.from({ length: 6 }, (_, i) => ({
      name: `Товар ${i + 1}`,
      price: 1000 + i,
      quantity: 1 + i,
    }));
    const order = await server.createOrder(products);
    const { page, context, errors } = await openBuyerPage(browser, server, PHONE);
    try {
      await completeApplication(page, server, order.id);
      await waitForStatus(server, order.id, 'app_approved');
      // The web fonts' swap after the load moves text by a fraction of a pixel (its own shift, on every
      // buyer page): without the fonts, any shift would be the offers'.
      await page.route(/\.woff2$/, (route) => route.abort());
      const layoutShifts = await recordLayoutShifts(page);
      // The entry's stylesheet is inline in the document: nothing on the page downloads it again.
      const stylesheets: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'stylesheet') stylesheets.push(new URL(request.url()).pathname);
      });
      // The offers' part comes after the page's own script, as on a slow network: the app's page waits
      // for it whole, and its own loading screen for the offers (then replaced by them) never shows.
      const { release } = await holdRequests(page, /\/static\/js\/buyer-offers-panel-[\w-]+\.js$/);
      page.on('requestfinished', (request) => {
        if (!/\/static\/js\/buyer-order-page-[\w-]+\.js$/.test(request.url())) return;
        // Two frames after the page's script has come: time for it to render what it would.
        void page
          .evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
          .finally(release);
      });
      // Whether the page's own loading screen for the offers ever showed.
      await page.addInitScript(() => {
        const seen = window as unknown as { offersLoadingShown: boolean };
        seen.offersLoadingShown = false;
        new MutationObserver(() => {
          if (document.body?.textContent?.includes('Загрузка предложений банков...'))
            seen.offersLoadingShown = true;
        }).observe(document, { subtree: true, childList: true, characterData: true });
      });
      const response = await page.goto(`/client/${order.id}`, { waitUntil: 'commit' });
      // The offers come in the server's HTML; the scripts the document asks for after its first paint
      // name the offers' part beside the page's own.
      const html = (await response?.text()) ?? '';
      expect(html).toContain('<div id="root" data-server-rendered="idle">');
      expect(html).toMatch(/"\/static\/js\/buyer-offers-panel-[\w-]+\.js"/);
      await page.getByRole('heading', { name: 'Банк одобрил заявку — выберите условия' }).waitFor();
      await page.getByTestId('offer-card').first().waitFor();
      // The app takes the page over at the buyer's first touch (here on the page's margin, on nothing
      // that responds; again until the takeover's part listens).
      await page.waitForLoadState('load');
      await expect
        .poll(async () => {
          await page.mouse.click(2, 400);
          return page.locator('#root[data-server-rendered]').count();
        })
        .toBe(0);
      await page.getByTestId('offer-card').first().waitFor();
      expect(
        await page.evaluate(() => (window as unknown as { offersLoadingShown: boolean }).offersLoadingShown),
      ).toBe(false);
      expect(await layoutShifts()).toEqual([]);
      expect(stylesheets.filter((href) => /^\/static\/assets\/buyer-[\w-]{8}\.css$/.test(href))).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('lists the offers, signs one with the SMS code at 360 px, and the shop sees the choice', async () => {
    const order = await server.createOrder();
    const { page, context, errors } = await openBuyerPage(browser, server, PHONE);
    const { phone } = await completeApplication(page, server, order.id);
    await waitForStatus(server, order.id, 'app_approved');

    await page.goto(`/client/${order.id}`);
    await page.getByRole('heading', { name: 'Банк одобрил заявку — выберите условия' }).waitFor();
    const cards = page.getByTestId('offer-card');
    await cards.first().waitFor();
    const offers = (await publicOrder(order.id)).offers ?? [];
    expect(offers.length).toBeGreaterThan(0);

    // The first card is the first offer of the public view, its terms and amounts as the API gives them.
    const first = cards.first();
    const chosen = offers[0] as Offer;
    expect(await first.getByRole('heading').textContent()).toBe(offerTitle(chosen));
    expect(await first.textContent()).toContain(chosen.bank_name);
    expect(await first.textContent()).toContain(formatRubles(chosen.total));
    expect(await first.textContent()).toContain(formatRubles(chosen.fee));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await axeViolations(page)).toEqual([]);

    const smsBefore = server.smsCount(phone);
    await first.getByRole('button', { name: 'Выбрать' }).click();
    await page.getByRole('heading', { name: 'Подписание предложения' }).waitFor();
    await page.getByText(/^Код из SMS отправлен на \+7/).waitFor();
    expect(await page.getByTestId('offer-text').textContent()).toContain(`заказ № ${order.order_number}`);
    // The code input takes the focus once the code is on its way.
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'offer-code');
    const code = await server.smsCode(phone, smsBefore);

    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByLabel('Код из SMS').fill(wrong);
    await page.getByRole('button', { name: 'Подписать' }).click();
    await page.getByText('Неверный код. Осталось попыток: 4').waitFor();
    expect(await page.getByLabel('Код из SMS').getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('Код из SMS').fill(code);
    await page.getByRole('button', { name: 'Подписать' }).click();
    await page.getByText(/^Предложение подписано \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/).waitFor();
    await page
      .getByText('Банк перечислит оплату магазину. Мы пришлём письмо, когда оплата пройдёт.')
      .waitFor();
    expect(await page.getByRole('button', { name: 'Выбрать' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    const shopView = await server.shopOrder(order.id);
    expect(shopView.accepted_offer).toMatchObject({ id: chosen.id, bank: chosen.bank, kind: chosen.kind });
    expect((await publicOrder(order.id)).offers).toEqual([]);

    // The shop's order page names what the buyer chose.
    const shop = await openBuyerPage(browser, server, DESKTOP);
    await shop.page.goto(`/shops/${DEMO_SHOP.id}/orders/${order.id}?token=${DEMO_SHOP.secretKey}`);
    const choice = shop.page.getByTestId('accepted-offer');
    await choice.waitFor();
    expect(await choice.textContent()).toContain(chosen.bank_name);
    expect(await choice.textContent()).toContain(offerTitle(chosen));
    await shop.context.close();

    // The sandbox bank pays the shop: the buyer's open page shows the order paid, the offer kept,
    // and says what was bought, from which bank and what is owed — not that nothing is left to do.
    await waitForStatus(server, order.id, 'payment_sent');
    await page.getByText('Оплачено', { exact: true }).waitFor({ timeout: 15_000 });
    await page.getByTestId('offer-signed').waitFor();
    const summary = page.getByTestId('purchase-summary');
    expect(await summary.textContent()).toContain('Бумага офисная А4, 500 листов');
    expect(await summary.textContent()).toContain(chosen.bank_name);
    expect(await page.getByTestId('owed').textContent()).toBe(formatRubles(chosen.total));
    expect(await page.getByText(/Больше ничего делать не нужно/).count()).toBe(0);

    // A partial return: what is owed drops by it, and the page says so; the success page too.
    await server.refund(order.id, 1000, 'Вернули две пачки');
    await page.reload();
    await expect
      .poll(() => page.getByTestId('owed').textContent())
      .toBe(formatRubles(kopecksToRubles(amountToKopecks(chosen.total) - 100_000)));
    expect(await page.getByTestId('refund-text').textContent()).toContain(
      `Магазин оформил возврат на ${formatRubles(1000)}`,
    );
    await page.goto(`/client/${order.id}/success`);
    await page.getByTestId('purchase-summary').waitFor();
    expect(await page.getByTestId('purchase-summary').textContent()).toContain(chosen.bank_name);
    expect(await page.getByText('Банки рассматривают заявку').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('goes back to the list and reopens the same offer without a second SMS', async () => {
    const order = await server.createOrder();
    const { page, context } = await openBuyerPage(browser, server, PHONE);
    const { phone } = await completeApplication(page, server, order.id);
    await waitForStatus(server, order.id, 'app_approved');
    await page.goto(`/client/${order.id}`);
    const first = page.getByTestId('offer-card').first();
    await first.waitFor();

    const smsBefore = server.smsCount(phone);
    await first.getByRole('button', { name: 'Выбрать' }).click();
    await page.getByRole('button', { name: /^Повторно через \d+ с$/ }).waitFor();
    await server.smsCode(phone, smsBefore);
    // Back to the list and the same offer again: the form comes back without a second SMS.
    await page.getByRole('button', { name: 'Выбрать другое предложение' }).click();
    await page.getByRole('heading', { name: 'Банк одобрил заявку — выберите условия' }).waitFor();
    await first.getByRole('button', { name: 'Выбрать' }).click();
    await page.getByRole('heading', { name: 'Подписание предложения' }).waitFor();
    expect(server.smsCount(phone)).toBe(smsBefore + 1);
    await context.close();
  });
});
