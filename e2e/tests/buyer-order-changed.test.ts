import { DEMO_SHOP, ORDER_CHANGED_MESSAGE, type Order } from '@b2bpay/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser } from '../support/browser';
import {
  fillStep1,
  giveConsents,
  openBuyerPage,
  requestEmailCode,
  requestPhoneCode,
  uniqueContacts,
} from '../support/buyer-flow';
import { type BuyerServer, startBuyerServer } from '../support/buyer-server';

/**
 * In the browser: the shop changes the products after the buyer confirmed the codes; the
 * submission is refused with ORDER_CHANGED, the page shows the new items and amount, and the same
 * codes submit the application again. Codes come from the local SMTP sink and SMS receiver.
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

async function replaceProducts(orderId: string, products: object[]): Promise<Order> {
  const response = await fetch(`${server.baseUrl}/api/order/orders/${orderId}/products`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${DEMO_SHOP.secretKey}` },
    body: JSON.stringify(products),
  });
  if (response.status !== 200) throw new Error(`products: ${response.status} ${await response.text()}`);
  return (await response.json()) as Order;
}

describe('the order changes under the buyer', () => {
  it('refuses the submission with «Состав заказа изменился…», shows the new order, and submits again with the same codes', async () => {
    const order = await server.createOrder([
      { name: 'Бумага офисная А4, 500 листов', price: 1000, quantity: 1 },
    ]);
    const { page, context, errors } = await openBuyerPage(browser, server, DESKTOP);
    const contacts = uniqueContacts('changed');
    await page.goto(`/client/${order.id}`);
    await page.getByRole('button', { name: 'Заполнить заявку' }).click();
    await fillStep1(page);
    await page.getByRole('button', { name: 'Продолжить' }).click();
    await page.getByText('Шаг 2 из 2').waitFor();
    const summary = page.getByRole('complementary', { name: 'Ваш заказ' });
    expect(await summary.textContent()).toMatch(/1\s000,00\s₽/);
    const smsCode = await requestPhoneCode(page, server, contacts.phone);
    const emailCode = await requestEmailCode(page, server, contacts.email);
    await page.getByLabel('Код из СМС').fill(smsCode);
    await page.getByLabel('Код из письма').fill(emailCode);
    await giveConsents(page);
    const smsBefore = server.smsCount(contacts.phone);
    const mailBefore = server.mailCount(contacts.email);

    // The shop changes the products while the buyer's page still shows the old ones.
    const changed = await replaceProducts(order.id, [
      { name: 'Бумага офисная А4, 500 листов', price: 1000, quantity: 3 },
      { name: 'Степлер металлический', price: 1290, quantity: 1 },
    ]);
    expect(changed.version).toBe(2);
    expect(changed.amount).toBe(4290);

    await page.getByRole('button', { name: 'Отправить заявку' }).click();
    await page.getByText(ORDER_CHANGED_MESSAGE).waitFor();
    expect(ORDER_CHANGED_MESSAGE).toBe(
      'Состав заказа изменился. Проверьте заказ и подтвердите заявку снова.',
    );
    // The page reads the order again: the new items and amount, nothing submitted yet.
    await summary.getByText('Степлер металлический').waitFor();
    await summary
      .getByText(/4\s290,00\s₽/)
      .first()
      .waitFor();
    expect((await server.shopOrder(order.id)).status).toBe('client_expected');

    // The same codes, still in their fields, confirm the resubmission: no new code was sent.
    expect(await page.getByLabel('Код из СМС').inputValue()).toBe(smsCode);
    await page.getByRole('button', { name: 'Отправить заявку' }).click();
    await page.getByRole('heading', { name: 'Заявка успешно отправлена!' }).waitFor();
    expect(server.smsCount(contacts.phone)).toBe(smsBefore);
    expect(server.mailCount(contacts.email)).toBe(mailBefore);
    const submitted = await server.shopOrder(order.id);
    expect(submitted.status).toBe('bank_info_expected');
    expect(submitted.amount).toBe(4290);
    expect(errors).toEqual([]);
    await context.close();
  });
});
