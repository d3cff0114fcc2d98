import { DEMO_SHOP } from '@b2bpay/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminServer, startAdminServer } from '../support/admin-server';
import { axeViolations } from '../support/axe';
import { DESKTOP, launchBrowser, openPage, PHONE } from '../support/browser';

/**
 * The back office (DESIGN §14) in the browser against the real API: staff made by the CLI set their
 * password by its link and log in; the sales team sees a landing enquiry as a lead and takes it; risk
 * suspends a shop (its key then gets 403) and resumes it; support reads an order with the buyer's
 * personal data masked. Every page is checked with axe at 1280 and 360 px, with no sideways scrolling.
 */
const PASSWORD = 'длинный-пароль-2026';
const SCREENSHOTS_DIR = process.env.E2E_SCREENSHOTS_DIR ?? '/tmp/b2bpay-admin';

let browser: Browser;
let admin: AdminServer;

beforeAll(async () => {
  [browser, admin] = await Promise.all([launchBrowser(), startAdminServer()]);
});

afterAll(async () => {
  await browser?.close();
  await admin?.stop();
});

/** The page has rendered its content: a main heading, and no loading state left. */
async function ready(page: Page) {
  await page.locator('h1').first().waitFor();
  await page.waitForFunction(
    () =>
      !document.querySelector('[aria-busy="true"]') &&
      !/Загрузка|Поиск магазинов\.\.\./.test(document.body.innerText),
  );
}

/** Axe's serious and critical findings (as the UI rules count them) and any sideways scrolling. */
async function problems(page: Page, where: string): Promise<string[]> {
  const found = (await axeViolations(page))
    .filter((line) => /^\S+ \((serious|critical)\)/.test(line))
    .map((line) => `${where}: ${line}`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 0) found.push(`${where}: ${overflow} px of sideways scrolling`);
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({
    path: `${SCREENSHOTS_DIR}/${width}-${where.replace(/[^a-zа-яё0-9]+/gi, '-')}.png`,
    fullPage: true,
  });
  return found;
}

/** A staff member's first visit: the CLI's link, a password, and the back office opens. */
async function setPassword(page: Page, role: keyof AdminServer['staff']) {
  await page.goto(admin.staff[role].setPasswordPath);
  await page.getByRole('heading', { name: 'Пароль для бэк-офиса' }).waitFor();
  await page.getByLabel('Новый пароль').fill(PASSWORD);
  await page.getByLabel('Повторите пароль').fill(PASSWORD);
  await page.getByRole('button', { name: 'Сохранить пароль' }).click();
  await landed(page);
}

/**
 * Logged in: /admin has sent on to the role's first section and it has rendered. Until then the
 * layout may still re-render (the redirect closes an open menu), so nothing is clicked before.
 */
async function landed(page: Page) {
  await page.getByTestId('staff-user').waitFor();
  await page.waitForURL((url) => /^\/admin\/(leads|shops|applications|banks|audit)$/.test(url.pathname));
  await ready(page);
}

async function logIn(page: Page, role: keyof AdminServer['staff'], next = '') {
  await page.goto(`/admin/login${next ? `?next=${encodeURIComponent(next)}` : ''}`);
  await page.getByRole('heading', { name: 'Вход в бэк-офис' }).waitFor();
  await page.getByLabel('E-mail').fill(admin.staff[role].email);
  await page.getByLabel('Пароль').fill(PASSWORD);
  await page.getByRole('button', { name: 'Войти' }).click();
  await landed(page);
}

