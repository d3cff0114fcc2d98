import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrderViaApi, DEMO_SHOP, shopUrl } from '../support/api';
import { axeViolations } from '../support/axe';
import { DESKTOP, launchBrowser, openPage, PHONE } from '../support/browser';

let browser: Browser;
let orderId = '';

beforeAll(async () => {
  browser = await launchBrowser();
  orderId = (await createOrderViaApi()).id;
});

afterAll(async () => {
  await browser?.close();
});

describe('shop main page, FAQ, support, not-found', () => {
  it("shows the shop with its six tiles, and the 1C-Bitrix module's guide opens as a PDF in a new tab", async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto(shopUrl());
    await page.getByRole('heading', { name: DEMO_SHOP.name }).waitFor();
    expect(await page.getByText('Управление заказами и платежами').isVisible()).toBe(true);
    const main = page.getByRole('main');
    for (const tile of [
      'Все заказы',
      'Подтверждённые',
      'Сгенерировать QR',
      'Кнопка рассрочки',
      'Интеграция с Битрикс',
      'Интеграция по API',
    ]) {
      expect(await main.getByRole('link', { name: new RegExp(`^${tile}`) }).count(), tile).toBe(1);
    }
    const bitrix = main.getByRole('link', { name: /^Интеграция с Битрикс/ });
    expect(await bitrix.getAttribute('target')).toBe('_blank');
    const popup = context.waitForEvent('page');
    await bitrix.click();
    const guide = await popup;
    expect(new URL(guide.url()).pathname).toBe('/guides/bitrix.pdf');
    const pdf = await page.request.get('/guides/bitrix.pdf');
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    const body = await pdf.body();
    expect(body.subarray(0, 5).toString()).toBe('%PDF-');
    // It is the 1C-Bitrix module's guide (integrations/bitrix/README.md): its heading is the PDF's title,
    // which PDF stores as UTF-16BE after a byte-order mark.
    const title = Buffer.from('\ufeffМодуль B2BPay для 1С-Битрикс', 'utf16le').swap16();
    expect(body.includes(title)).toBe(true);
    await guide.close();

    await main.getByRole('link', { name: /^Интеграция по API/ }).click();
    await page.waitForURL(`**/shops/${DEMO_SHOP.id}/api-docs`);
    await page.goBack();
    await main.getByRole('link', { name: 'FAQ' }).click();
    await page.getByRole('heading', { name: 'Часто задаваемые вопросы' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the not-found page for an unknown shop', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`/shops/00000000-0000-4000-8000-000000000000?token=${DEMO_SHOP.secretKey}`);
    await page.getByText('404').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/Магазин не найден/);
    await context.close();
  });

  it('FAQ has its seven questions and support its two contacts', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(shopUrl('/faq'));
    await page.getByRole('heading', { name: 'Часто задаваемые вопросы' }).waitFor();
    expect(await page.getByRole('main').getByRole('heading', { level: 2 }).count()).toBe(7);
    expect(await page.getByText(/нельзя редактировать/).isVisible()).toBe(true);

    await page.goto(`/shops/${DEMO_SHOP.id}/support`);
    await page.getByRole('heading', { name: 'Поддержка' }).waitFor();
    const main = page.getByRole('main');
    expect(await main.locator('a[href^="mailto:"]').count()).toBe(1);
    expect(await main.locator('a[href^="https://t.me/"]').count()).toBe(1);
    await main.getByRole('link', { name: 'Назад' }).click();
    await page.waitForURL(`**/shops/${DEMO_SHOP.id}`);
    await context.close();
  });

  it('shows the not-found page with its links for an unknown path', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/shops/abc/unknown/path');
    await page.getByText('Страница, которую вы ищете, не существует').waitFor();
    expect(await page.getByText('404', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'На главную', exact: true }).getAttribute('href')).toBe('/');
    expect(await page.getByRole('link', { name: 'Для магазинов' }).getAttribute('href')).toBe('/shops');
    expect(await page.locator('main a[href^="mailto:"]').count()).toBe(1);
    await page.getByRole('button', { name: 'Назад' }).waitFor();
    // «Для магазинов» leads to a real page: how to get into a shop's area.
    await page.getByRole('link', { name: 'Для магазинов' }).click();
    await page.getByRole('heading', { name: 'Вход в кабинет магазина', level: 1 }).waitFor();
    expect(await page.getByText('404', { exact: true }).count()).toBe(0);
    await context.close();
  });

  it('on a phone the navigation sits in a toggle menu', async () => {
    const { page, context } = await openPage(browser, { viewport: PHONE });
    await page.goto(shopUrl());
    await page.getByRole('heading', { name: DEMO_SHOP.name }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Разделы магазина' }).isVisible()).toBe(false);
    const toggle = page.getByRole('button', { name: 'Открыть меню' });
    await toggle.click();
    const menu = page.getByRole('navigation', { name: 'Меню магазина' });
    for (const name of ['Главная', 'Все заказы', 'Создать QR', 'FAQ', 'Поддержка']) {
      expect(await menu.getByRole('link', { name }).isVisible(), name).toBe(true);
    }
    await menu.getByRole('link', { name: 'Создать QR' }).click();
    await page.getByRole('heading', { name: 'Новый заказ' }).waitFor();
    expect(await menu.count()).toBe(0);
    // No horizontal scrolling at 360 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await context.close();
  });
});

