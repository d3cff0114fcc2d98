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

describe('a team with roles', () => {
  it('invite → accept → the accountant sees only what the role allows; the owner sees it in the audit log', async () => {
    const ownerEmail = uniqueEmail('owner');
    const accountantEmail = uniqueEmail('buh');
    const password = 'длинный-пароль-2026';
    const { shopId, secretKey } = await cabinet.registerOwner(ownerEmail, password);
    const orderResponse = await fetch(`${cabinet.baseUrl}/api/order/orders`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${secretKey}` },
      body: JSON.stringify({ products: [{ name: 'Бумага офисная', price: 450.5, quantity: 2 }] }),
    });
    const order = (await orderResponse.json()) as { id: string; order_number: string };

    const owner = await openPage(browser, { baseURL: cabinet.baseUrl });
    await owner.page.goto('/cabinet/login');
    await owner.page.getByLabel('E-mail').fill(ownerEmail);
    await owner.page.getByLabel('Пароль').fill(password);
    await owner.page.getByRole('button', { name: 'Войти' }).click();
    await owner.page.waitForURL('**/cabinet');
    await owner.page.goto(`/shops/${shopId}/team`);
    await owner.page.getByRole('heading', { name: 'Команда', level: 1 }).waitFor();
    await owner.page.getByLabel('E-mail сотрудника').fill(accountantEmail);
    await owner.page.getByLabel('Роль', { exact: true }).selectOption('accountant');
    await owner.page.getByRole('button', { name: 'Пригласить' }).click();
    await owner.page.getByTestId(`invitation-${accountantEmail}`).waitFor();
    expect(await owner.page.getByTestId(`invitation-${accountantEmail}`).textContent()).toContain(
      'Бухгалтер',
    );

    // The invited accountant, in a browser of their own.
    const link = await cabinet.linkFor(accountantEmail, '/cabinet/invite');
    const buh = await openPage(browser, { baseURL: cabinet.baseUrl });
    await buh.page.goto(link);
    await buh.page.getByText(/с ролью «Бухгалтер»/).waitFor();
    await buh.page.getByLabel('Ваше имя').fill('Ольга');
    await buh.page.getByLabel('Пароль').fill('пароль-бухгалтера-1');
    await buh.page.getByRole('button', { name: 'Принять приглашение' }).click();
    await buh.page.waitForURL(`**/shops/${shopId}`);
    await buh.page.getByTestId('session-user').waitFor();
    expect(await buh.page.getByTestId('session-user').textContent()).toContain(accountantEmail);

    const nav = buh.page.getByRole('navigation', { name: 'Разделы магазина' });
    await nav.getByRole('link', { name: 'Все заказы' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Создать QR' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Настройки' }).count()).toBe(0);
    expect(await buh.page.getByRole('link', { name: /Сгенерировать QR/ }).count()).toBe(0);

    // Reads orders and exports them, but neither cancels nor returns.
    await buh.page.goto(`/shops/${shopId}/all-orders`);
    await buh.page.getByText(`Заказ №${order.order_number}`).first().waitFor();
    expect(await buh.page.getByRole('button', { name: 'Выгрузить CSV' }).isVisible()).toBe(true);
    await buh.page.goto(`/shops/${shopId}/orders/${order.id}`);
    await buh.page.getByRole('heading', { name: `Заказ №${order.order_number}` }).waitFor();
    expect(await buh.page.getByRole('button', { name: 'Отменить заказ' }).count()).toBe(0);
    await buh.page.goto(`/shops/${shopId}/settings`);
    await buh.page.getByText('Недостаточно прав').waitFor();
    await buh.page.goto(`/shops/${shopId}/team`);
    await buh.page.getByTestId(`member-${ownerEmail}`).waitFor();
    expect(await buh.page.getByRole('button', { name: 'Пригласить' }).count()).toBe(0);
    expect(await buh.page.getByRole('heading', { name: 'Журнал действий' }).count()).toBe(0);

    // The owner sees the new member and what happened, with who did it.
    await owner.page.reload();
    await owner.page.getByTestId(`member-${accountantEmail}`).waitFor();
    await owner.page.getByRole('heading', { name: 'Журнал действий' }).waitFor();
    await owner.page.getByText('Новый участник команды').first().waitFor();
    expect(await owner.page.getByText('Приглашение в команду').count()).toBeGreaterThan(0);
    expect(
      await owner.page.getByText(new RegExp(`· ${ownerEmail.replace(/[.+]/g, '\\$&')}`)).count(),
    ).toBeGreaterThan(0);

    // The owner takes the accountant's role up to manager: the next page the member opens offers orders.
    await owner.page
      .getByTestId(`member-${accountantEmail}`)
      .getByLabel(`Роль: ${accountantEmail}`)
      .selectOption('manager');
    await owner.page.getByText(/роль «Менеджер»/).waitFor();
    await buh.page.goto(`/shops/${shopId}/orders/${order.id}`);
    await buh.page.getByRole('button', { name: 'Отменить заказ' }).waitFor();
    expect(owner.errors).toEqual([]);
    await buh.context.close();
    await owner.context.close();
  });
});
