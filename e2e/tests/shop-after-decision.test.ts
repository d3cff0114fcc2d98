import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SHOP } from '../support/api';
import { DESKTOP, launchBrowser, type OpenedPage, openPage } from '../support/browser';
import { type ShopServer, startShopServer } from '../support/shop-server';

/**
 * After the decision (docs/product/DESIGN.md §11) in the browser, shop area at 1280 px: «Отменить заказ» with the reason, «Оформить возврат» of
 * part of a paid order, the list of returns and the payout block, both shown live on an open order
 * list in another page, and «Выгрузить CSV» under the current filters. A server of its own whose
 * sandbox banks decide, and pay once the buyer has signed an offer, after 300 ms (SANDBOX_*_DELAY_MS),
 * so an order is paid within a second or two instead of the real delays.
 */
const LIVE_TIMEOUT_MS = 5000;

interface Refund {
  id: string;
  amount: number;
  reason: string;
}
interface HistoryEntry {
  to_status: string;
  actor: string;
  reason: string | null;
}

let shop: ShopServer;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([
    startShopServer({ decisionDelayMs: 300, paymentDelayMs: 300 }),
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
  return opened;
}

/** The order list, following the live stream (so a change made from now on must reach it). */
async function openLiveList(): Promise<OpenedPage> {
  const opened = await openShop(`/shops/${DEMO_SHOP.id}/all-orders`);
  await opened.page.locator('[data-testid="live-indicator"][data-live="open"]').first().waitFor();
  return opened;
}

const card = (page: Page, number: string) =>
  page.getByRole('link', { name: new RegExp(`^Заказ №${number}(?!\\d)`) });

/** ru-RU money as the page prints it (Intl puts no-break spaces in). */
const rubles = (text: string) => new RegExp(text.replaceAll(' ', '\\s'));

describe('after the decision in the shop area', () => {
  it('cancels an order from its page with the reason; an open list shows «Заказ отменён» live', async () => {
    const order = await shop.createOrder();
    const list = await openLiveList();
    await card(list.page, order.order_number).getByText('Ожидаем данные клиента').waitFor();

    const details = await openShop(`/shops/${DEMO_SHOP.id}/orders/${order.id}`);
    const { page } = details;
    await page.getByRole('button', { name: 'Отменить заказ' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: `Отменить заказ №${order.order_number}?` }).waitFor();
    await dialog.getByLabel('Причина (необязательно)').fill('Покупатель передумал');
    await dialog.getByRole('button', { name: 'Отменить заказ' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.locator('main').getByText('Заказ отменён', { exact: true }).first().waitFor();
    // Nothing more to do with a cancelled order.
    expect(await page.getByRole('button', { name: 'Отменить заказ' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Оформить возврат' }).count()).toBe(0);

    await card(list.page, order.order_number)
      .getByText('Заказ отменён')
      .waitFor({ timeout: LIVE_TIMEOUT_MS });

    expect((await shop.shopOrder(order.id)).status).toBe('cancelled');
    const history = await shop.api<HistoryEntry[]>(`/api/order/orders/${order.id}/history`);
    expect(history.at(-1)).toMatchObject({
      to_status: 'cancelled',
      actor: 'shop',
      reason: 'Заказ отменён магазином: Покупатель передумал',
    });
    expect(details.errors).toEqual([]);
    expect(list.errors).toEqual([]);
    await details.context.close();
    await list.context.close();
  });

  it('returns part of a paid order by amount: the returns, refunded_amount, the payout, the live list', async () => {
    // 450,50 ₽ × 10 = 4 505,00 ₽: approved, the first offer signed by the buyer, paid by the sandbox
    // bank within a second or two.
    const order = await shop.createOrder();
    await shop.submitApplication(order.id);
    await shop.signOffer(order.id);
    await shop.waitForStatus(order.id, 'payment_sent');
    const paid = await shop.shopOrder(order.id);
    expect(paid.payout).toBeTruthy();

    const list = await openLiveList();
    await card(list.page, order.order_number).getByText('Оплачено').waitFor();

    const details = await openShop(`/shops/${DEMO_SHOP.id}/orders/${order.id}`);
    const { page } = details;
    const payout = page.getByTestId('payout');
    await payout.waitFor();
    expect(await payout.textContent()).toContain(paid.payout?.reference ?? '—');
    expect(await payout.getByText('Выплачено магазину').count()).toBe(1);
    await page.getByText('Возвратов не было.').waitFor();

    await page.getByRole('button', { name: 'Оформить возврат' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: 'Часть суммы' }).check();
    // Typed the Russian way, with a space between the groups.
    await dialog.getByLabel('Сумма возврата').fill('1 234,50');
    await dialog.getByLabel('Причина возврата').fill('Вернулись две пачки бумаги');
    await dialog.getByRole('button', { name: 'Оформить возврат' }).click();
    await dialog.waitFor({ state: 'detached' });

    const refunds = page.getByTestId('refunds');
    await refunds.getByText('Вернулись две пачки бумаги').waitFor();
    expect(await refunds.textContent()).toMatch(rubles('1 234,50 ₽'));
    await page.getByText(rubles('Возвращено 1 234,50 ₽ из 4 505,00 ₽')).waitFor();
    // Part returned: still paid, and more can be returned.
    await page.locator('main').getByText('Оплачено', { exact: true }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Оформить возврат' }).isEnabled()).toBe(true);

    const view = await shop.shopOrder(order.id);
    expect(view.refunded_amount).toBe(1234.5);
    expect(view.status).toBe('payment_sent');
    const stored = await shop.api<{ items: Refund[] }>(`/api/order/orders/${order.id}/refunds`);
    expect(stored.items.map((r) => [r.amount, r.reason])).toEqual([[1234.5, 'Вернулись две пачки бумаги']]);

    // The open list hears of the return at once (a toast), and of the status when the rest goes back.
    await list.page
      .getByText(`Заказ №${order.order_number}: оформлен возврат`)
      .first()
      .waitFor({ timeout: LIVE_TIMEOUT_MS });
    await shop.api(`/api/order/orders/${order.id}/refunds`, {
      method: 'POST',
      body: JSON.stringify({ amount: 3270.5, reason: 'Остальное' }),
    });
    await card(list.page, order.order_number)
      .getByText('Возврат оформлен')
      .waitFor({ timeout: LIVE_TIMEOUT_MS });
    // The order's own page follows the stream too.
    await page.getByText(rubles('Возвращено 4 505,00 ₽ из 4 505,00 ₽')).waitFor({ timeout: LIVE_TIMEOUT_MS });

    // «Выгрузить CSV» with the list's current filter (status «Возврат оформлен»): this order only.
    await list.page.getByRole('button', { name: 'Возврат оформлен', exact: true }).click();
    await list.page.getByTestId('filter-badge').waitFor();
    const [request, download] = await Promise.all([
      list.page.waitForRequest((r) => r.url().includes('/api/order/orders/export.csv')),
      list.page.waitForEvent('download'),
      list.page.getByRole('button', { name: 'Выгрузить CSV' }).click(),
    ]);
    expect(new URL(request.url()).searchParams.getAll('status')).toEqual(['refunded']);
    // The server's dated Russian name (Moscow's day), not «orders.csv».
    expect(download.suggestedFilename()).toMatch(/^заказы-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]?.split(';').length).toBe(11);
    expect(lines[0]?.split(';')[1]).toBe('"номер в магазине"');
    expect(lines).toHaveLength(2);
    // Text cells are quoted (RFC 4180), numbers are not; none of these texts holds a `;`.
    const row = lines[1]?.split(';') ?? [];
    expect(row[0]).toBe(order.order_number);
    expect(row[3]).toBe('"Возврат оформлен"');
    expect(row.slice(4, 6)).toEqual(['4505,00', '4505,00']);
    expect(row[10]).toBe(`"${paid.payout?.reference}"`);

    expect(details.errors).toEqual([]);
    expect(list.errors).toEqual([]);
    await details.context.close();
    await list.context.close();
  });
});
