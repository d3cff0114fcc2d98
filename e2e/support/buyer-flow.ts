import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { BuyerServer } from './buyer-server';

/** Steps of the buyer's application in the browser, as a buyer does them (labels and button names). */
export const STEP1 = {
  surname: 'Петров',
  name: 'Пётр',
  middlename: 'Петрович',
  innPrefix: '770708',
  inn: '7707083893',
  organization: 'ПАО «Сбербанк России»',
} as const;

let counter = 0;
/** A fresh phone and e-mail per buyer: codes are limited to 5 per destination per hour. */
export function uniqueContacts(prefix = 'buyer') {
  counter += 1;
  const n = `${Date.now() % 100_000}${counter}`.padStart(7, '0').slice(-7);
  return { phone: `+7900${n}`, email: `${prefix}${n}@example.ru` };
}

export interface BuyerPage {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

export async function openBuyerPage(
  browser: Browser,
  server: BuyerServer,
  viewport: { width: number; height: number },
): Promise<BuyerPage> {
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
    viewport,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    // A 4xx answer the page handles (wrong code, 409, unknown order) is logged by Chromium as a failed resource.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text());
  });
  return { context, page, errors };
}

/** Step 1 through the INN suggestion: type part of the INN, choose the company. */
export async function fillStep1(page: Page) {
  await page.getByLabel('Фамилия').fill(STEP1.surname);
  await page.getByLabel('Имя', { exact: true }).fill(STEP1.name);
  await page.getByLabel('Отчество').fill(STEP1.middlename);
  await page.getByRole('combobox', { name: 'ИНН' }).pressSequentially(STEP1.innPrefix);
  await page.getByRole('option', { name: new RegExp(STEP1.inn) }).click();
}

export async function requestPhoneCode(page: Page, server: BuyerServer, phone: string): Promise<string> {
  const before = server.smsCount(phone);
  await page.getByLabel('Телефон').fill(phone);
  await page.getByRole('button', { name: 'Получить код' }).first().click();
  await page.getByLabel('Код из СМС').waitFor();
  return server.smsCode(phone, before);
}

export async function requestEmailCode(page: Page, server: BuyerServer, email: string): Promise<string> {
  const before = server.mailCount(email);
  await page.getByLabel('Электронная почта').fill(email);
  await page.getByRole('button', { name: 'Получить код' }).click();
  await page.getByLabel('Код из письма').waitFor();
  return server.emailCode(email, before);
}

export async function giveConsents(page: Page) {
  await page.getByLabel('Я даю согласие на обработку персональных данных').check();
  await page
    .getByLabel('Я согласен на передачу моих данных банкам-партнёрам для рассмотрения заявки')
    .check();
}

/** From the order page to the success page, returning the order's contacts. */
export async function completeApplication(page: Page, server: BuyerServer, orderId: string, email?: string) {
  const contacts = uniqueContacts();
  const address = email ?? contacts.email;
  await page.goto(`/client/${orderId}`);
  await page.getByRole('button', { name: 'Заполнить заявку' }).click();
  await fillStep1(page);
  await page.getByRole('button', { name: 'Продолжить' }).click();
  const smsCode = await requestPhoneCode(page, server, contacts.phone);
  const emailCode = await requestEmailCode(page, server, address);
  await page.getByLabel('Код из СМС').fill(smsCode);
  await page.getByLabel('Код из письма').fill(emailCode);
  // Each code in its own field (a focus moved under the typing once put one in the other, and the
  // submission then stopped at «Введите код из СМС» with nothing but a timeout to say so).
  const typed = [
    await page.getByLabel('Код из СМС').inputValue(),
    await page.getByLabel('Код из письма').inputValue(),
  ];
  if (typed[0] !== smsCode || typed[1] !== emailCode)
    throw new Error(`codes typed ${smsCode}, ${emailCode}; the fields hold ${typed.join(', ')}`);
  await giveConsents(page);
  await page.getByRole('button', { name: 'Отправить заявку' }).click();
  await page.getByRole('heading', { name: 'Заявка успешно отправлена!' }).waitFor();
  return { phone: contacts.phone, email: address };
}

/** Polls the shop's view of the order until its status is `status`. */
export async function waitForStatus(
  server: BuyerServer,
  orderId: string,
  status: string,
  timeoutMs = 20_000,
) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    last = (await server.shopOrder(orderId)).status;
    if (last === status) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`order ${orderId} stayed ${last}, expected ${status}`);
}
