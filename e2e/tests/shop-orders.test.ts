import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrdersViaApi, createOrderViaApi, DEMO_SHOP, listOrdersViaApi, shopUrl } from '../support/api';
import { launchBrowser, openPage, PHONE } from '../support/browser';
import { ARTIFACTS_DIR } from '../support/paths';

let browser: Browser;
let total = 0;
let pages = 1;
const ORDERS_PATH = `/shops/${DEMO_SHOP.id}/all-orders`;

/** Today in Moscow, the time zone of the pages and of the API's bare dates. */
function moscowToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(new Date());
}

const cards = (page: Page) => page.getByRole('link', { name: /^Заказ №/ });
const address = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

beforeAll(async () => {
  browser = await launchBrowser();
  await createOrdersViaApi(23);
  total = (await listOrdersViaApi()).count;
  pages = Math.ceil(total / 20);
});

afterAll(async () => {
  await browser?.close();
});

describe('order list', () => {
  it('pages through the orders, newest first, and clamps a page past the end', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto(shopUrl('/all-orders'));
    await page.getByText(`Страница 1 из ${pages}`).waitFor();
    expect(await cards(page).count()).toBe(20);
    const newest = await listOrdersViaApi();
    expect(await cards(page).first().textContent()).toContain(`Заказ №${newest.items[0]?.order_number}`);

    await page.getByRole('button', { name: 'Следующая' }).click();
    await page.getByText(`Страница 2 из ${pages}`).waitFor();
    // The page number follows the address at once; the cards once page 2 has arrived.
    await page.locator('section[aria-label="Заказы"][aria-busy="false"]').waitFor();
    expect(address(page)).toBe(`${ORDERS_PATH}?page=2`);
    expect(await cards(page).count()).toBe(Math.min(20, total - 20));
    await page.getByRole('button', { name: 'Предыдущая' }).click();
    await page.getByText(`Страница 1 из ${pages}`).waitFor();

    await page.goto(`${ORDERS_PATH}?page=999`);
    await page.getByText(`Страница ${pages} из ${pages}`).waitFor();
    expect(address(page)).toBe(`${ORDERS_PATH}?page=${pages}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('finds an order by number with the debounced, clearable search', async () => {
    const { page, context } = await openPage(browser);
    const target = (await listOrdersViaApi()).items[3];
    if (!target) throw new Error('no orders');
    await page.goto(shopUrl('/all-orders?page=2'));
    await page.getByText(/^Страница 2 из/).waitFor();

    const search = page.getByRole('searchbox', { name: 'Поиск заказов' });
    await search.fill(target.order_number);
    // Not yet: the address follows 500 ms after the last keystroke.
    expect(address(page)).toBe(`${ORDERS_PATH}?page=2`);
    await page.waitForURL(`**/all-orders?search=${target.order_number}`);
    await page.getByRole('link', { name: new RegExp(`^Заказ №${target.order_number}\\b`) }).waitFor();
    for (const text of await cards(page).allTextContents()) expect(text).toMatch(/^Заказ №\d+/);
    expect(await page.getByTestId('filter-badge').textContent()).toBe('1 фильтр');

    await page.getByRole('button', { name: 'Очистить поиск' }).click();
    await page.waitForURL(`**${ORDERS_PATH}`);
    expect(await search.inputValue()).toBe('');
    await context.close();
  });

  it('filters by status toggles, counts the filters and resets them', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(shopUrl('/all-orders'));
    await cards(page).first().waitFor();

    const request = page.waitForRequest((r) => r.url().includes('status=payment_sent'));
    await page.getByRole('button', { name: 'Оплачено' }).click();
    await request;
    await page.getByText('Нет заказов для отображения.').waitFor();
    expect(await page.getByRole('button', { name: 'Оплачено' }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('filter-badge').textContent()).toBe('1 фильтр');

    await page.getByRole('button', { name: 'Ожидаем данные клиента' }).click();
    await cards(page).first().waitFor();
    expect(address(page)).toBe(`${ORDERS_PATH}?status=payment_sent&status=client_expected`);
    expect(await page.getByTestId('filter-badge').textContent()).toBe('2 фильтра');

    await page.getByRole('button', { name: 'Оплачено' }).click();
    expect(address(page)).toBe(`${ORDERS_PATH}?status=client_expected`);

    await page.getByRole('button', { name: 'Сбросить фильтры' }).click();
    expect(address(page)).toBe(ORDERS_PATH);
    await page.getByTestId('filter-badge').waitFor({ state: 'detached' });
    await context.close();
  });

  it('filters by a date range picked in the two-month calendar', async () => {
    const { page, context } = await openPage(browser);
    const today = moscowToday();
    await page.goto(shopUrl('/all-orders'));
    await cards(page).first().waitFor();

    const trigger = page.getByRole('button', { name: /^Дата\/Даты/ });
    await trigger.click();
    const dialog = page.getByRole('dialog', { name: 'Выбор дат' });
    await dialog.waitFor();
    const months = [
      'Январь',
      'Февраль',
      'Март',
      'Апрель',
      'Май',
      'Июнь',
      'Июль',
      'Август',
      'Сентябрь',
      'Октябрь',
      'Ноябрь',
      'Декабрь',
    ];
    const [year, month] = today.split('-').map(Number) as [number, number];
    // The previous and the current month, not the current and a future one.
    expect(await dialog.getByText(`${months[month - 1]} ${year}`, { exact: true }).isVisible()).toBe(true);
    expect(
      await dialog
        .getByText(`${months[(month + 10) % 12]} ${month === 1 ? year - 1 : year}`, { exact: true })
        .isVisible(),
    ).toBe(true);
    expect(await dialog.getByRole('columnheader', { name: 'Пн' }).count()).toBe(2);
    expect(await dialog.getByRole('button', { name: 'Следующий месяц' }).isDisabled()).toBe(true);
    // Future days cannot be picked; the day grid is one tab stop moved by the arrow keys.
    const future = await dialog
      .locator('[data-day]')
      .evaluateAll(
        (days, t) =>
          days
            .filter((d) => (d.getAttribute('data-day') ?? '') > t)
            .map((d) => (d as HTMLButtonElement).disabled),
        today,
      );
    expect(future.every(Boolean)).toBe(true);
    expect(await dialog.locator('[data-day][tabindex="0"]').count()).toBe(1);
    await dialog.locator(`[data-day="${today}"]`).focus();
    await page.keyboard.press('ArrowUp');
    const weekBefore = await page.evaluate(() => document.activeElement?.getAttribute('data-day'));
    expect(weekBefore).toBe(
      new Date(Date.parse(`${today}T00:00:00Z`) - 7 * 86_400_000).toISOString().slice(0, 10),
    );
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-day')))
      .toBe(today);
    await expect.poll(() => dialog.locator('[data-day][tabindex="0"]').count()).toBe(1);

    // Cancel leaves the filter alone.
    await dialog.locator(`[data-day="${today}"]`).click();
    await dialog.getByRole('button', { name: 'Отмена' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(address(page)).toBe(ORDERS_PATH);

    // A click outside closes it as well.
    await trigger.click();
    await dialog.waitFor();
    await page.getByRole('heading', { level: 1 }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Today as a one-day range: every order made by this suite is in it.
    await trigger.click();
    await dialog.locator(`[data-day="${today}"]`).click();
    await expect
      .poll(() => dialog.locator(`[data-day="${today}"]`).getAttribute('data-range'))
      .toBe('single');
    await dialog.getByRole('button', { name: 'Применить' }).click();
    await page.waitForURL(`**/all-orders?startDate=${today}&endDate=${today}`);
    await cards(page).first().waitFor();
    expect(await page.getByTestId('filter-badge').textContent()).toBe('1 фильтр');

    // A range in an earlier month: nothing then.
    await trigger.click();
    await dialog.getByRole('button', { name: 'Предыдущий месяц' }).click();
    await dialog.getByRole('button', { name: 'Предыдущий месяц' }).click();
    const first = dialog.locator('[data-day$="-01"]').first();
    const third = dialog.locator('[data-day$="-03"]').first();
    const from = (await first.getAttribute('data-day')) ?? '';
    const to = (await third.getAttribute('data-day')) ?? '';
    await third.click();
    await first.click();
    await expect.poll(() => dialog.locator(`[data-day="${from}"]`).getAttribute('data-range')).toBe('start');
    await expect
      .poll(() => dialog.locator(`[data-day$="-02"]`).first().getAttribute('data-range'))
      .toBe('middle');
    await expect.poll(() => dialog.locator(`[data-day="${to}"]`).getAttribute('data-range')).toBe('end');
    await dialog.getByRole('button', { name: 'Применить' }).click();
    await page.waitForURL(`**/all-orders?startDate=${from}&endDate=${to}`);
    await page.getByText('Нет заказов для отображения.').waitFor();
    const dotted = (iso: string) => iso.split('-').reverse().join('.');
    expect(await trigger.textContent()).toBe(`Дата/Даты: ${dotted(from)} – ${dotted(to)}`);

    // Сбросить clears the picked days; applying that removes the date filter.
    await trigger.click();
    await dialog.getByRole('button', { name: 'Сбросить' }).click();
    await dialog.getByRole('button', { name: 'Применить' }).click();
    await page.waitForURL(`**${ORDERS_PATH}`);
    await cards(page).first().waitFor();
    await context.close();
  });

  it('finds an order by product, buyer and number with «№», and its card names the goods', async () => {
    const { page, context } = await openPage(browser);
    const chair = await createOrderViaApi([
      { name: 'Кресло офисное «Директор»', price: 12_500, quantity: 2 },
      { name: 'Подставка для ног', price: 900, quantity: 1 },
    ]);
    await page.goto(shopUrl('/all-orders'));
    await cards(page).first().waitFor();
    const search = page.getByRole('searchbox', { name: 'Поиск заказов' });
    const chairCard = page.getByRole('link', { name: new RegExp(`^Заказ №${chair.order_number}(?!\\d)`) });

    await search.fill('кресло');
    await page.waitForURL('**/all-orders?search=%D0%BA%D1%80%D0%B5%D1%81%D0%BB%D0%BE');
    // The newest order is on the unfiltered first page too: wait for the filtered answer.
    await expect.poll(() => cards(page).count()).toBe(1);
    await chairCard.waitFor();
    expect(await chairCard.getByTestId('order-goods').textContent()).toBe(
      'Кресло офисное «Директор» × 2, Подставка для ног',
    );

    await search.fill(`№${chair.order_number}`);
    await page.waitForURL(`**/all-orders?search=%E2%84%96${chair.order_number}`);
    await chairCard.waitFor();
    for (const text of await cards(page).allTextContents()) {
      expect(text).toMatch(new RegExp(`^Заказ №\\d*${chair.order_number}`));
    }
    await context.close();
  });

  it('at 360 px the calendar opens whole in view, on the current month, with the focus on today', async () => {
    const viewport = { width: 360, height: 640 };
    const { page, context } = await openPage(browser, { viewport });
    const today = moscowToday();
    await page.goto(shopUrl('/all-orders'));
    await cards(page).first().waitFor();
    await page.getByRole('button', { name: /^Дата\/Даты/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Выбор дат' });
    await dialog.waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-day')))
      .toBe(today);
    const box = await dialog.boundingBox();
    if (!box) throw new Error('no calendar box');
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    // Whole: nothing of it scrolls inside its box.
    expect(await dialog.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
    const months = await dialog
      .getByRole('table')
      .evaluateAll((tables) => tables.map((t) => t.getAttribute('aria-label')));
    const [year, month] = today.split('-').map(Number) as [number, number];
    const names = [
      'Январь',
      'Февраль',
      'Март',
      'Апрель',
      'Май',
      'Июнь',
      'Июль',
      'Август',
      'Сентябрь',
      'Октябрь',
      'Ноябрь',
      'Декабрь',
    ];
    expect(months).toEqual([`${names[month - 1]} ${year}`]);
    expect(await dialog.getByRole('button', { name: 'Применить' }).isVisible()).toBe(true);
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'orders-calendar-360.png') });
    await context.close();
  });

  it('at 360 px the status chips are one row that scrolls sideways, and the first order is in view', async () => {
    const { page, context } = await openPage(browser, { viewport: PHONE });
    await page.goto(shopUrl('/all-orders'));
    await cards(page).first().waitFor();
    const chips = page.getByTestId('status-chips');
    const row = await chips.evaluate((el) => ({
      height: el.getBoundingClientRect().height,
      scrolls: el.scrollWidth > el.clientWidth,
      tops: new Set([...el.children].map((c) => Math.round(c.getBoundingClientRect().top))).size,
    }));
    expect(row.tops).toBe(1);
    expect(row.height).toBeLessThan(60);
    expect(row.scrolls).toBe(true);
    expect((await cards(page).first().boundingBox())?.y ?? 9999).toBeLessThan(PHONE.height);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'orders-360.png') });
    await context.close();
  });

  it('a failed load is said in Russian with «Повторить»; the live dot follows the stream going offline and back', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(shopUrl('/all-orders'));
    await cards(page).first().waitFor();
    const live = page.getByTestId('live-indicator');
    const liveIs = (state: string) =>
      page.waitForFunction(
        (s) => document.querySelector('[data-testid=live-indicator]')?.getAttribute('data-live') === s,
        state,
      );
    await liveIs('open');

    await page.route('**/api/order/orders**', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Ожидаем данные клиента' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain(
      'Ошибка загрузки заказов: нет связи с сервером. Проверьте подключение к интернету.',
    );
    expect(await alert.textContent()).not.toContain('Network');
    await page.unroute('**/api/order/orders**');
    await page.getByRole('button', { name: 'Повторить' }).click();
    await alert.waitFor({ state: 'detached' });

    // The browser says it went offline: the stream is dropped at once and the dot says so.
    await page.evaluate(() => window.dispatchEvent(new Event('offline')));
    await liveIs('reconnecting');
    expect(await live.textContent()).not.toContain('Обновляется автоматически');
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await liveIs('open');
    await context.close();
  });

  it('does not move under the reader while it loads on a phone: no layout shift up to the live stream', async () => {
    const { page, context } = await openPage(browser, { viewport: { width: 412, height: 823 } });
    await page.goto(shopUrl('/all-orders'));
    await cards(page).first().waitFor();
    await page.locator('[data-testid="live-indicator"][data-live="open"]').waitFor();
    const shifts = await page.evaluate(
      () =>
        new Promise<Array<{ value: number; nodes: string[] }>>((resolve) => {
          new PerformanceObserver((list, observer) => {
            observer.disconnect();
            resolve(
              (
                list.getEntries() as Array<
                  PerformanceEntry & {
                    value: number;
                    hadRecentInput: boolean;
                    sources?: Array<{ node?: Node }>;
                  }
                >
              )
                .filter((entry) => !entry.hadRecentInput)
                .map((entry) => ({
                  value: entry.value,
                  nodes: (entry.sources ?? []).map(
                    (source) => (source.node as Element | undefined)?.outerHTML.slice(0, 80) ?? '?',
                  ),
                })),
            );
          }).observe({ type: 'layout-shift', buffered: true });
          // No shift at all: the observer has nothing buffered to report.
          setTimeout(() => resolve([]), 500);
        }),
    );
    expect(shifts).toEqual([]);
    await context.close();
  });

  it('the «Подтверждённые» tile opens the confirmed filter', async () => {
    const { page, context } = await openPage(browser, { viewport: PHONE });
    await page.goto(shopUrl());
    const request = page.waitForRequest((r) => r.url().includes('/api/order/orders?'));
    await page.getByRole('link', { name: /Подтверждённые/ }).click();
    await page.getByRole('heading', { name: 'Подтвержденные заказы' }).waitFor();
    const params = new URL((await request).url()).searchParams;
    expect(params.getAll('status')).toEqual(['app_approved', 'payment_sent']);
    expect(address(page)).toBe(`${ORDERS_PATH}?status=app_approved&status=payment_sent`);
    await page.getByRole('link', { name: 'Назад' }).click();
    await page
      .getByRole('link', { name: /Все заказы/ })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Все заказы' }).waitFor();
    await context.close();
  });

  it('an order card opens its QR screen with the current status', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(shopUrl('/all-orders'));
    const card = cards(page).first();
    const number = ((await card.textContent()) ?? '').match(/Заказ №(\d+)/)?.[1];
    await card.click();
    await page.waitForURL('**/shops/order-qr/**');
    await page.getByRole('heading', { name: `Заказ №${number}` }).waitFor();
    expect(await page.getByText('Ожидаем данные клиента').isVisible()).toBe(true);
    expect(await page.getByText('QR-код успешно создан!').count()).toBe(0);
    // The shop navigation still knows the shop.
    expect(await page.getByRole('link', { name: 'Все заказы' }).getAttribute('href')).toBe(ORDERS_PATH);
    await context.close();
  });
});
