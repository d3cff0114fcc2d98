import { DEMO_SHOP, formatPhone } from '@b2bpay/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE } from '../support/browser';
import {
  completeApplication,
  fillStep1,
  giveConsents,
  openBuyerPage,
  requestEmailCode,
  requestPhoneCode,
  STEP1,
  uniqueContacts,
  waitForStatus,
} from '../support/buyer-flow';
import { type BuyerServer, startBuyerServer } from '../support/buyer-server';

// The buyer's journey against a real server whose codes go to a local SMTP sink and SMS receiver, and
// whose sandbox banks decide 1.5 s after the application arrives.
let server: BuyerServer;
let browser: Browser;

beforeAll(async () => {
  server = await startBuyerServer({ decisionDelayMs: 1500 });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('buyer journey', () => {
  it('goes from the shop’s order to “Заявка успешно отправлена!” on a 360 px phone with codes from SMS and e-mail', async () => {
    const order = await server.createOrder([
      { name: 'Бумага офисная А4, 500 листов', price: 450.5, quantity: 10 },
      { name: 'Степлер', price: 1290, quantity: 1 },
    ]);
    const { page, context, errors } = await openBuyerPage(browser, server, PHONE);
    const contacts = uniqueContacts();

    // The shop watches its order list while the buyer applies.
    const shop = await openBuyerPage(browser, server, DESKTOP);
    await shop.page.goto(`/shops/${DEMO_SHOP.id}/all-orders?token=${DEMO_SHOP.secretKey}`);
    const shopCard = shop.page.getByRole('link', { name: new RegExp(`Заказ №${order.order_number}\\b`) });
    await shopCard.getByText('Ожидаем данные клиента').waitFor();
    // A mark on the window: it would be gone after a reload.
    await shop.page.evaluate(() => Object.assign(window, { notReloaded: true }));

    await page.goto(new URL(order.link).pathname);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      `Заказ №${order.order_number}`,
    );
    await page.getByText(DEMO_SHOP.name).waitFor();
    expect(await page.getByTestId('order-total').textContent()).toMatch(/^5\s795,00\s₽$/);
    expect(await page.getByTestId('order-item').nth(0).textContent()).toContain('10 шт. × 450,50');
    expect(await page.getByTestId('order-item').nth(1).textContent()).not.toContain('шт.');

    await page.getByRole('button', { name: 'Заполнить заявку' }).click();
    await page.getByText('Шаг 1 из 2').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/client/${order.id}/apply`);
    await fillStep1(page);
    expect(await page.getByRole('combobox', { name: 'ИНН' }).inputValue()).toBe(STEP1.inn);
    expect(await page.getByLabel('Название организации').inputValue()).toBe(STEP1.organization);
    await page.getByRole('button', { name: 'Продолжить' }).click();

    await page.getByText('Шаг 2 из 2').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/client/${order.id}/apply/step2`);
    expect(await page.getByLabel('Код из СМС').count()).toBe(0);
    // The buyer types the phone the way people do; it is normalised before the code is sent.
    await page.getByLabel('Телефон').fill(`8 ${contacts.phone.slice(2, 5)} ${contacts.phone.slice(5)}`);
    await page.getByRole('button', { name: 'Получить код' }).first().click();
    await page.getByLabel('Код из СМС').waitFor();
    // The +7 field shows the number grouped.
    expect(await page.getByLabel('Телефон').inputValue()).toBe(formatPhone(contacts.phone));
    const smsCode = await server.smsCode(contacts.phone);
    const emailCode = await requestEmailCode(page, server, contacts.email);
    await page.getByLabel('Код из СМС').fill(smsCode);
    await page.getByLabel('Код из письма').fill(emailCode);
    await giveConsents(page);
    await page.getByRole('button', { name: 'Отправить заявку' }).click();

    await page.getByRole('heading', { name: 'Заявка успешно отправлена!' }).waitFor();
    expect(await page.getByTestId('success-email').textContent()).toBe(contacts.email);
    expect(new URL(page.url()).pathname).toBe(`/client/${order.id}/success`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // The shop sees the application at the bank, then the sandbox bank's approval (which can come
    // before the next line runs on a busy machine: the history shows the order went to the banks).
    await waitForStatus(server, order.id, 'app_approved');
    expect((await server.orderStatuses(order.id)).slice(-2)).toEqual(['bank_info_expected', 'app_approved']);
    const afterSubmit = await server.shopOrder(order.id);
    expect(afterSubmit.client).toMatchObject({
      surname: STEP1.surname,
      inn: STEP1.inn,
      organization_name: STEP1.organization,
      phone_number: contacts.phone,
      email: contacts.email,
      sms_confirmed: true,
      email_confirmed: true,
    });

    // The shop's order list, open all along, shows the new status without a reload.
    await shopCard.getByText('Банк одобрил заявку').waitFor();
    expect(await shop.page.evaluate(() => 'notReloaded' in window)).toBe(true);
    await shop.context.close();

    // Back on the order page the buyer sees the status instead of the button.
    await page.getByRole('link', { name: 'Вернуться к заказу' }).click();
    // The status badge (the wording under it begins with the same words).
    await page.getByText('Банк одобрил заявку', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Заполнить заявку' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('goes back to the shop: «Вернуться в магазин» on the steps (cancel_url) and after sending (return_url), with order_id', async () => {
    const order = await server.createOrder(undefined, {
      return_url: 'https://shop.example/checkout/done?cart=8841',
      cancel_url: 'https://shop.example/cart',
    });
    const { page, context, errors } = await openBuyerPage(browser, server, PHONE);
    // The shop's site, played by the browser itself: nothing leaves the machine.
    const shopVisits: string[] = [];
    await page.route(
      (url) => url.hostname === 'shop.example',
      async (route) => {
        if (route.request().resourceType() === 'document') shopVisits.push(route.request().url());
        await route.fulfill({
          contentType: 'text/html; charset=utf-8',
          body: '<!doctype html><meta charset="utf-8"><title>Магазин</title><h1>Спасибо за заказ</h1>',
        });
      },
    );
    await page.goto(`/client/${order.id}/apply`);
    await page.getByText('Шаг 1 из 2').waitFor();
    expect(await page.getByRole('link', { name: 'Вернуться в магазин' }).getAttribute('href')).toBe(
      `https://shop.example/cart?order_id=${order.id}`,
    );

    await completeApplication(page, server, order.id);
    const back = page.getByRole('link', { name: 'Вернуться в магазин' });
    // Reached from the keyboard, right after the way back to the order.
    await page.getByRole('link', { name: 'Вернуться к заказу' }).focus();
    await page.keyboard.press('Tab');
    expect(await back.evaluate((link) => link === document.activeElement)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await back.click();
    await page.waitForURL((url) => url.hostname === 'shop.example');
    await page.getByRole('heading', { name: 'Спасибо за заказ' }).waitFor();
    const landed = new URL(page.url());
    expect(`${landed.origin}${landed.pathname}`).toBe('https://shop.example/checkout/done');
    expect([...landed.searchParams]).toEqual([
      ['cart', '8841'],
      ['order_id', order.id],
    ]);
    expect(shopVisits).toEqual([page.url()]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps the form across going back to step 1 and a reload', async () => {
    const order = await server.createOrder();
    const { page, context } = await openBuyerPage(browser, server, PHONE);
    const contacts = uniqueContacts();
    await page.goto(`/client/${order.id}/apply`);
    await fillStep1(page);
    await page.getByRole('button', { name: 'Продолжить' }).click();
    await requestPhoneCode(page, server, contacts.phone);
    await page.getByLabel('Электронная почта').fill(contacts.email);
    await page.getByLabel('Я даю согласие на обработку персональных данных').check();

    await page.getByRole('link', { name: 'Назад' }).click();
    await page.getByText('Шаг 1 из 2').waitFor();
    expect(await page.getByLabel('Фамилия').inputValue()).toBe(STEP1.surname);
    expect(await page.getByRole('combobox', { name: 'ИНН' }).inputValue()).toBe(STEP1.inn);
    await page.reload();
    expect(await page.getByLabel('Название организации').inputValue()).toBe(STEP1.organization);
    await page.getByRole('button', { name: 'Продолжить' }).click();
    await page.getByText('Шаг 2 из 2').waitFor();
    await page.reload();
    // The +7 field shows the number grouped.
    expect(await page.getByLabel('Телефон').inputValue()).toBe(formatPhone(contacts.phone));
    expect(await page.getByLabel('Электронная почта').inputValue()).toBe(contacts.email);
    expect(await page.getByLabel('Код из СМС').isVisible()).toBe(true);
    expect(await page.getByLabel('Я даю согласие на обработку персональных данных').isChecked()).toBe(true);
    expect(await page.getByRole('button', { name: /^Повторно через \d+ с$/ }).isDisabled()).toBe(true);
    await context.close();
  });

  it('counts the resend down from 60 s, and the server holds the same line', async () => {
    const order = await server.createOrder();
    const { page, context } = await openBuyerPage(browser, server, PHONE);
    await page.clock.install();
    const contacts = uniqueContacts();
    await page.goto(`/client/${order.id}/apply`);
    await fillStep1(page);
    await page.getByRole('button', { name: 'Продолжить' }).click();
    await requestPhoneCode(page, server, contacts.phone);

    const resend = page.getByRole('button', { name: /^Повторно через \d+ с$/ });
    const seconds = async () => Number(/(\d+)/.exec((await resend.textContent()) ?? '')?.[1]);
    expect(await seconds()).toBeGreaterThanOrEqual(59);
    expect(await resend.isDisabled()).toBe(true);
    await page.clock.fastForward(3000);
    await page.waitForFunction(() =>
      [...document.querySelectorAll('button')].some((b) =>
        /Повторно через 5[67] с/.test(b.textContent ?? ''),
      ),
    );
    expect(await resend.isDisabled()).toBe(true);

    // The browser's clock runs ahead of the server's: the button comes back, the server still says wait.
    await page.clock.fastForward(60_000);
    const again = page.getByRole('button', { name: 'Отправить код ещё раз' });
    await again.waitFor();
    expect(await again.isEnabled()).toBe(true);
    await again.click();
    await page.getByText(/^Повторно запросить код можно через \d+ с\.$/).waitFor();
    expect(await page.getByRole('button', { name: /^Повторно через \d+ с$/ }).isDisabled()).toBe(true);
    expect(server.smsCount(contacts.phone)).toBe(1);
    await context.close();
  });

  it('shows a wrong code with the tries left, then accepts the right one', async () => {
    const order = await server.createOrder();
    const { page, context } = await openBuyerPage(browser, server, PHONE);
    const contacts = uniqueContacts();
    await page.goto(`/client/${order.id}/apply`);
    await fillStep1(page);
    await page.getByRole('button', { name: 'Продолжить' }).click();
    const smsCode = await requestPhoneCode(page, server, contacts.phone);
    const emailCode = await requestEmailCode(page, server, contacts.email);
    const wrong = smsCode === '000000' ? '111111' : '000000';
    await page.getByLabel('Код из СМС').fill(wrong);
    // Checked as soon as the six digits are in, before any submission.
    await page.getByText('Неверный код. Осталось попыток: 4').waitFor();
    await page.getByLabel('Код из письма').fill(emailCode);
    await giveConsents(page);
    // The refused code is not sent again (it would spend a try): the count stays at 4.
    await page.getByRole('button', { name: 'Отправить заявку' }).click();
    await page.getByText('Неверный код. Осталось попыток: 4').waitFor();
    expect(await page.getByLabel('Код из СМС').getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe(
      'one-time-code',
    );
    expect((await server.shopOrder(order.id)).status).toBe('client_expected');

    await page.getByLabel('Код из СМС').fill(smsCode);
    expect(await page.getByText('Неверный код. Осталось попыток: 4').count()).toBe(0);
    await page.getByRole('button', { name: 'Отправить заявку' }).click();
    await page.getByRole('heading', { name: 'Заявка успешно отправлена!' }).waitFor();
    await context.close();
  });

  it('takes a decline…@ buyer’s application, and the banks reject it', async () => {
    const order = await server.createOrder();
    const { page, context, errors } = await openBuyerPage(browser, server, DESKTOP);
    const { email } = await completeApplication(page, server, order.id, `decline${Date.now()}@example.ru`);
    expect(await page.getByTestId('success-email').textContent()).toBe(email);
    // The sandbox's decision can come before this line runs on a busy machine: the history shows
    // the order went to the banks first, whatever it is now.
    await waitForStatus(server, order.id, 'app_rejected');
    const statuses = await server.orderStatuses(order.id);
    expect(statuses.slice(-2)).toEqual(['bank_info_expected', 'app_rejected']);
    await page.goto(`/client/${order.id}`);
    await page.getByText('Банк отклонил заявку').waitFor();
    expect(await page.getByRole('button', { name: 'Заполнить заявку' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('stops a buyer whose order no longer awaits them, at every step', async () => {
    const order = await server.createOrder();
    const { page, context } = await openBuyerPage(browser, server, PHONE);
    // A `pending…` e-mail: the sandbox banks never answer, so the order stays at the bank however
    // slowly the pages below load (the 1.5 s decision of this file's server raced them).
    const contacts = uniqueContacts('pending');
    await page.goto(`/client/${order.id}/apply`);
    await fillStep1(page);
    await page.getByRole('button', { name: 'Продолжить' }).click();
    const smsCode = await requestPhoneCode(page, server, contacts.phone);
    const emailCode = await requestEmailCode(page, server, contacts.email);
    await page.getByLabel('Код из СМС').fill(smsCode);
    await page.getByLabel('Код из письма').fill(emailCode);
    await giveConsents(page);

    // Meanwhile the application goes in from another device (same client, same codes).
    const client = (await server.shopOrder(order.id)).client;
    const submitted = await fetch(`${server.baseUrl}/api/order/orders/${order.id}/client`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        client_id: client?.id,
        surname: STEP1.surname,
        name: STEP1.name,
        middlename: STEP1.middlename,
        inn: STEP1.inn,
        organization_name: STEP1.organization,
        phone_number: contacts.phone,
        email: contacts.email,
        sms_code_input: smsCode,
        email_code_input: emailCode,
        personal_data_consent: true,
        bank_transfer_consent: true,
        order_version: 1,
      }),
    });
    expect(submitted.status).toBe(200);

    await page.getByRole('button', { name: 'Отправить заявку' }).click();
    await page.getByRole('heading', { name: 'Заявка по этому заказу уже отправлена' }).waitFor();
    await page.getByText('Банк проверяет информацию').waitFor();

    for (const path of ['apply', 'apply/step2']) {
      await page.goto(`/client/${order.id}/${path}`);
      await page.getByRole('heading', { name: 'Заявка по этому заказу уже отправлена' }).waitFor();
      expect(await page.getByLabel('Фамилия').count()).toBe(0);
    }
    await page.goto(`/client/${order.id}`);
    await page
      .getByRole('region', { name: 'Статус заказа' })
      .getByText('Банк проверяет информацию')
      .waitFor();
    expect(await page.getByRole('button', { name: 'Заполнить заявку' }).count()).toBe(0);
    // Contacts of a submitted application are not shown to whoever holds the link.
    const publicView = await (await fetch(`${server.baseUrl}/api/order/orders/${order.id}`)).json();
    expect(publicView.client.phone_number).not.toContain(contacts.phone.slice(-4));
    await context.close();
  });

  it('can be done with the keyboard alone', async () => {
    const order = await server.createOrder();
    const { page, context, errors } = await openBuyerPage(browser, server, DESKTOP);
    const contacts = uniqueContacts();
    const key = page.keyboard;
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement;
        return el
          ? `${el.tagName.toLowerCase()}:${el.getAttribute('name') ?? el.textContent?.trim() ?? ''}`
          : '';
      });
    const tabTo = async (target: string, limit = 40) => {
      for (let i = 0; i < limit; i++) {
        await key.press('Tab');
        if ((await focused()) === target) return;
      }
      throw new Error(`Tab never reached ${target}; last ${await focused()}`);
    };

    await page.goto(`/client/${order.id}`);
    await page.getByRole('button', { name: 'Заполнить заявку' }).waitFor();
    await tabTo('button:Заполнить заявку');
    await key.press('Enter');
    await page.getByText('Шаг 1 из 2').waitFor();

    await tabTo('input:surname');
    await key.type(STEP1.surname);
    await key.press('Tab');
    await key.type(STEP1.name);
    await key.press('Tab');
    await key.type(STEP1.middlename);
    await key.press('Tab');
    expect(await focused()).toBe('input:inn');
    await key.type(STEP1.innPrefix);
    await page.getByRole('option', { name: new RegExp(STEP1.inn) }).waitFor();
    const options = await page.getByRole('option').allTextContents();
    const index = options.findIndex((text) => text.includes(STEP1.inn));
    for (let i = 0; i <= index; i++) await key.press('ArrowDown');
    await key.press('Enter');
    await expect.poll(() => page.getByLabel('Название организации').inputValue()).toBe(STEP1.organization);
    await key.press('Tab');
    expect(await focused()).toBe('input:organization');
    await key.press('Enter');

    await page.getByText('Шаг 2 из 2').waitFor();
    await tabTo('input:phone');
    await key.type(contacts.phone);
    await key.press('Tab');
    expect(await focused()).toBe('button:Получить код');
    await key.press('Enter');
    // The code input takes the focus once the code is on its way.
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'phone-code');
    await key.type(await server.smsCode(contacts.phone));
    await tabTo('input:email');
    await key.type(contacts.email);
    await key.press('Tab');
    expect(await focused()).toBe('button:Получить код');
    await key.press('Enter');
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'email-code');
    await key.type(await server.emailCode(contacts.email));
    await tabTo('input:personal_data_consent', 1);
    await key.press('Space');
    await tabTo('input:bank_transfer_consent', 2);
    await key.press('Space');
    await expect
      .poll(() => page.getByLabel('Я даю согласие на обработку персональных данных').isChecked())
      .toBe(true);
    expect(
      await page
        .getByLabel('Я согласен на передачу моих данных банкам-партнёрам для рассмотрения заявки')
        .isChecked(),
    ).toBe(true);
    await tabTo('button:Отправить заявку');
    await key.press('Enter');
    await page.getByRole('heading', { name: 'Заявка успешно отправлена!' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
