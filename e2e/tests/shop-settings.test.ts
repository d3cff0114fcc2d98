import { createHmac } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SHOP } from '../support/api';
import { axeViolations } from '../support/axe';
import {
  DESKTOP,
  launchBrowser,
  type OpenedPage,
  openPage,
  PHONE,
  recordLayoutShifts,
} from '../support/browser';
import { ARTIFACTS_DIR } from '../support/paths';
import {
  type ShopServer,
  startShopServer,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../support/shop-server';

/**
 * Integration settings in the browser: the default webhook URL (with the API's field
 * errors), a test event to a receiver on loopback, the signing secret and both API keys rotated
 * after a confirmation and shown once — and the shop area keeps working on the new secret key.
 * A server of its own, so the rotated keys never reach the shared server's demo shop.
 */
const SETTINGS_PATH = `/shops/${DEMO_SHOP.id}/settings`;

let shop: ShopServer;
let receiver: WebhookReceiver;
let browser: Browser;

beforeAll(async () => {
  [shop, receiver, browser] = await Promise.all([startShopServer(), startWebhookReceiver(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await receiver?.close();
  await shop?.stop();
});

async function openSettings(viewport: { width: number; height: number } = DESKTOP): Promise<OpenedPage> {
  const opened = await openPage(browser, { baseURL: shop.baseUrl, viewport });
  await opened.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: shop.baseUrl });
  await opened.page.goto(`${SETTINGS_PATH}?token=${encodeURIComponent(shop.token())}`);
  await opened.page.getByRole('heading', { name: 'Ключи API' }).waitFor();
  return opened;
}

const urlField = (page: Page) => page.getByLabel('Адрес вебхука по умолчанию');

/** Standard Webhooks: v1 = base64 HMAC-SHA256 of `id.timestamp.body` with the decoded whsec_ secret. */
function signatureOk(secret: string, request: WebhookReceiver['requests'][number]): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const id = String(request.headers['webhook-id']);
  const timestamp = String(request.headers['webhook-timestamp']);
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${request.body}`).digest('base64');
  return String(request.headers['webhook-signature']).split(' ').includes(`v1,${expected}`);
}

/**
 * The receiver as the shop's default webhook address, set through the API: each test that sends an
 * event sets it itself rather than counting on the test that saves it on the page having run first.
 */
async function useReceiverAsDefaultUrl(): Promise<void> {
  await shop.api('/api/shop/settings', {
    method: 'PUT',
    body: JSON.stringify({ webhook_url: receiver.url }),
  });
}

async function sendTestEvent(page: Page) {
  const before = receiver.requests.length;
  await page.getByRole('button', { name: 'Тестовое событие' }).click();
  await page.getByText('Тестовое событие доставлено (HTTP 200).').waitFor({ timeout: 10_000 });
  const request = receiver.requests.slice(before).find((r) => JSON.parse(r.body).event === 'webhook.test');
  if (!request) throw new Error('the receiver got no webhook.test');
  return request;
}

describe('webhook settings', () => {
  it('shows the API field error under the field, then saves the default URL', async () => {
    const { page, context, errors } = await openSettings();
    await urlField(page).fill('ftp://example.ru/hook');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    const field = urlField(page);
    await page.waitForFunction(
      () => document.querySelector('[aria-invalid="true"]')?.getAttribute('aria-describedby') != null,
    );
    const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
    const message = await page.locator(`[id="${describedBy.split(' ')[0]}"]`).textContent();
    expect(message?.length).toBeGreaterThan(5);

    await field.fill(receiver.url);
    expect(await field.getAttribute('aria-invalid')).toBeNull();
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Адрес вебхука сохранён.').waitFor();
    const saved = await shop.api<{ webhook_url: string | null }>('/api/shop/settings');
    expect(saved.webhook_url).toBe(receiver.url);

    await page.reload();
    await page.getByRole('heading', { name: 'Ключи API' }).waitFor();
    expect(await urlField(page).inputValue()).toBe(receiver.url);
    expect(errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
    await context.close();
  });

  it('sends a signed test event to the receiver and lists the delivery', async () => {
    await useReceiverAsDefaultUrl();
    const { page, context } = await openSettings();
    const request = await sendTestEvent(page);
    expect(request.headers['webhook-signature']).toMatch(/^v1,/);
    const delivery = page
      .locator('[data-testid="webhook-delivery"]', { hasText: 'Тестовое событие' })
      .first();
    await delivery.waitFor();
    expect(await delivery.getAttribute('data-status')).toBe('delivered');
    expect(await delivery.textContent()).toContain(receiver.url);
    await context.close();
  });

  it('rotates the signing secret after a confirmation, shows it once, and signs with it', async () => {
    await useReceiverAsDefaultUrl();
    const { page, context } = await openSettings();
    const opener = page.getByRole('button', { name: 'Сменить секрет' });
    await opener.click();
    let dialog = page.getByRole('dialog', { name: 'Сменить секрет подписи?' });
    await dialog.waitFor();
    // Escape cancels and gives the focus back to the button that opened it.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);

    await opener.click();
    dialog = page.getByRole('dialog', { name: 'Сменить секрет подписи?' });
    await dialog.getByRole('button', { name: 'Сменить секрет' }).click();
    const revealed = page.getByTestId('revealed-secret');
    await revealed.waitFor();
    const secret = ((await revealed.locator('code').textContent()) ?? '').trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    await page.getByText(`whsec_••••••••${secret.slice(-4)}`).waitFor();

    await revealed.getByRole('button', { name: 'Копировать' }).click();
    await revealed.getByRole('button', { name: 'Скопировано!' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

    const request = await sendTestEvent(page);
    expect(signatureOk(secret, request)).toBe(true);

    // Shown once: after a reload only the hint is left.
    await page.reload();
    await page.getByRole('heading', { name: 'Ключи API' }).waitFor();
    expect(await page.getByText(secret).count()).toBe(0);
    await context.close();
  });
});

describe('API keys', () => {
  it('rotates the publishable key: the new one creates orders, the old one is refused', async () => {
    const { page, context } = await openSettings();
    const row = page.getByTestId('key-publishable');
    await row.getByRole('button', { name: 'Выпустить новый' }).click();
    const dialog = page.getByRole('dialog', { name: 'Выпустить новый публичный ключ?' });
    await dialog.getByRole('button', { name: 'Выпустить новый ключ' }).click();
    const key = ((await row.getByTestId('revealed-secret').locator('code').textContent()) ?? '').trim();
    // The demo shop is a test shop (DESIGN §16): its new keys are test keys.
    expect(key).toMatch(/^pk_test_/);
    // Shown in full in the key's row, not only in the one-time reveal.
    expect((await row.locator('code').first().textContent())?.trim()).toBe(key);

    const create = (token: string) =>
      fetch(`${shop.baseUrl}/api/order/orders`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ products: [{ name: 'Ручка', price: 10, quantity: 1 }] }),
      });
    expect((await create(DEMO_SHOP.publishableKey)).status).toBe(401);
    expect((await create(key)).status).toBe(200);
    await context.close();
  });

  it('rotates the secret key and the shop area keeps working — live updates included — on the new one', async () => {
    const order = await shop.createOrder();
    const { page, context, errors } = await openSettings();
    const oldKey = shop.token();
    const row = page.getByTestId('key-secret');
    await row.getByRole('button', { name: 'Выпустить новый' }).click();
    const dialog = page.getByRole('dialog', { name: 'Выпустить новый секретный ключ?' });
    await expect(dialog.textContent()).resolves.toContain('перестанет работать сразу');
    await dialog.getByRole('button', { name: 'Выпустить новый ключ' }).click();
    const key = ((await row.getByTestId('revealed-secret').locator('code').textContent()) ?? '').trim();
    expect(key).toMatch(/^sk_test_/);
    shop.setToken(key);
    expect(await page.evaluate(() => sessionStorage.getItem('authToken'))).toBe(key);

    const status = async (token: string) =>
      (await fetch(`${shop.baseUrl}/api/shop/settings`, { headers: { Authorization: `Bearer ${token}` } }))
        .status;
    expect(await status(oldKey)).toBe(401);
    expect(await status(key)).toBe(200);

    // Without leaving the shop area: settings save, the order list loads, and follows live changes.
    await urlField(page).fill(receiver.url);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Адрес вебхука сохранён.').waitFor();
    await page
      .getByRole('navigation', { name: 'Разделы магазина' })
      .getByRole('link', { name: 'Все заказы' })
      .click();
    const card = page.getByRole('link', { name: new RegExp(`^Заказ №${order.order_number}(?!\\d)`) });
    await card.getByText('Ожидаем данные клиента').waitFor();
    await page.locator('[data-testid="live-indicator"][data-live="open"]').waitFor();
    await shop.submitApplication(order.id, 'pending-after-rotation@example.ru');
    await card.getByText('Банк проверяет информацию').waitFor({ timeout: 2000 });
    expect(errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
    await context.close();
  });
});

describe('webhook endpoints', () => {
  it('adds an endpoint with chosen events, shows its secret once, lists its delivery, then deletes it', async () => {
    const { page, context, errors } = await openSettings();
    const card = page.getByTestId('webhook-endpoints');
    const url = new URL('/erp/b2bpay', receiver.url).toString();
    await card.getByRole('button', { name: 'Добавить адрес' }).click();
    const form = card.getByTestId('endpoint-form');
    await form.getByLabel('Адрес', { exact: true }).fill(url);
    await form.getByLabel('Все события (и новые)').uncheck();
    await form.getByLabel(/^Заказ создан/).check();
    await form.getByRole('button', { name: 'Добавить адрес' }).click();

    const revealed = card.getByTestId('revealed-secret');
    await revealed.waitFor();
    const secret = ((await revealed.locator('code').textContent()) ?? '').trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    const row = card.getByTestId('endpoint-row').filter({ hasText: url });
    await row.getByText('Включён').waitFor();
    await row.getByText('Заказ создан', { exact: false }).waitFor();

    // An order: its order.created reaches this endpoint only, signed with its own secret.
    const before = receiver.requests.length;
    const order = await shop.api<{ id: string }>('/api/order/orders', {
      method: 'POST',
      body: JSON.stringify({ products: [{ name: 'Бумага', price: 100, quantity: 1 }] }),
    });
    const deadline = Date.now() + 10_000;
    let got: WebhookReceiver['requests'][number] | undefined;
    while (!got && Date.now() < deadline) {
      got = receiver.requests.slice(before).find((r) => JSON.parse(r.body).order_id === order.id);
      if (!got) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (!got) throw new Error('the endpoint got no order.created');
    expect(JSON.parse(got.body).event).toBe('order.created');
    expect(signatureOk(secret, got)).toBe(true);

    // The delivery is in the log; the secret is not shown again after a reload.
    await page.reload();
    await page.getByRole('heading', { name: 'Ключи API' }).waitFor();
    expect(await page.getByText(secret).count()).toBe(0);
    const delivery = page.locator('[data-testid="webhook-delivery"]', { hasText: url }).first();
    await delivery.waitFor();
    expect(await delivery.textContent()).toContain('Заказ создан');

    await card.getByRole('button', { name: `Удалить ${url}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Удалить адрес вебхука?' });
    await dialog.getByRole('button', { name: 'Удалить' }).click();
    await card.getByTestId('endpoint-row').filter({ hasText: url }).waitFor({ state: 'detached' });
    const left = await shop.api<{ items: { url: string }[] }>('/api/webhooks/endpoints');
    expect(left.items.map((e) => e.url)).not.toContain(url);
    expect(errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
    await context.close();
  });
});

