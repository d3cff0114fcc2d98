import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SHOP, shopUrl } from '../support/api';
import { axeViolations } from '../support/axe';
import { baseUrl, DESKTOP, launchBrowser, openPage, PHONE } from '../support/browser';
import { ARTIFACTS_DIR } from '../support/paths';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('new order → QR screen', () => {
  it('shows the validation messages, then creates the order and its QR', async () => {
    const { page, context, errors } = await openPage(browser, {
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    await page.goto(shopUrl('/generate-qr'));
    await page.getByRole('heading', { name: 'Новый заказ' }).waitFor();
    expect(await page.getByText('Товары и услуги').isVisible()).toBe(true);

    // Empty submit: every rule of spec §5 speaks.
    await page.getByLabel('Количество').fill('');
    await page.getByRole('button', { name: 'Сгенерировать QR' }).click();
    for (const text of ['Введите название товара', 'Введите цену', 'Введите количество']) {
      expect(await page.getByText(text).isVisible(), text).toBe(true);
    }
    expect(page.url()).toContain('/generate-qr');

    // Editing a field clears its own error only.
    await page.getByLabel('Наименование').fill('Кресло офисное');
    expect(await page.getByText('Введите название товара').count()).toBe(0);
    await expect.poll(() => page.getByText('Введите цену').isVisible()).toBe(true);

    await page.getByLabel('Количество').fill('2');
    await page.getByLabel('Цена').fill('12500.50');
    await page.getByRole('button', { name: 'Добавить товар' }).click();
    await expect.poll(() => page.getByLabel('Количество').nth(1).inputValue()).toBe('1');
    await page.getByLabel('Наименование').nth(1).fill('Доставка');
    await page.getByLabel('Цена').nth(1).fill('990');
    expect((await page.getByTestId('order-total').textContent())?.replace(/\s/g, ' ')).toBe('25 991,00 ₽');

    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/order/orders') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Сгенерировать QR' }).click();
    const order = (await (await created).json()) as { id: string; order_number: string; link: string };

    await page.waitForURL(`**/shops/order-qr/${order.id}`);
    await page.getByText('QR-код успешно создан!').waitFor();
    expect(await page.getByRole('heading', { name: `Заказ №${order.order_number}` }).isVisible()).toBe(true);
    expect(await page.getByText('Новый', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('Кресло офисное').isVisible()).toBe(true);
    expect((await page.getByText(/^2 шт\. ×/).textContent())?.replace(/\s/g, ' ')).toBe(
      '2 шт. × 12 500,50 ₽',
    );
    expect(await page.getByText('Итого:').isVisible()).toBe(true);
    expect(await page.getByText('Покажите этот код покупателю для сканирования').isVisible()).toBe(true);
    expect(await page.getByText('Ссылка для клиента:').isVisible()).toBe(true);
    expect(order.link).toBe(`${baseUrl()}/client/${order.id}`);
    expect(await page.getByRole('link', { name: order.link }).getAttribute('href')).toBe(order.link);

    // The QR: 200 px, level H with a quiet zone, encoding the buyer link.
    const qr = page.getByTestId('order-qr');
    expect(await qr.getAttribute('width')).toBe('200');
    expect(await qr.getAttribute('height')).toBe('200');

    // Downloads: an SVG and a PNG drawn by Chromium, both named by the order number.
    const svgEvent = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Скачать QR' }).click();
    const svgDownload = await svgEvent;
    expect(svgDownload.suggestedFilename()).toBe(`b2bpay-order-${order.order_number}-qr.svg`);
    const svg = await readFile((await svgDownload.path()) ?? '', 'utf8');
    expect(svg).toContain('<svg');
    expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
    const pngEvent = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Скачать PNG' }).click();
    const pngDownload = await pngEvent;
    expect(pngDownload.suggestedFilename()).toBe(`b2bpay-order-${order.order_number}-qr.png`);
    const png = await readFile((await pngDownload.path()) ?? '');
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    // IHDR: 1000 × 1000 pixels, and the QR was really drawn (a blank canvas compresses to almost nothing).
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1000, 1000]);
    expect(png.length).toBeGreaterThan(3000);

    // Copy: the link reaches the clipboard and the button says so for 2 s.
    await page.getByRole('button', { name: 'Копировать ссылку' }).click();
    await page.getByRole('button', { name: 'Скопировано!' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(order.link);
    await page.getByRole('button', { name: 'Копировать ссылку' }).waitFor({ timeout: 4000 });

    await page.getByRole('link', { name: 'На главную' }).click();
    await page.waitForURL(`**/shops/${DEMO_SHOP.id}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the server message when the API refuses the order', async () => {
    const { page, context } = await openPage(browser, { viewport: PHONE });
    await page.goto(shopUrl('/generate-qr'));
    // Three decimals are refused in the browser now; the server's own refusal is played back.
    await page.route('**/api/order/orders', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          detail: 'Цена может иметь не больше двух знаков после запятой',
          error: { code: 'VALIDATION_ERROR', message: 'x', field: 'products.0.price' },
        }),
      }),
    );
    await page.getByLabel('Наименование').fill('Бумага');
    await page.getByLabel('Цена').fill('10,55');
    await page.getByRole('button', { name: 'Сгенерировать QR' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    const text = (await alert.textContent()) ?? '';
    expect(text.length).toBeGreaterThan(0);
    expect(text).toBe('Цена может иметь не больше двух знаков после запятой');
    expect(page.url()).toContain('/generate-qr');
    await context.close();
  });

  it('takes prices typed the Russian way in Chromium and refuses other text', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(shopUrl('/generate-qr'));
    const price = page.getByLabel('Цена');
    const total = async () => (await page.getByTestId('order-total').textContent())?.replace(/\s/g, ' ');
    await price.pressSequentially('350,10');
    expect(await total()).toBe('350,10 ₽');
    for (const typed of ['350.10', '1 234,50', '1\u00a0234,50', '1\u202f234,50']) {
      await price.fill('');
      await price.pressSequentially(typed);
      await price.blur();
      expect(await total(), typed).toBe(typed.startsWith('350') ? '350,10 ₽' : '1 234,50 ₽');
    }
    expect(await price.inputValue()).toBe('1\u00a0234,50');
    await page.getByLabel('Количество').fill('1,5');
    await price.fill('12абв');
    await page.getByLabel('Наименование').fill('Бумага');
    await page.getByRole('button', { name: 'Сгенерировать QR' }).click();
    await expect.poll(() => page.getByText('Введите цену').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Введите количество').isVisible()).toBe(true);
    expect(page.url()).toContain('/generate-qr');
    await context.close();
  });

  for (const viewport of [PHONE, DESKTOP]) {
    it(`lays the form out at ${viewport.width} px: the sum on one line, room for names, 44 px delete buttons`, async () => {
      const { page, context } = await openPage(browser, { viewport });
      await page.goto(shopUrl('/generate-qr'));
      await page
        .getByLabel('Наименование')
        .fill('Кресло офисное эргономичное с подголовником и подлокотниками');
      await page.getByLabel('Цена').fill('1 234 567,89');
      await page.getByLabel('Количество').fill('12');
      await page.getByRole('button', { name: 'Добавить товар' }).click();
      const label = page.getByText('Сумма заказа:');
      const lineHeight = await label.evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight));
      expect((await label.boundingBox())?.height ?? 0).toBeLessThan(lineHeight * 1.5);
      const total = page.getByTestId('order-total');
      expect((await total.boundingBox())?.height ?? 0).toBeLessThan(lineHeight * 1.5);
      const remove = page.getByRole('button', { name: 'Удалить товар 1' });
      const box = await remove.boundingBox();
      expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      if (viewport === DESKTOP) {
        expect(
          (await page.getByLabel('Наименование').first().boundingBox())?.width ?? 0,
        ).toBeGreaterThanOrEqual(440);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({
        path: path.join(ARTIFACTS_DIR, `new-order-${viewport.width}.png`),
        fullPage: true,
      });
      await context.close();
    });
  }

  for (const viewport of [PHONE, DESKTOP]) {
    it(`at ${viewport.width} px refuses a quantity over the limit at its row, and a long sum stays in its column`, async () => {
      const { page, context } = await openPage(browser, { viewport });
      await page.goto(shopUrl('/generate-qr'));
      const requests: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && r.url().endsWith('/api/order/orders')) requests.push(r.url());
      });
      await page.getByLabel('Наименование').fill('Бумага');
      await page.getByLabel('Цена').fill('9 999 999,99');
      await page.getByLabel('Количество').fill('1000000');
      const sum = page.getByTestId('line-total');
      expect((await sum.textContent())?.replace(/\s/g, ' ')).toBe('9 999 999 990 000,00 ₽');
      // The sum neither runs into the price beside (or above) it nor out of its row and the page.
      const price = (await page.getByLabel('Цена').boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
      const box = (await sum.boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
      const row = (await page.getByRole('listitem').filter({ has: sum }).boundingBox()) ?? box;
      const apart =
        box.x >= price.x + price.width ||
        box.x + box.width <= price.x ||
        box.y >= price.y + price.height ||
        box.y + box.height <= price.y;
      expect(apart).toBe(true);
      expect(box.x).toBeGreaterThanOrEqual(row.x);
      expect(box.x + box.width).toBeLessThanOrEqual(row.x + row.width + 0.5);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );

      await page.getByLabel('Количество').fill('99999999');
      await page.getByRole('button', { name: 'Сгенерировать QR' }).click();
      const refusal = page.getByText('Не больше 1\u00a0000\u00a0000 шт.');
      await refusal.waitFor();
      expect(await page.getByLabel('Количество').getAttribute('aria-invalid')).toBe('true');
      expect(requests).toEqual([]);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({
        path: path.join(ARTIFACTS_DIR, `new-order-limits-${viewport.width}.png`),
        fullPage: true,
      });
      await context.close();
    });
  }

  it('without a token says the key is missing and how to get in, instead of a form that fails', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`/shops/${DEMO_SHOP.id}/generate-qr`);
    await page.getByRole('heading', { name: 'Нет ключа доступа магазина' }).waitFor();
    expect(await page.getByText(/из письма о подключении магазина/).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Сгенерировать QR' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it('QR screen of an unknown order says it is not found', async () => {
    const { page, context } = await openPage(browser);
    const id = '00000000-0000-4000-8000-000000000000';
    await page.goto(`/shops/order-qr/${id}?token=${DEMO_SHOP.secretKey}`);
    await page.getByText('Заказ не найден.').waitFor();
    expect(await page.getByText(`Не удалось найти заказ с ID: ${id}`).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'На главную' }).getAttribute('href')).toBe('/');
    await context.close();
  });
});