describe('accessibility (axe) of every shop route', () => {
  const routes = () => [
    { name: 'main page', path: `/shops/${DEMO_SHOP.id}`, ready: DEMO_SHOP.name },
    { name: 'new order', path: `/shops/${DEMO_SHOP.id}/generate-qr`, ready: 'Новый заказ' },
    { name: 'order list', path: `/shops/${DEMO_SHOP.id}/all-orders`, ready: 'Все заказы' },
    { name: 'QR screen', path: `/shops/order-qr/${orderId}`, ready: 'QR-код для оплаты' },
    { name: 'FAQ', path: `/shops/${DEMO_SHOP.id}/faq`, ready: 'Часто задаваемые вопросы' },
    { name: 'support', path: `/shops/${DEMO_SHOP.id}/support`, ready: 'Поддержка' },
    { name: 'not found', path: '/no/such/page', ready: 'Страница, которую вы ищете, не существует' },
    { name: 'shops entry', path: '/shops', ready: 'Вход в кабинет магазина' },
  ];

  for (const viewport of [PHONE, DESKTOP]) {
    it(`has no violations at ${viewport.width} px`, async () => {
      const { page, context } = await openPage(browser, { viewport });
      await page.goto(shopUrl());
      await page.getByRole('heading', { name: DEMO_SHOP.name }).waitFor();
      const found: string[] = [];
      for (const route of routes()) {
        await page.goto(route.path);
        await page.getByRole('heading', { name: route.ready }).first().waitFor();
        if (route.name === 'order list')
          await page
            .getByRole('link', { name: /^Заказ №/ })
            .first()
            .waitFor();
        for (const violation of await axeViolations(page)) found.push(`${route.name}: ${violation}`);
      }

      // The states that only appear after interaction: form errors, the open calendar, the phone menu.
      await page.goto(`/shops/${DEMO_SHOP.id}/generate-qr`);
      await page.getByRole('button', { name: 'Сгенерировать QR' }).click();
      await page.getByText('Введите название товара').waitFor();
      for (const violation of await axeViolations(page)) found.push(`form errors: ${violation}`);

      await page.goto(`/shops/${DEMO_SHOP.id}/all-orders`);
      await page.getByRole('button', { name: /^Дата\/Даты/ }).click();
      await page.getByRole('dialog', { name: 'Выбор дат' }).waitFor();
      for (const violation of await axeViolations(page)) found.push(`calendar: ${violation}`);

      if (viewport === PHONE) {
        await page.goto(`/shops/${DEMO_SHOP.id}`);
        await page.getByRole('button', { name: 'Открыть меню' }).click();
        for (const violation of await axeViolations(page)) found.push(`menu: ${violation}`);
      }
      expect(found).toEqual([]);
      await context.close();
    });
  }
});
