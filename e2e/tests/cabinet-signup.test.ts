import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from '../support/browser';
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

describe('a shop joins by itself', () => {
  it('sign-up → letter → confirm → the shop area on the session, with no key in the address or the tab', async () => {
    const email = uniqueEmail('owner');
    const { page, context, errors } = await openPage(browser, {
      baseURL: cabinet.baseUrl,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    await page.goto('/cabinet/signup');
    await page.getByRole('heading', { name: 'Регистрация магазина' }).waitFor();

    // The browser checks the INN's checksum before anything is sent.
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Пароль').fill('короткий');
    await page.getByLabel('Контактное лицо').fill('Анна Смирнова');
    await page.getByRole('combobox', { name: 'ИНН' }).fill('7707083890');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await page.getByText('Неверный ИНН организации (10 цифр)').waitFor();
    expect(await page.getByText('Пароль должен быть не короче 10 символов').isVisible()).toBe(true);
    expect(cabinet.mailCount(email)).toBe(0);

    // The same suggestions as the buyer's step 1: the company is chosen from the list.
    await page.getByLabel('Пароль').fill('длинный-пароль-2026');
    await page.getByRole('combobox', { name: 'ИНН' }).fill('7707083');
    await page.getByRole('option').first().waitFor();
    // Chosen from the keyboard: arrows and Enter, as on the buyer's step 1.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await page.getByRole('combobox', { name: 'ИНН' }).inputValue()).toMatch(/^\d{10}$/);
    await page.getByTestId('signup-company').waitFor();
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/cabinet/signup'));
    await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
    const answer = await sent;
    expect(answer.status(), await answer.text()).toBe(202);
    await page.getByRole('heading', { name: 'Проверьте почту' }).waitFor();

    const link = await cabinet.linkFor(email, '/cabinet/confirm');
    await page.goto(link);
    await page.getByRole('heading', { name: 'Магазин создан' }).waitFor();
    const secret = (await page.getByText(/^sk_live_/).textContent()) ?? '';
    expect(secret).toMatch(/^sk_live_/);
    expect(await page.getByText(/больше мы его не покажем/).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Копировать' }).first().click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

    // The live stream opens on the session too (the shop named in X-Shop-Id, the cookie sent).
    const stream = page.waitForResponse((r) => r.url().endsWith('/api/events'));
    await page.getByRole('link', { name: 'Перейти в кабинет магазина' }).click();
    const streamAnswer = await stream;
    expect(streamAnswer.status()).toBe(200);
    expect(streamAnswer.request().headers()['x-shop-id']).toMatch(/^[0-9a-f-]{36}$/);
    await page.waitForURL(/\/shops\/[0-9a-f-]{36}$/);
    const shopPath = new URL(page.url()).pathname;
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByTestId('session-user').textContent()).toContain(email);
    expect(new URL(page.url()).search).toBe('');
    expect(await page.evaluate(() => sessionStorage.getItem('authToken'))).toBeNull();
    const stored = await page.evaluate(() => JSON.stringify([sessionStorage, localStorage]));
    expect(stored).not.toContain('sk_');

    // A change made on the session (an order, a POST with the CSRF token) works too, even when the
    // form is sent before the area has heard who is logged in: held until then, not refused.
    let clicked = () => {};
    const click = new Promise<void>((resolve) => {
      clicked = resolve;
    });
    await page.route('**/api/cabinet/me', async (route) => {
      await click;
      await route.continue();
    });
    await page.goto(`${shopPath}/generate-qr`);
    await page.getByLabel('Наименование').fill('Бумага офисная');
    await page.getByLabel('Цена').fill('450');
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/order/orders') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Сгенерировать QR' }).click();
    await page.getByRole('button', { name: 'Создание заказа...' }).waitFor();
    clicked();
    const response = await created;
    await page.unroute('**/api/cabinet/me');
    expect(response.status()).toBe(200);
    expect(response.request().headers()['x-csrf-token']).toBeTruthy();
    expect(response.request().headers().authorization).toBeUndefined();
    await page.getByText('QR-код успешно создан!').waitFor();

    // The used link is refused the second time.
    await page.goto(link);
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toContain('Ссылка уже использована или устарела');
    expect(errors.filter((e) => !e.includes('410'))).toEqual([]);
    await context.close();
  });
});
