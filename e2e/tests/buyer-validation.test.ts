import { BUYER_DATA_ELEMENT_ID } from '@b2bpay/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterNextFrames, launchBrowser, PHONE } from '../support/browser';
import {
  fillStep1,
  openBuyerPage,
  requestEmailCode,
  requestPhoneCode,
  uniqueContacts,
} from '../support/buyer-flow';
import { type BuyerServer, startBuyerServer } from '../support/buyer-server';
import { expectFontsAfterThePage, renderedFonts, waitForInter } from '../support/web-fonts';

/** The not-found page's heading (apps/web/src/shared/ui/not-found-view.tsx). */
const NOT_FOUND_MESSAGE = 'Страница, которую вы ищете, не существует';

// Every message of the buyer's forms (spec §5, §8), as the buyer meets them in Chromium on a phone.
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

/** The error text under a field, read through aria-describedby as assistive technology does. */
async function describedBy(page: Page, label: string | RegExp, exact = false): Promise<string> {
  const field = page.getByLabel(label, { exact });
  return field.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim(),
  );
}

async function step1(page: Page) {
  const order = await server.createOrder();
  await page.goto(`/client/${order.id}/apply`);
  await page.getByText('Шаг 1 из 2').waitFor();
  return order;
}

describe('step 1 messages', () => {
  it('names every empty required field, then clears each as it is edited', async () => {
    const { page, context } = await openBuyerPage(browser, server, PHONE);
    await step1(page);
    await page.getByRole('button', { name: 'Продолжить' }).click();
    expect(await describedBy(page, 'Фамилия')).toBe('Фамилия не может быть пустой');
    expect(await describedBy(page, 'Имя', true)).toBe('Имя не может быть пустым');
    expect(await describedBy(page, 'ИНН', true)).toBe('ИНН обязателен');
    expect(await describedBy(page, 'Название организации')).toBe('Название организации не может быть пустым');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
      .toBe('surname');
    await page.getByLabel('Фамилия').fill('Петров');
    expect(await page.getByText('Фамилия не может быть пустой').count()).toBe(0);
    await expect.poll(() => page.getByText('Имя не может быть пустым').count()).toBe(1);
    await context.close();
  });

  it('checks the INN: digits only, 10 or 12, both checksums', async () => {
    const { page, context } = await openBuyerPage(browser, server, PHONE);
    await step1(page);
    const inn = page.getByRole('combobox', { name: 'ИНН' });
    const submit = page.getByRole('button', { name: 'Продолжить' });
    await inn.pressSequentially('77a07-08 3893 12345');
    await expect.poll(() => inn.inputValue()).toBe('770708389312');
    for (const [value, message] of [
      ['12345', 'ИНН должен состоять из 10 или 12 цифр'],
      // The spec's text, and what it means: the ten digits are there, one of them is wrong.
      [
        '7707083890',
        'Неверный ИНН организации (10 цифр) Количество цифр верное, но контрольная цифра не сходится — проверьте, нет ли опечатки.',
      ],
      [
        '500100732250',
        'Неверный ИНН физлица (12 цифр) Количество цифр верное, но контрольная цифра не сходится — проверьте, нет ли опечатки.',
      ],
    ] as const) {
      await inn.fill(value);
      await page.keyboard.press('Escape');
      await submit.click();
      expect(await describedBy(page, 'ИНН', true)).toBe(message);
    }
    await context.close();
  });

  it('suggests companies by INN after typing, and says when there are none or the lookup fails', async () => {
    const { page, context } = await openBuyerPage(browser, server, PHONE);
    await step1(page);
    const inn = page.getByRole('combobox', { name: 'ИНН' });
    await inn.pressSequentially('77');
    await page.getByRole('listbox', { name: 'Организации с таким ИНН' }).waitFor();
    expect(await page.getByRole('option').count()).toBe(10);
    // A click outside closes the list.
    await page.getByRole('heading', { level: 1 }).click();
    expect(await page.getByRole('listbox').count()).toBe(0);

    await inn.fill('');
    await inn.pressSequentially('0000000');
    await page.getByText('Нет подсказок для этого ИНН').waitFor();

    await page.route('**/api/integration/company/suggest**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"Сбой"}' }),
    );
    await inn.fill('');
    await inn.pressSequentially('7707');
    await page.getByText('Ошибка при получении подсказок').waitFor();
    await context.close();
  });

  it('keeps the INN suggestions in view on a 360×740 phone, where the field sits at the bottom', async () => {
    const { page, context } = await openBuyerPage(browser, server, { width: 360, height: 740 });
    await step1(page);
    const inn = page.getByRole('combobox', { name: 'ИНН' });
    // As a phone's keyboard leaves it: the field at the bottom of what the buyer sees.
    await inn.evaluate((element) => element.scrollIntoView({ block: 'end' }));
    await inn.focus();
    await page.keyboard.type('77');
    const list = page.getByRole('listbox', { name: 'Организации с таким ИНН' });
    await list.waitFor();
    const box = await list.evaluate((element) => {
      const rect = element.getBoundingClientRect();
      return { top: rect.top, bottom: rect.bottom, height: window.innerHeight };
    });
    expect(box.top).toBeGreaterThanOrEqual(0);
    expect(box.bottom).toBeLessThanOrEqual(box.height);
    // The field stays in view too, below the sticky header.
    const field = await inn.evaluate((element) => element.getBoundingClientRect().top);
    expect(field).toBeGreaterThanOrEqual(56);
    await page.getByRole('option').first().click();
    await expect.poll(() => inn.inputValue()).toMatch(/^77\d{8}(\d{2})?$/);
    await context.close();
  });
});