/** Opens the section from the navigation: the bar on a desktop, the menu on a phone. */
async function openSection(page: Page, label: string) {
  const menu = page.getByRole('button', { name: 'Открыть меню' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('link', { name: label, exact: true }).click();
}

describe('the back office', () => {
  it('a new staff member sets the password by the link, logs out and in again; the nav shows the role’s sections', async () => {
    const { page, context, errors } = await openPage(browser, { baseURL: admin.baseUrl, viewport: DESKTOP });
    const found: string[] = [];
    await page.goto(admin.staff.sales.setPasswordPath);
    await ready(page);
    found.push(...(await problems(page, 'set password')));
    await setPassword(page, 'sales');
    // Sales opens on its first section, «Лиды»; it has no applications, banks or log.
    await page.waitForURL('**/admin/leads');
    expect(await page.getByTestId('staff-user').textContent()).toBe('sales@b2bpay.ru · Продажи');
    const nav = page.getByRole('navigation', { name: 'Разделы бэк-офиса' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Лиды', 'Магазины']);

    await page.getByRole('button', { name: 'Выйти' }).click();
    await page.waitForURL('**/admin/login');
    await ready(page);
    found.push(...(await problems(page, 'log-in')));
    // The session is over: the back office sends back to the log-in page, to return after it.
    await page.goto('/admin/leads');
    await page.waitForURL('**/admin/login?next=%2Fadmin%2Fleads');
    await page.getByLabel('E-mail').fill(admin.staff.sales.email);
    await page.getByLabel('Пароль').fill('неправильный-пароль');
    await page.getByRole('button', { name: 'Войти' }).click();
    expect(await page.getByRole('alert').textContent()).toContain('Неверный e-mail или пароль');

    // From the keyboard alone: past the logo to the e-mail, the password, Enter.
    await page.goto('/admin/login?next=%2Fadmin%2Fleads');
    await page.getByRole('heading', { name: 'Вход в бэк-офис' }).waitFor();
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('name') ?? '');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('email');
    await page.keyboard.type(admin.staff.sales.email);
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('password');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/admin/leads');
    await page.getByRole('heading', { name: 'Лиды', level: 1 }).waitFor();
    await context.close();
    expect(errors.filter((e) => !/401|Unauthorized/.test(e))).toEqual([]);
    expect(found).toEqual([]);
  });

  for (const viewport of [DESKTOP, PHONE]) {
    it(`at ${viewport.width} px: a landing enquiry is a lead that sales takes, notes and wins, then creates its shop`, async () => {
      const phone = viewport === DESKTOP ? '+7 916 555-01-01' : '+7 916 555-02-02';
      const name = viewport === DESKTOP ? 'Анна Лидова' : 'Борис Лидов';
      const enquiry = await admin.fetch('/api/shop/enquire', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name, phone }),
      });
      expect(enquiry.status).toBe(200);

      const { page, context } = await openPage(browser, { baseURL: admin.baseUrl, viewport });
      const found: string[] = [];
      await logIn(page, 'sales');
      await ready(page);
      const row = page.getByRole('listitem').filter({ hasText: name });
      expect(await row.textContent()).toContain('Новый');
      expect(await row.textContent()).toContain('Никто не ведёт');
      found.push(...(await problems(page, 'leads')));

      await row.getByRole('link', { name }).click();
      await page.getByRole('heading', { name, level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Взять в работу' }).click();
      await expect.poll(() => page.getByTestId('lead-owner').textContent()).toBe('Ведёт: sales@b2bpay.ru');
      await page.getByLabel('Новая заметка').fill('Позвонила, ждут договор');
      await page.getByRole('button', { name: 'Добавить заметку' }).click();
      await page.getByRole('list', { name: 'Заметки' }).getByText('Позвонила, ждут договор').waitFor();
      await page.getByRole('button', { name: 'Перевести в «Успех»' }).click();
      // A won lead: the shop is created from it, its name filled in.
      await expect.poll(() => page.getByLabel('Название магазина').inputValue()).toBe(name);
      found.push(...(await problems(page, 'won lead')));
      const owner = `owner-${viewport.width}@example.ru`;
      await page.getByLabel('E-mail владельца').fill(owner);
      await page.getByLabel('ИНН').fill('7707083893');
      await page.getByRole('button', { name: 'Создать магазин' }).click();
      await page.getByText(`Приглашение отправлено на ${owner}`).waitFor();
      await context.close();
      expect(found).toEqual([]);
    });
  }

  it('risk suspends a shop with a reason (its key gets 403) and resumes it; at 360 px with the dialog checked', async () => {
    const { page, context } = await openPage(browser, { baseURL: admin.baseUrl, viewport: PHONE });
    const found: string[] = [];
    await setPassword(page, 'risk');
    await openSection(page, 'Магазины');
    const { shop } = admin;
    await page.getByLabel('Название, ИНН или e-mail').fill('ромашка');
    await page.getByRole('button', { name: 'Найти' }).click();
    await page.getByRole('link', { name: shop.name }).click();
    await page.getByRole('heading', { name: shop.name, level: 1 }).waitFor();
    await ready(page);
    found.push(...(await problems(page, 'shop card')));

    await page.getByRole('button', { name: 'Приостановить' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Приостановить' }).click();
    await dialog.getByText('Укажите причину приостановки').waitFor();
    found.push(...(await problems(page, 'suspend dialog')));
    // Escape leaves the dialog without a change; Enter in the reason field suspends.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Приостановить' }).click();
    await dialog.getByLabel('Причина').fill('Жалобы покупателей, проверка');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Возобновить' }).waitFor();
    await page.getByText(/Причина: Жалобы покупателей, проверка/).waitFor();

    const orders = () =>
      admin.fetch('/api/order/orders?page=1', {
        headers: { Authorization: `Bearer ${shop.secretKey}` },
      });
    const refused = await orders();
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('SHOP_SUSPENDED');

    // The search marks it too.
    await page.getByRole('link', { name: 'Все магазины' }).click();
    await page.getByLabel('Название, ИНН или e-mail').fill('Ромашка');
    await page.getByRole('button', { name: 'Найти' }).click();
    await page.getByRole('listitem').filter({ hasText: shop.name }).getByText('Приостановлен').waitFor();
    await page.getByRole('link', { name: shop.name }).click();
    await page.getByRole('button', { name: 'Возобновить' }).click();
    await page.getByRole('button', { name: 'Приостановить' }).waitFor();
    expect((await orders()).status).toBe(200);
    await context.close();
    expect(found).toEqual([]);
  });

  it('support reads an order with the buyer’s phone, e-mail and name masked, at 1280 and 360 px', async () => {
    const created = await admin.fetch('/api/order/orders', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${DEMO_SHOP.secretKey}` },
      body: JSON.stringify({ products: [{ name: 'Бумага офисная А4', price: 450.5, quantity: 10 }] }),
    });
    expect(created.status).toBe(200);
    const order = (await created.json()) as { id: string; order_number: string };
    const patch = (body: object) =>
      admin.fetch(`/api/order/orders/${order.id}/client`, {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    // The buyer's step 1, with the contacts they typed (codes not asked: the card shows what is stored).
    const step1 = await patch({
      surname: 'Петров',
      name: 'Пётр',
      middlename: 'Петрович',
      inn: '7707083893',
      organization_name: 'ПАО «Сбербанк России»',
      phone_number: '+79161234567',
      email: 'zakupki@example.ru',
    });
    expect(step1.status, await step1.clone().text()).toBe(200);

    const { page, context } = await openPage(browser, { baseURL: admin.baseUrl, viewport: DESKTOP });
    const found: string[] = [];
    await setPassword(page, 'support');
    expect(
      await page.getByRole('navigation', { name: 'Разделы бэк-офиса' }).getByRole('link').allTextContents(),
    ).toEqual(['Магазины']);
    await page.goto(`/admin/orders/${order.id}`);
    await page.getByRole('heading', { name: `Заказ №${order.order_number}` }).waitFor();
    await ready(page);
    const buyer = page.getByTestId('buyer');
    const text = (await buyer.textContent()) ?? '';
    expect(text).toContain('П*** П*** П***');
    expect(text).toContain('+7 *** ***-**-67');
    expect(text).toContain('z***@example.ru');
    expect(text).not.toContain('Петров');
    expect(text).not.toContain('zakupki');
    expect(text).not.toContain('916');
    expect(text).toContain('ПАО «Сбербанк России»');
    await page.getByText(/роль «Поддержка» их не видит/).waitFor();
    found.push(...(await problems(page, 'masked order')));
    await page.setViewportSize(PHONE);
    found.push(...(await problems(page, 'masked order')));
    // Support may read shops but not suspend them.
    await page.getByRole('link', { name: 'Карточка магазина' }).click();
    await page.getByRole('heading', { name: DEMO_SHOP.name, level: 1 }).waitFor();
    await ready(page);
    expect(await page.getByRole('button', { name: 'Приостановить' }).count()).toBe(0);
    await context.close();
    expect(found).toEqual([]);
  });

  it('admin sees every section; the log shows the staff’s actions, applications and banks at both widths', async () => {
    const { page, context } = await openPage(browser, { baseURL: admin.baseUrl, viewport: DESKTOP });
    const found: string[] = [];
    await setPassword(page, 'admin');
    expect(
      await page.getByRole('navigation', { name: 'Разделы бэк-офиса' }).getByRole('link').allTextContents(),
    ).toEqual(['Лиды', 'Магазины', 'Заявки', 'Банки', 'Журнал']);
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      for (const [section, heading] of [
        ['Заявки', 'Заявки'],
        ['Банки', 'Банки'],
        ['Журнал', 'Журнал'],
      ] as const) {
        await openSection(page, section);
        await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
        await ready(page);
        found.push(...(await problems(page, `${section.toLowerCase()}`)));
      }
    }
    const log = page.getByRole('list', { name: 'Записи журнала' });
    await log.getByText('Магазин приостановлен').first().waitFor();
    expect(await log.textContent()).toContain('risk@b2bpay.ru');
    await context.close();
    expect(found).toEqual([]);
  });
});
