import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SHOP, shopUrl } from '../support/api';
import { axeViolations } from '../support/axe';
import { afterNextFrames, DESKTOP, launchBrowser, openPage, PHONE } from '../support/browser';
import { type CabinetServer, startCabinetServer, uniqueEmail } from '../support/cabinet-server';

/**
 * Test and live in the web app (DESIGN §16): the confirm page shows the live and the test keys; on
 * a session the shop area's «Тестовый режим» switch chooses the mode of every call, and an order
 * made in test mode is in the test list only; a secret key shows its own mode.
 */
/** Each checked page's screenshot at both widths, for a look (UI.md, "Check it as a person would"). */
const SCREENSHOTS_DIR = process.env.E2E_SCREENSHOTS_DIR ?? '/tmp/b2bpay-modes';

const BAND = 'Тестовый режим — заказы не настоящие, решения принимают банки-песочницы, деньги не движутся.';

let browser: Browser;
let cabinet: CabinetServer;

beforeAll(async () => {
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  [browser, cabinet] = await Promise.all([launchBrowser(), startCabinetServer()]);
});

afterAll(async () => {
  await browser?.close();
  await cabinet?.stop();
});

/** Serious and critical axe violations of the page at both design widths (UI.md). */
async function seriousAtBothWidths(page: Page, where: string): Promise<string[]> {
  const found: string[] = [];
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await afterNextFrames(page);
    found.push(
      ...(await axeViolations(page))
        .filter((line) => /^\S+ \((serious|critical)\)/.test(line))
        .map((line) => `${where} at ${viewport.width} px: ${line}`),
    );
    const name = `${viewport.width}-${where.replace(/[^a-z0-9]+/gi, '-')}.png`;
    await page.screenshot({ path: `${SCREENSHOTS_DIR}/${name}`, fullPage: true });
  }
  return found;
}

/** The order list's next answer, with the mode its request named. */
function nextListAnswer(page: Page) {
  return page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/order/orders' && r.request().method() === 'GET',
  );
}