describe('step 2 messages', () => {
  async function step2(page: Page) {
    await step1(page);
    await fillStep1(page);
    await page.getByRole('button', { name: 'Продолжить' }).click();
    await page.getByText('Шаг 2 из 2').waitFor();
  }

  it('checks phone, e-mail and both consents on submit; code inputs are hidden until a code is asked for', async () => {
    const { page, context } = await openBuyerPage(browser, server, PHONE);
    await step2(page);
    expect(await page.getByLabel('Код из СМС').count()).toBe(0);
    expect(await page.getByLabel('Код из письма').count()).toBe(0);
    const submit = page.getByRole('button', { name: 'Отправить заявку' });
    await submit.click();
    expect(await describedBy(page, 'Телефон')).toBe('Неверный формат номера (+7XXXXXXXXXX)');
    expect(await describedBy(page, 'Электронная почта')).toBe('Неверный формат email');
    await page.getByText('Необходимо согласие на обработку персональных данных.').waitFor();
    await page.getByText('Необходимо согласие на передачу данных банкам-партнёрам.').waitFor();

    await page.getByLabel('Телефон').fill('+7 900 123-45-67');
    await page.getByLabel('Электронная почта').fill('buyer@example.ru');
    await submit.click();
    expect(await describedBy(page, 'Телефон')).toBe('Получите код подтверждения');
    expect(await describedBy(page, 'Электронная почта')).toBe('Получите код подтверждения');
    await context.close();
  });

  it('refuses to send codes to a phone or address that cannot be used', async () => {
    const { page, context } = await openBuyerPage(browser, server, PHONE);
    await step2(page);
    await page.getByLabel('Телефон').fill('+7 900 12');
    await page.getByRole('button', { name: 'Получить код' }).first().click();
    // One text for the phone rule, before a code as on submit.
    expect(await describedBy(page, 'Телефон')).toBe('Неверный формат номера (+7XXXXXXXXXX)');
    // A premium-rate number has the format but is not a mobile: no code goes there.
    await page.getByLabel('Телефон').fill('+7 809 505-12-34');
    await page.getByRole('button', { name: 'Получить код' }).first().click();
    await expect
      .poll(() => describedBy(page, 'Телефон'))
      .toBe('Укажите номер мобильного телефона: +7 9XX XXX-XX-XX');
    await page.getByLabel('Электронная почта').fill('buyer@example');
    await page.getByRole('button', { name: 'Получить код' }).last().click();
    expect(await describedBy(page, 'Электронная почта')).toBe('Неверный формат email');
    expect(await page.getByLabel('Код из СМС').count()).toBe(0);
    await context.close();
  });

  it('masks the phone as +7 and refuses «8 916 123-45-6» instead of sending the code to another number', async () => {
    const { page, context } = await openBuyerPage(browser, server, PHONE);
    const { phone } = uniqueContacts('typo');
    await step2(page);
    const field = page.getByLabel('Телефон');
    // The buyer's number typed the Russian way, a leading 8 and the last digit missing.
    const typed = `8 ${phone.slice(2, 5)} ${phone.slice(5, 8)}-${phone.slice(8, 10)}-${phone.slice(10, 11)}`;
    await field.pressSequentially(typed);
    expect(await field.inputValue()).toBe(
      `+7 ${phone.slice(2, 5)} ${phone.slice(5, 8)}-${phone.slice(8, 10)}-${phone.slice(10, 11)}`,
    );
    await page.getByRole('button', { name: 'Получить код' }).first().click();
    expect(await describedBy(page, 'Телефон')).toBe('Неверный формат номера (+7XXXXXXXXXX)');
    // Nothing went anywhere: not to the shifted +7 8XX… number, not to the buyer's.
    const shifted = `+7${typed.replace(/\D/g, '')}`;
    expect(server.smsCount(shifted)).toBe(0);
    expect(await page.getByLabel('Код из СМС').count()).toBe(0);
    // The missing digit: the code goes to the buyer's number.
    await field.pressSequentially(phone.slice(11));
    await page.getByRole('button', { name: 'Получить код' }).first().click();
    await page.getByLabel('Код из СМС').waitFor();
    expect(await server.smsCode(phone)).toMatch(/^\d{6}$/);
    expect(server.smsCount(shifted)).toBe(0);
    await context.close();
  });

  it('lets the buyer correct the number at once: the 60 s wait belongs to the number', async () => {
    const { page, context } = await openBuyerPage(browser, server, PHONE);
    const wrong = uniqueContacts('wrong').phone;
    const right = uniqueContacts('right').phone;
    await step2(page);
    await requestPhoneCode(page, server, wrong);
    const button = page.getByRole('button', { name: /Повторно через \d+ с|Отправить код ещё раз/ }).first();
    expect(await button.textContent()).toMatch(/Повторно через (59|60) с/);
    await page.getByLabel('Телефон').fill(right);
    await expect.poll(() => button.textContent()).toBe('Отправить код ещё раз');
    await button.click();
    await page.getByText(/^Код отправлен на \+7/).waitFor();
    expect(await server.smsCode(right)).toMatch(/^\d{6}$/);
    // The mistyped number keeps its own wait.
    await page.getByLabel('Телефон').fill(wrong);
    await expect.poll(() => button.textContent()).toMatch(/^Повторно через \d+ с$/);
    await context.close();
  });

  it('checks a code as soon as its six digits are typed: «Неверный код» at once, before any submit', async () => {
    const { page, context } = await openBuyerPage(browser, server, PHONE);
    const contacts = uniqueContacts('typed');
    await step2(page);
    const code = await requestPhoneCode(page, server, contacts.phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const input = page.getByLabel('Код из СМС');
    await input.pressSequentially(wrong);
    await expect.poll(() => describedBy(page, 'Код из СМС')).toBe('Неверный код. Осталось попыток: 4');
    // The right code clears it, and is still good for the submission.
    await input.fill('');
    await input.pressSequentially(code);
    await expect.poll(() => describedBy(page, 'Код из СМС')).toMatch(/^Код отправлен на/);
    await context.close();
  });

  it('asks for both codes once they were sent, and keeps codes to 6 digits', async () => {
    const { page, context } = await openBuyerPage(browser, server, PHONE);
    const contacts = uniqueContacts('check');
    await step2(page);
    await requestPhoneCode(page, server, contacts.phone);
    await requestEmailCode(page, server, contacts.email);
    const smsInput = page.getByLabel('Код из СМС');
    expect(await smsInput.getAttribute('inputmode')).toBe('numeric');
    expect(await smsInput.getAttribute('autocomplete')).toBe('one-time-code');
    await smsInput.pressSequentially('12ab34 5678');
    await expect.poll(() => smsInput.inputValue()).toBe('123456');
    await smsInput.fill('');
    await page.getByRole('button', { name: 'Отправить заявку' }).click();
    expect(await describedBy(page, 'Код из СМС')).toBe('Введите код из СМС');
    expect(await describedBy(page, 'Код из письма')).toBe('Введите код из Email');
    await context.close();
  });

  it('keeps what the buyer types in the field they chose while the e-mail code was on its way', async () => {
    // A code field takes the focus a frame after it shows, unless the buyer has moved on: a late
    // focus once sent the SMS code typed into its field to the e-mail's, and «Отправить заявку» only
    // said «Введите код из СМС» (the journey's submission that never landed).
    const { page, context } = await openBuyerPage(browser, server, PHONE);
    const contacts = uniqueContacts('focus');
    await step2(page);
    const smsCode = await requestPhoneCode(page, server, contacts.phone);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The e-mail code's request is answered once the buyer is in the SMS code's field.
    await page.route('**/api/order/orders/*/client', async (route) => {
      if (JSON.parse(route.request().postData() ?? '{}').email !== undefined) await held;
      await route.continue();
    });
    await page.getByLabel('Электронная почта').fill(contacts.email);
    await page.getByRole('button', { name: 'Получить код' }).click();
    await page.getByLabel('Код из СМС').click();
    release();
    await page.getByLabel('Код из письма').waitFor();
    await afterNextFrames(page);
    await page.keyboard.type(smsCode);
    expect(await page.getByLabel('Код из СМС').inputValue()).toBe(smsCode);
    expect(await page.getByLabel('Код из письма').inputValue()).toBe('');
    await context.close();
  });
});

describe('order page states', () => {
  it("says 'Заказ с ID … не найден.' for an unknown order, without a back button", async () => {
    const { page, context } = await openBuyerPage(browser, server, PHONE);
    for (const id of ['3f9d7a5e-1111-4a2b-9c3d-000000000000', 'no-such-order']) {
      await page.goto(`/client/${id}`);
      await page.getByText(`Заказ с ID ${id} не найден.`).waitFor();
      expect(await page.getByRole('button', { name: /Назад/ }).count()).toBe(0);
    }
    await context.close();
  });

  it('shows the not-found page for an address under /client/ without a page, loading it once', async () => {
    const { page, context } = await openBuyerPage(browser, server, PHONE);
    const order = await server.createOrder();
    // Documents asked for (the router's own history entries are not loads).
    let loads = 0;
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads += 1;
    });
    await page.goto(`/client/${order.id}/nothing`);
    await page.getByRole('heading', { name: NOT_FOUND_MESSAGE }).waitFor();
    // Before, the buyer's document sent this address back to the server, which sent the same
    // document: the page reloaded without end.
    await afterNextFrames(page);
    expect(loads).toBe(1);
    expect(new URL(page.url()).pathname).toBe(`/client/${order.id}/nothing`);
    await context.close();
  });

  it("shows 'Загрузка данных заказа...' while the order loads", async () => {
    const { page, context } = await openBuyerPage(browser, server, PHONE);
    const order = await server.createOrder();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**/api/order/orders/${order.id}`, async (route) => {
      await held;
      await route.continue();
    });
    // The server embeds the order in the buyer's page, so the page loads it itself only when
    // it came without it: the embedded record is taken out here.
    await page.route(`**/client/${order.id}`, async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(
        new RegExp(`<script type="application/json" id="${BUYER_DATA_ELEMENT_ID}">[\\s\\S]*?</script>`),
        '',
      );
      await route.fulfill({ response, body });
    });
    await page.goto(`/client/${order.id}`);
    await page.getByRole('status').getByText('Загрузка данных заказа...').waitFor();
    release();
    await page.getByRole('button', { name: 'Заполнить заявку' }).waitFor();
    await context.close();
  });
});

describe("the order page's first load", () => {
  it("takes the order from the page and its scripts from the document's list, each once", async () => {
    const { page, context } = await openBuyerPage(browser, server, PHONE);
    const order = await server.createOrder();
    const html = await (await fetch(`${server.baseUrl}/client/${order.id}`)).text();
    const linked = (text: string) =>
      [...text.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1] ?? '');
    // The server-rendered page lists its scripts for after its first paint: the entry, the build's own
    // preloads (buyer.html names the entry's parts) and the ones the API adds for the page.
    const listed = JSON.parse(
      html.match(/<script type="application\/json" id="b2bpay-page-scripts">([^<]+)<\/script>/)?.[1] ?? '{}',
    ) as { entry?: string; preloads?: string[] };
    const shell = linked(await (await fetch(`${server.baseUrl}/buyer.html`)).text());
    expect(shell.every((href) => listed.preloads?.includes(href))).toBe(true);
    const pageScripts = (listed.preloads ?? []).filter((href) => !shell.includes(href));
    expect(pageScripts.some((href) => /\/buyer-order-page-[\w-]+\.js$/.test(href))).toBe(true);
    expect(pageScripts.length).toBeGreaterThan(1);

    // The entry script is held back: every page script is asked for all the same, so the document
    // names them, not the entry once it has run.
    const entry = listed.entry ?? '';
    expect(entry).toMatch(/^\/static\/js\/buyer-buyer-/);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**${entry}`, async (route) => {
      await held;
      await route.continue();
    });
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    const navigation = page.goto(`/client/${order.id}`);
    await expect.poll(() => pageScripts.filter((href) => !requested.includes(href))).toEqual([]);
    release();
    await navigation;
    await page.getByRole('button', { name: 'Заполнить заявку' }).waitFor();
    const scripts = requested.filter((path) => path.startsWith('/static/js/'));
    expect(scripts.length).toBe(new Set(scripts).size);
    expect(requested).not.toContain(`/api/order/orders/${order.id}`);
    await context.close();
  });

  it('draws the page in the fallback font and swaps Inter in once the page has loaded', async () => {
    const order = await server.createOrder();
    const html = await (await fetch(`${server.baseUrl}/client/${order.id}`)).text();
    // The stylesheet is inline and Inter's files are asked for by no stylesheet the page applies.
    expectFontsAfterThePage(html, 'buyer-fonts');
    const links = html.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
    // Besides the fonts' link, only the disabled one naming the inline stylesheet (never fetched: it
    // tells the lazy parts' loader that those styles are there).
    expect(links.filter((link) => !/\sdisabled\b/.test(link))).toHaveLength(1);
    const inlineNamed = links.filter((link) => /\sdisabled\b/.test(link));
    expect(inlineNamed).toHaveLength(1);
    const inlineHref = /href="([^"]+)"/.exec(inlineNamed[0] ?? '')?.[1] ?? '';

    const { page, context } = await openBuyerPage(browser, server, PHONE);
    await page.goto(`/client/${order.id}`);
    await page.getByRole('button', { name: 'Заполнить заявку' }).waitFor();
    await waitForInter(page);
    // Every Inter file was asked for after the load event, and only the subsets the text uses.
    const fonts = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      return performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.endsWith('.woff2'))
        .map((entry) => ({
          url: entry.name,
          afterLoad: entry.startTime >= (navigation?.loadEventStart ?? 0),
        }));
    });
    expect(fonts.some((font) => font.url.includes('cyrillic-wght'))).toBe(true);
    expect(fonts.filter((font) => !font.afterLoad)).toEqual([]);
    expect(fonts.some((font) => /greek|vietnamese/.test(font.url))).toBe(false);
    expect(await renderedFonts(context, page, 'h1')).toEqual(['Inter']);
    const fetchedInline = await page.evaluate(
      (href) =>
        performance.getEntriesByType('resource').filter((entry) => new URL(entry.name).pathname === href),
      inlineHref,
    );
    expect(inlineHref).toMatch(/^\/static\/assets\/buyer-[\w-]+\.css$/);
    expect(fetchedInline).toEqual([]);
    await context.close();
  });
});
