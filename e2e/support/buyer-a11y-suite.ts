import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Order } from '@b2bpay/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe';
import { afterNextFrames, animationsFinished, launchBrowser } from './browser';
import {
  completeApplication,
  fillStep1,
  openBuyerPage,
  requestEmailCode,
  requestPhoneCode,
  uniqueContacts,
} from './buyer-flow';
import { type BuyerServer, startBuyerServer } from './buyer-server';
import { ARTIFACTS_DIR } from './paths';

// axe-core (WCAG 2.1 A/AA and best practices) on every buyer route and its interesting states, at
// one width per test file (buyer-a11y-phone and -desktop run side by side); no sideways scrolling on
// the phone; a screenshot of each for people to look at.
let server: BuyerServer;
let browser: Browser;
let order: Order;
let longOrder: Order;
const SHOTS = path.join(ARTIFACTS_DIR, 'buyer');

async function settle(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      [...document.images].map((img) =>
        img.complete
          ? undefined
          : new Promise((resolve) => img.addEventListener('load', resolve, { once: true })),
      ),
    );
  });
  // Accordion and dropdown animations run to their end.
  await afterNextFrames(page);
  await animationsFinished(page);
}

/** axe clean, no sideways scroll, and a screenshot (scrolled to the top, so the sticky header sits right). */
async function check(page: Page, name: string, width: number) {
  await settle(page);
  expect(await axeViolations(page), `${name} at ${width}px`).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} at ${width}px scrolls sideways`).toBeLessThanOrEqual(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
}

export function describeBuyerRoutes(viewport: { width: number; height: number }): void {
  beforeAll(async () => {
    server = await startBuyerServer();
    browser = await launchBrowser();
    mkdirSync(SHOTS, { recursive: true });
    order = await server.createOrder([
      { name: 'Бумага офисная А4, 500 листов', price: 450.5, quantity: 10 },
      { name: 'Степлер металлический', price: 1290, quantity: 1 },
    ]);
    longOrder = await server.createOrder(
      Array.from({ length: 9 }, (_, i) => ({
        name: `Кресло офисное эргономичное «Оптима-${i + 1}» с подголовником и подлокотниками`,
        price: 12_990 + i * 10,
        quantity: 1 + (i % 3),
      })),
    );
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  describe(`buyer routes at ${viewport.width} px`, () => {
    const w = viewport.width;

    it('order page: short and long lists, and an unknown order', async () => {
      const { page, context, errors } = await openBuyerPage(browser, server, viewport);
      await page.goto(`/client/${order.id}`);
      await page.getByRole('button', { name: 'Заполнить заявку' }).waitFor();
      await check(page, 'order', w);
      await page.goto(`/client/${longOrder.id}`);
      await page.getByRole('button', { name: 'Заполнить заявку' }).waitFor();
      await check(page, 'order-long', w);
      await page.getByRole('button', { name: /Показать все товары/ }).click();
      await check(page, 'order-long-open', w);
      await page.goto('/client/3f9d7a5e-1111-4a2b-9c3d-000000000000');
      await page.getByText(/не найден\./).waitFor();
      await check(page, 'order-not-found', w);
      expect(errors).toEqual([]);
      await context.close();
    });

    it('step 1: empty, with errors and with suggestions open', async () => {
      const { page, context, errors } = await openBuyerPage(browser, server, viewport);
      await page.goto(`/client/${order.id}/apply`);
      await page.getByText('Шаг 1 из 2').waitFor();
      await check(page, 'step1', w);
      await page.getByRole('button', { name: 'Продолжить' }).click();
      await page.getByText('ИНН обязателен').waitFor();
      await check(page, 'step1-errors', w);
      await page.getByRole('combobox', { name: 'ИНН' }).pressSequentially('770');
      await page.getByRole('listbox').waitFor();
      await page.keyboard.press('ArrowDown');
      await check(page, 'step1-suggestions', w);
      expect(errors).toEqual([]);
      await context.close();
    });

    it('step 2: empty, with errors, and with both codes asked for', async () => {
      const { page, context, errors } = await openBuyerPage(browser, server, viewport);
      const fresh = await server.createOrder();
      const contacts = uniqueContacts(`a11y${w}`);
      await page.goto(`/client/${fresh.id}/apply`);
      await fillStep1(page);
      await page.getByRole('button', { name: 'Продолжить' }).click();
      await page.getByText('Шаг 2 из 2').waitFor();
      await check(page, 'step2', w);
      await page.getByRole('button', { name: 'Отправить заявку' }).click();
      await page.getByText('Неверный формат email').waitFor();
      await check(page, 'step2-errors', w);
      await requestPhoneCode(page, server, contacts.phone);
      await requestEmailCode(page, server, contacts.email);
      await page.getByRole('button', { name: 'Отправить заявку' }).click();
      await page.getByText('Введите код из Email').waitFor();
      await check(page, 'step2-codes', w);
      expect(errors).toEqual([]);
      await context.close();
    });

    it('success page, and the order page once the application is in', async () => {
      const { page, context, errors } = await openBuyerPage(browser, server, viewport);
      const fresh = await server.createOrder();
      await completeApplication(page, server, fresh.id);
      await check(page, 'success', w);
      await page.getByRole('link', { name: 'Вернуться к заказу' }).click();
      await page.getByRole('region', { name: 'Статус заказа' }).waitFor();
      await check(page, 'order-submitted', w);
      await page.goto(`/client/${fresh.id}/apply`);
      await page.getByRole('heading', { name: 'Заявка по этому заказу уже отправлена' }).waitFor();
      await check(page, 'apply-closed', w);
      expect(errors).toEqual([]);
      await context.close();
    });

    it('FAQ (all open, invoice details shown) and support, with and without an order', async () => {
      const { page, context, errors } = await openBuyerPage(browser, server, viewport);
      for (const base of [`/client/${order.id}`, '/client']) {
        const suffix = base === '/client' ? '-standalone' : '';
        await page.goto(`${base}/faq`);
        await page.getByRole('heading', { name: 'Часто задаваемые вопросы' }).waitFor();
        await check(page, `faq${suffix}`, w);
        // Each click waits for its own question to open before the next: the count read straight
        // after the last click raced React's update once on CI (4 of 5).
        const questions = page.locator('h2 > button');
        const opened = page.locator('h2 > button[aria-expanded="true"]');
        const total = await questions.count();
        for (let i = 0; i < total; i++) {
          await questions.nth(i).click();
          await opened.nth(i).waitFor();
        }
        expect(total).toBe(5);
        await page.getByRole('button', { name: 'Оплата на расчетный счет' }).click();
        await page.getByRole('button', { name: 'Оплата на расчетный счет', expanded: true }).waitFor();
        await check(page, `faq-open${suffix}`, w);
        await page.goto(`${base}/support`);
        await page.getByRole('heading', { name: 'Поддержка' }).waitFor();
        await check(page, `support${suffix}`, w);
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  });
}