describe('accessibility and layout of the settings page', () => {
  it('opens on a phone without moving what is on screen: the footer stays below until the page is there', async () => {
    const { page, context, errors } = await openPage(browser, { baseURL: shop.baseUrl, viewport: PHONE });
    try {
      const layoutShifts = await recordLayoutShifts(page);
      await page.goto(`${SETTINGS_PATH}?token=${encodeURIComponent(shop.token())}`);
      await page.getByRole('heading', { name: 'Ключи API' }).waitFor();
      await page
        .getByTestId('webhook-endpoints')
        .getByText('Загрузка адресов...')
        .waitFor({ state: 'detached' });
      expect(await layoutShifts()).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  for (const viewport of [PHONE, DESKTOP]) {
    it(`has no axe violations and no horizontal scrolling at ${viewport.width} px`, async () => {
      // A delivery in the list, so that the log's layout is checked too.
      await useReceiverAsDefaultUrl();
      await shop.api('/api/webhooks/test', { method: 'POST', body: '{}' });
      const { page, context } = await openSettings(viewport);
      const found: string[] = [];
      const check = async (name: string, fullPage = true) => {
        for (const violation of await axeViolations(page)) found.push(`${name}: ${violation}`);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        if (width > viewport.width) found.push(`${name}: page is ${width} px wide`);
        await page.screenshot({
          path: path.join(ARTIFACTS_DIR, `shop-${name}-${viewport.width}.png`),
          fullPage,
        });
      };
      await page.getByTestId('webhook-delivery').first().waitFor();
      await check('settings');

      // The endpoints' form with its event checkboxes.
      const endpoints = page.getByTestId('webhook-endpoints');
      await endpoints.getByTestId('endpoint-row').first().waitFor();
      await endpoints.getByRole('button', { name: 'Добавить адрес' }).click();
      await endpoints.getByTestId('endpoint-form').waitFor();
      await check('settings-endpoint-form');
      await endpoints.getByRole('button', { name: 'Отмена' }).click();

      await page
        .getByRole('button', { name: /^Журнал попыток/ })
        .first()
        .click();
      await urlField(page).fill('http://127.0.0.1:1/none');
      await page.getByRole('button', { name: 'Тестовое событие' }).click();
      await page
        .getByText(/^Первая попытка не удалась|^Тестовое событие не доставлено/)
        .waitFor({ timeout: 10_000 });
      await check('settings-test-failed');

      await page.getByTestId('key-publishable').getByRole('button', { name: 'Выпустить новый' }).click();
      await page.getByRole('dialog', { name: 'Выпустить новый публичный ключ?' }).waitFor();
      await check('settings-dialog', false);
      await page.keyboard.press('Escape');
      expect(found).toEqual([]);
      await context.close();
    });
  }
});

/** A loopback port nothing listens on: connections to it are refused at once. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

// The widget sites test removes its sites again: while any is set, the publishable key is refused
// without an Origin (as the key rotation test sends it).
describe('widget sites, rotation with an overlap, webhook health', () => {
  it('edits the widget sites and the API stores them; the publishable key then works only from them', async () => {
    const { page, context, errors } = await openSettings();
    const card = page.getByTestId('widget-origins');
    const field = card.getByLabel('Адрес сайта');
    await field.fill('http://shop.example');
    await card.getByRole('button', { name: 'Добавить' }).click();
    await card.getByText('Ожидается адрес сайта вида https://shop.ru (без пути)').waitFor();
    await field.fill('HTTPS://Shop.Example/');
    await card.getByRole('button', { name: 'Добавить' }).click();
    await card.getByText('https://shop.example').waitFor();
    for (const site of ['https://widget.example:8443', 'https://old.example']) {
      await field.fill(site);
      await field.press('Enter');
      await card.getByText(site).waitFor();
    }
    await card.getByRole('button', { name: 'Убрать https://old.example' }).click();
    await card.getByText('https://old.example').waitFor({ state: 'detached' });

    const stored = await shop.api<{ widget_origins: string[] }>('/api/shop/settings');
    expect(stored.widget_origins).toEqual(['https://shop.example', 'https://widget.example:8443']);
    const publishableKey = await currentPublishableKey();
    const create = (origin: string) =>
      fetch(`${shop.baseUrl}/api/order/orders`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${publishableKey}`,
          Origin: origin,
        },
        body: JSON.stringify({ products: [{ name: 'Ручка', price: 10, quantity: 1 }] }),
      });
    expect((await create('https://shop.example')).status).toBe(200);
    expect((await create('https://evil.example')).status).toBe(403);

    // After a reload the page shows what the API stored; removing every site opens the key again.
    await page.reload();
    await card.getByText('https://widget.example:8443').waitFor();
    for (const site of ['https://shop.example', 'https://widget.example:8443']) {
      await card.getByRole('button', { name: `Убрать ${site}` }).click();
      await card.getByText(site).waitFor({ state: 'detached' });
    }
    await card.getByText('Сайты не указаны: публичный ключ работает с любого сайта.').waitFor();
    expect((await shop.api<{ widget_origins: string[] }>('/api/shop/settings')).widget_origins).toEqual([]);
    expect(errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([]);
    await context.close();
  });

  it('rotates the secret key with «через 1 час»: both read orders, only the new one changes settings', async () => {
    const { page, context } = await openSettings();
    const oldKey = shop.token();
    const row = page.getByTestId('key-secret');
    await row.getByRole('button', { name: 'Выпустить новый' }).click();
    const dialog = page.getByRole('dialog', { name: 'Выпустить новый секретный ключ?' });
    await dialog.getByLabel('Старый ключ перестанет работать').selectOption({ label: 'через 1 час' });
    await expect(dialog.textContent()).resolves.toContain('перестанет работать через 1 час');
    await dialog.getByRole('button', { name: 'Выпустить новый ключ' }).click();
    const key = ((await row.getByTestId('revealed-secret').locator('code').textContent()) ?? '').trim();
    expect(key).toMatch(/^sk_test_/);
    shop.setToken(key);
    const status = async (token: string, path: string) =>
      (await fetch(`${shop.baseUrl}${path}`, { headers: { Authorization: `Bearer ${token}` } })).status;
    expect(await status(oldKey, '/api/order/orders')).toBe(200);
    expect(await status(key, '/api/order/orders')).toBe(200);
    // In its grace period the old key creates and reads orders only (DESIGN §16).
    expect(await status(oldKey, '/api/shop/settings')).toBe(403);
    expect(await status(key, '/api/shop/settings')).toBe(200);
    await context.close();
  });

  it('asks «начиная с» in Russian in an English browser: the app calendar and a 24-hour time, no native field', async () => {
    const { page, context } = await openPage(browser, { baseURL: shop.baseUrl, locale: 'en-US' });
    await page.goto(`${SETTINGS_PATH}?token=${encodeURIComponent(shop.token())}`);
    const group = page.getByRole('group', { name: 'Неудачные доставки начиная с' });
    await group.waitFor();
    expect(
      await page.locator('input[type="datetime-local"], input[type="date"], input[type="time"]').count(),
    ).toBe(0);
    expect(await group.getByLabel('Время, ЧЧ:ММ').inputValue()).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
    await group.getByRole('button', { name: /^Дата: \d\d\.\d\d\.\d{4}$/ }).click();
    const calendar = page.getByRole('dialog', { name: 'Выбор даты' });
    await calendar.waitFor();
    const text = (await calendar.textContent()) ?? '';
    expect(text).toMatch(
      /(Январь|Февраль|Март|Апрель|Май|Июнь|Июль|Август|Сентябрь|Октябрь|Ноябрь|Декабрь) \d{4}/,
    );
    expect(text).toContain('Пн');
    expect(text).not.toMatch(
      /January|February|March|April|May|June|July|August|September|October|November|December/,
    );
    await context.close();
  });

  it('shows the address failing with its last error and re-sends the failed deliveries to the new one', async () => {
    const dead = `http://127.0.0.1:${await closedPort()}/hook`;
    await shop.api('/api/shop/settings', { method: 'PUT', body: JSON.stringify({ webhook_url: dead }) });
    const order = await shop.createOrder();
    // The cancellation is an order.status.changed webhook to the dead address.
    await shop.api(`/api/order/orders/${order.id}/cancel`, { method: 'POST', body: '{}' });
    // One retry 500 ms after the first refusal (WEBHOOK_RETRY_SCHEDULE), then the delivery fails for good.
    const deadline = Date.now() + 20_000;
    let health = await shop.api<{ failing: boolean; failed_deliveries: number }>('/api/webhooks/health');
    while (!health.failing && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      health = await shop.api('/api/webhooks/health');
    }
    expect(health.failing).toBe(true);

    const { page, context } = await openSettings();
    const card = page.getByTestId('webhook-health');
    await card.getByText('Адрес не принимает вебхуки').waitFor();
    await card.getByText(/^Последняя ошибка: .+/).waitFor();
    expect(await card.textContent()).toContain(`Неудачных доставок: ${health.failed_deliveries}`);

    // The shop fixes its address on the page, then re-sends what failed.
    await urlField(page).fill(receiver.url);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Адрес вебхука сохранён.').waitFor();
    await card.getByText('Адрес принимает вебхуки.').waitFor();
    const before = receiver.requests.length;
    await card.getByRole('button', { name: 'Отправить повторно' }).click();
    const done = card.getByText(/^Отправлено повторно: \d+ на /);
    await done.waitFor();
    expect(await done.textContent()).toContain(receiver.url);
    const resent = await eventuallyReceived(before, order.id);
    expect(JSON.parse(resent.body)).toMatchObject({ event: 'order.status.changed', status: 'cancelled' });
    await context.close();
  });
});

/** The shop's publishable key now (an earlier test rotated it): shown whole in its row. */
async function currentPublishableKey(): Promise<string> {
  const settings = await shop.api<{ publishable_key_hint: string }>('/api/shop/settings');
  return settings.publishable_key_hint;
}

/** The receiver's first request after `before` about the order (polled, the worker sends it). */
async function eventuallyReceived(before: number, orderId: string) {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const found = receiver.requests.slice(before).find((r) => JSON.parse(r.body).order_id === orderId);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the receiver got nothing about ${orderId}`);
}
