import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, PHONE, recordLayoutShifts } from '../support/browser';
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

describe('log-in, log-out and a forgotten password', () => {
  it('logs in with e-mail and password, opens the shop from the cabinet, and «Выйти» ends the session', async () => {
    const email = uniqueEmail('login');
    const { shopId } = await cabinet.registerOwner(email, 'длинный-пароль-2026');
    const { page, context, errors } = await openPage(browser, { baseURL: cabinet.baseUrl });

    // Straight to the shop without a session: the key gate, with a way to log in that comes back.
    await page.goto(`/shops/${shopId}/all-orders`);
    await page.getByRole('heading', { name: 'Нет ключа доступа магазина' }).waitFor();
    await page.getByRole('link', { name: 'личный кабинет' }).click();
    await page.waitForURL(/\/cabinet\/login\?next=/);
    await page.getByRole('heading', { name: 'Вход в личный кабинет' }).waitFor();

    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Пароль').fill('неправильный-пароль');
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('alert').textContent()).toContain('Неверный e-mail или пароль');

    await page.getByLabel('Пароль').fill('длинный-пароль-2026');
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.waitForURL(`**/shops/${shopId}/all-orders`);
    await page.getByRole('heading', { name: 'Все заказы' }).waitFor();
    await page.getByText('Нет заказов для отображения.').waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('authToken'))).toBeNull();

    // The cabinet lists the shop and this session.
    await page.getByRole('link', { name: 'Личный кабинет' }).click();
    await page.getByRole('heading', { name: 'Личный кабинет' }).waitFor();
    await page.getByText('это устройство').waitFor();
    await page.getByRole('link', { name: /ПАО «Сбербанк России»/ }).click();
    await page.waitForURL(`**/shops/${shopId}`);
    await page.getByTestId('session-user').waitFor();

    await page.getByRole('button', { name: 'Выйти' }).click();
    await page.waitForURL('**/cabinet/login');
    // The cookie no longer opens the shop.
    await page.goto(`/shops/${shopId}`);
    await page.getByRole('heading', { name: 'Нет ключа доступа магазина' }).waitFor();
    const me = await page.evaluate(() => fetch('/api/cabinet/me').then((r) => r.status));
    expect(me).toBe(401);
    expect(errors.filter((e) => !/401|Unauthorized/.test(e))).toEqual([]);
    await context.close();
  });

  it('resets a forgotten password by the letter’s link; the old one stops working', async () => {
    const email = uniqueEmail('reset');
    await cabinet.registerOwner(email, 'старый-пароль-2026');
    const { page, context } = await openPage(browser, { baseURL: cabinet.baseUrl });
    await page.goto('/cabinet/login');
    await page.getByRole('link', { name: 'Забыли пароль?' }).click();
    // Both pages have an «E-mail» field: the next page must be there before typing.
    await page.getByRole('heading', { name: 'Восстановление пароля' }).waitFor();
    await page.getByLabel('E-mail').fill(email);
    const asked = page.waitForResponse((r) => r.url().endsWith('/api/cabinet/password/forgot'));
    await page.getByRole('button', { name: 'Прислать ссылку' }).click();
    const answer = await asked;
    expect(answer.status(), await answer.text()).toBe(202);
    await page.getByRole('heading', { name: 'Проверьте почту' }).waitFor();

    await page.goto(await cabinet.linkFor(email, '/cabinet/reset'));
    await page.getByLabel('Новый пароль').fill('новый-пароль-2026');
    await page.getByLabel('Повторите пароль').fill('новый-пароль-2027');
    await page.getByRole('button', { name: 'Сохранить пароль' }).click();
    await page.getByText('Пароли не совпадают').waitFor();
    await page.getByLabel('Повторите пароль').fill('новый-пароль-2026');
    await page.getByRole('button', { name: 'Сохранить пароль' }).click();
    await page.getByText('Пароль изменён. Войдите с новым паролем.').waitFor();
    await page.getByRole('link', { name: 'Войти' }).click();
    await page.getByRole('heading', { name: 'Вход в личный кабинет' }).waitFor();

    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Пароль').fill('старый-пароль-2026');
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.getByRole('alert').waitFor();
    await page.getByLabel('Пароль').fill('новый-пароль-2026');
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.waitForURL('**/cabinet');
    await page.getByRole('heading', { name: 'Личный кабинет' }).waitFor();
    await context.close();
  });

  it('works from the keyboard alone: log-in, then a shop from the cabinet', async () => {
    const email = uniqueEmail('keys');
    const { shopId } = await cabinet.registerOwner(email, 'длинный-пароль-2026');
    const { page, context } = await openPage(browser, { baseURL: cabinet.baseUrl });
    await page.goto('/cabinet/login');
    await page.getByRole('heading', { name: 'Вход в личный кабинет' }).waitFor();
    // The focused control's name, or its text (a link); nothing while the page itself has the focus.
    const focused = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        if (!active || active === document.body) return '';
        return active.getAttribute('name') ?? active.textContent ?? '';
      });
    await page.keyboard.press('Tab'); // the logo
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('email');
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('password');
    await page.keyboard.type('длинный-пароль-2026');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/cabinet');
    await page.getByRole('link', { name: /ПАО «Сбербанк России»/ }).waitFor();
    for (let i = 0; i < 20 && !(await focused()).includes('Сбербанк'); i++) await page.keyboard.press('Tab');
    expect(await focused()).toContain('Сбербанк');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/shops/${shopId}`);
    await page.getByTestId('session-user').waitFor();
    await context.close();
  });
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
      const layoutShifts = await recordLayoutShifts(page);
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
      expect(await layoutShifts()).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