describe('test and live in the web app', () => {
  it('sign-up shows four keys; in test mode an order is made and listed in test only; the band and the switch pass axe', async () => {
    const email = uniqueEmail('modes');
    const signup = await fetch(`${cabinet.baseUrl}/api/cabinet/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        email,
        password: 'длинный-пароль-2026',
        name: 'Анна Смирнова',
        company: { inn: '7707083893' },
      }),
    });
    expect(signup.status).toBe(202);
    const link = await cabinet.linkFor(email, '/cabinet/confirm');

    const { page, context, errors } = await openPage(browser, { baseURL: cabinet.baseUrl });
    await page.goto(link);
    await page.getByRole('heading', { name: 'Магазин создан' }).waitFor();

    // The live keys and, below them, the test keys: four in all, each once.
    const live = page.getByRole('region', { name: 'Ключи боевого режима' });
    const test = page.getByRole('region', { name: 'Ключи тестового режима' });
    expect(await live.getByText(/^sk_live_/).count()).toBe(1);
    expect(await live.getByText(/^pk_live_/).count()).toBe(1);
    expect(await test.getByText('Тестовый секретный ключ', { exact: true }).count()).toBe(1);
    expect(await test.getByText(/^sk_test_/).count()).toBe(1);
    expect(await test.getByText('Тестовый публикуемый ключ', { exact: true }).count()).toBe(1);
    expect(await test.getByText(/^pk_test_/).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Копировать' }).count()).toBe(4);
    const liveBox = await live.boundingBox();
    const testBox = await test.boundingBox();
    expect(testBox?.y ?? 0).toBeGreaterThan(liveBox?.y ?? 0);
    const found = await seriousAtBothWidths(page, 'confirm page');
    await page.setViewportSize(DESKTOP);

    // The shop area opens live: the switch is off and there is no band.
    await page.getByRole('link', { name: 'Перейти в кабинет магазина' }).click();
    await page.waitForURL(/\/shops\/[0-9a-f-]{36}$/);
    const shopPath = new URL(page.url()).pathname;
    const toggle = page.getByRole('switch', { name: 'Тестовый режим' });
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    expect(await page.getByText(BAND).count()).toBe(0);
    const box = await toggle.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);

    // Switched on from the keyboard: the band heads the page and the live stream reopens in test mode.
    const stream = page.waitForResponse(
      (r) => r.url().endsWith('/api/events') && r.request().headers()['x-b2bpay-mode'] === 'test',
    );
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await page.getByText(BAND).waitFor();
    expect((await stream).status()).toBe(200);

    // An order made in the shop area now is a test order.
    await page.goto(`${shopPath}/generate-qr`);
    await page.getByText(BAND).waitFor();
    await page.getByLabel('Наименование').fill('Бумага офисная');
    await page.getByLabel('Цена').fill('450');
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/order/orders') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Сгенерировать QR' }).click();
    const answer = await created;
    expect(answer.status(), await answer.text()).toBe(200);
    expect(answer.request().headers()['x-b2bpay-mode']).toBe('test');
    const order = (await answer.json()) as { id: string; order_number: string; livemode: boolean };
    expect(order.livemode).toBe(false);
    await page.getByText('QR-код успешно создан!').waitFor();

    // It is in the test list, marked «Тест»…
    const testList = nextListAnswer(page);
    await page.goto(`${shopPath}/all-orders`);
    expect((await testList).request().headers()['x-b2bpay-mode']).toBe('test');
    const card = page.getByRole('link', { name: new RegExp(`^Заказ №${order.order_number}`) });
    await card.waitFor();
    expect(await card.getByText('Тест', { exact: true }).count()).toBe(1);
    await page.getByText(BAND).waitFor();
    found.push(...(await seriousAtBothWidths(page, 'test order list')));
    await page.setViewportSize(DESKTOP);

    // …and not in the live one: switching back drops it at once and asks the list again, live.
    const liveList = nextListAnswer(page);
    await toggle.click();
    const liveAnswer = await liveList;
    expect(liveAnswer.request().headers()['x-b2bpay-mode']).toBe('live');
    expect(((await liveAnswer.json()) as { items: { id: string }[] }).items).toEqual([]);
    await page.getByText('Нет заказов для отображения.').waitFor();
    await afterNextFrames(page);
    expect(await page.getByText(`Заказ №${order.order_number}`).count()).toBe(0);
    expect(await page.getByText(BAND).count()).toBe(0);
    expect(await toggle.getAttribute('aria-checked')).toBe('false');

    // The choice is kept in this browser: switched to test again, it stays test after a reload.
    await toggle.click();
    await page.reload();
    await card.waitFor();
    expect(await page.getByRole('switch', { name: 'Тестовый режим' }).getAttribute('aria-checked')).toBe(
      'true',
    );

    // The test order's QR page opened anew (a bookmark, a reload): the order names the shop's test
    // twin, and the page is still the member's shop, its links to the shop's own address.
    await page.goto(`/shops/order-qr/${order.id}`);
    await page.getByRole('heading', { level: 1, name: `Заказ №${order.order_number}` }).waitFor();
    expect(await page.getByRole('heading', { name: 'Нет доступа к этому магазину' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'На главную' }).getAttribute('href')).toBe(shopPath);
    expect(await page.getByRole('link', { name: 'Подробнее о заказе' }).getAttribute('href')).toBe(
      `${shopPath}/orders/${order.id}`,
    );

    await context.close();
    expect(found).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("a secret key shows its own mode: the demo shop's key is test, with the band and no switch", async () => {
    const { page, context, errors } = await openPage(browser, { baseURL: cabinet.baseUrl });
    await page.goto(shopUrl('/all-orders'));
    await page.getByText(BAND).waitFor();
    expect(await page.getByTestId('mode-badge').textContent()).toBe('Тестовый режим');
    expect(await page.getByRole('switch').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe(`/shops/${DEMO_SHOP.id}/all-orders`);
    const found = await seriousAtBothWidths(page, 'demo shop on its key');
    await context.close();
    expect(found).toEqual([]);
    expect(errors).toEqual([]);
  });
});
