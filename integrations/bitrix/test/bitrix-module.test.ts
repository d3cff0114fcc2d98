import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookHeaders } from '../../../apps/api/src/modules/webhooks/signing';
import { DB_KINDS } from '../../../apps/api/test/support/test-app';
import { readTarGz } from '../build/archive';
import { type BitrixBuild, buildBitrixModule, CHARSETS, MODULE_ID } from '../build/build';
import { checkPhpCompat, lintPhp, phpFiles } from '../build/php-check';
import { decodeWindows1251 } from '../build/windows-1251';
import { type Backend, externalBackend, inProcessBackend, until } from './support/backend';
import { type BitrixCharset, type BitrixSite, startBitrixSite } from './support/bitrix-site';
import { freshContacts, signFirstOffer, submitApplication } from './support/buyer';
import {
  type BasketRow,
  legalEntityOrder,
  type OrderRow,
  orderOf,
  orderSum,
  PAY_SYSTEM_ID,
  paymentOf,
  siteState,
} from './support/fixtures';

/**
 * The 1C-Bitrix module end to end, without Bitrix (its core is proprietary): the archives the build
 * makes are unpacked into a "Bitrix site" served by `php -S` — stubs of the Bitrix classes the module
 * touches and Bitrix's own callback page — installed through its CModule installer, and driven
 * against a real B2BPay server: the payment page opened five times (one order), the buyer's journey
 * with the sandbox banks (their approval, the buyer's signature of an offer, their payment), B2BPay's
 * webhook marking the payment paid, the same webhook again, a forgery, a partial refund from the
 * admin, a cancelled order, and the windows-1251 build. What the test checks
 * is what Bitrix would store (the site's database file) and what B2BPay's API shows.
 */

function phpWithCurl(): boolean {
  try {
    execFileSync('php', ['-r', 'exit(extension_loaded("curl") && extension_loaded("tokenizer") ? 0 : 1);'], {
      stdio: 'ignore',
    });
    return true;
  } catch {
    return false;
  }
}
const HAS_PHP = phpWithCurl();
if (!HAS_PHP) {
  console.log(
    'PHP с расширениями curl и tokenizer не найден: тесты модуля 1С-Битрикс пропущены (.ci/run ставит php-cli и php-curl).',
  );
}

const EXTERNAL = externalBackend();
const BACKENDS: string[] = EXTERNAL ? ['external'] : DB_KINDS;

let build: BitrixBuild;
let outDir = '';

beforeAll(async () => {
  if (!HAS_PHP) return;
  outDir = mkdtempSync(path.join(tmpdir(), 'b2bpay-bitrix-build-'));
  build = await buildBitrixModule(outDir);
});

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe.skipIf(!HAS_PHP)('the module build', () => {
  it('makes a UTF-8 and a windows-1251 archive of b2bpay.payment/ whose every PHP file passes php -l', async () => {
    const unpacked = mkdtempSync(path.join(tmpdir(), 'b2bpay-bitrix-unpacked-'));
    try {
      const archives = Object.fromEntries(
        await Promise.all(CHARSETS.map(async (c) => [c, await readTarGz(build.builds[c].archive)] as const)),
      );
      const utf8 = archives['utf-8'] as Map<string, Buffer>;
      const cp1251 = archives['windows-1251'] as Map<string, Buffer>;
      expect([...utf8.keys()].every((name) => name.startsWith(`${MODULE_ID}/`))).toBe(true);
      expect([...cp1251.keys()]).toEqual([...utf8.keys()]);
      for (const name of [
        'install/index.php',
        'install/version.php',
        'include.php',
        'install/sale_payment/b2bpay/handler.php',
        'install/sale_payment/b2bpay/.description.php',
        'install/sale_payment/b2bpay/template/template.php',
        'lang/ru/install/index.php',
        'lib/sdk/Client.php',
        'lib/sdk/Webhook.php',
      ]) {
        expect(utf8.has(`${MODULE_ID}/${name}`), name).toBe(true);
      }
      // The SDK ships as it is in sdks/php.
      expect(utf8.get(`${MODULE_ID}/lib/sdk/Client.php`)?.toString('utf8')).toBe(
        readFileSync(path.join(import.meta.dirname, '../../../sdks/php/src/Client.php'), 'utf8'),
      );
      // The windows-1251 build is the same text in windows-1251, Russian included.
      for (const [name, bytes] of utf8) {
        expect(decodeWindows1251(cp1251.get(name) as Buffer), name).toBe(bytes.toString('utf8'));
      }
      const lang = cp1251.get(
        `${MODULE_ID}/install/sale_payment/b2bpay/template/lang/ru/template.php`,
      ) as Buffer;
      expect(lang.includes(Buffer.from([0xce, 0xf4, 0xee, 0xf0, 0xec, 0xe8, 0xf2, 0xfc]))).toBe(true); // «Оформить»
      // The guide names the archives the build makes.
      const guide = readFileSync(path.join(import.meta.dirname, '..', 'README.md'), 'utf8');
      for (const charset of CHARSETS) expect(guide).toContain(path.basename(build.builds[charset].archive));
      for (const charset of CHARSETS) {
        for (const [name, bytes] of charset === 'utf-8' ? utf8 : cp1251) {
          const target = path.join(unpacked, charset, name);
          mkdirSync(path.dirname(target), { recursive: true });
          writeFileSync(target, bytes);
        }
      }
      const files = phpFiles(unpacked);
      expect(files.length).toBe(2 * [...utf8.keys()].filter((n) => n.endsWith('.php')).length);
      await lintPhp(files);
      await checkPhpCompat([path.join(unpacked, 'utf-8')]);
    } finally {
      rmSync(unpacked, { recursive: true, force: true });
    }
  });

  it('holds the module to PHP 7.4 and never ends the request: the check refuses what 7.4 lacks, die and mbstring', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'b2bpay-bitrix-compat-'));
    try {
      writeFileSync(
        path.join(dir, 'bad.php'),
        "<?php\nfunction f(int|string $a) { return str_contains((string) $a, 'x') ? $a?->b : mb_strlen('y'); }\ndie('stop');\n",
      );
      const refused = await checkPhpCompat([dir]).then(
        () => '',
        (error: Error) => error.message,
      );
      for (const finding of [
        'union type',
        'str_contains()',
        'nullsafe operator',
        'mb_strlen()',
        'die/exit',
      ]) {
        expect(refused).toContain(finding);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/**
 * Bitrix ids unique to this run (a running B2BPay server remembers external_ids from earlier runs) and
 * to each call in it: suites call this in the same millisecond, so each call takes the next block of
 * four after the run's time-based start. (A random digit per call once gave two suites overlapping
 * blocks: one's payment was the other's, and B2BPay answered with the other suite's order.)
 */
const ID_START = (Date.now() % 10_000_000) * 100;
let idBlocks = 0;
function freshIds() {
  const base = ID_START + 4 * idBlocks++;
  return { order: base, payment: base + 1, otherOrder: base + 2, otherPayment: base + 3 };
}

/** The buyer's payment page of the order's payment, which must show no error. */
async function openPaymentPage(site: BitrixSite, order: OrderRow) {
  const page = await site.get(
    `/personal/order/payment/?ORDER_ID=${order.ID}&PAYMENT_ID=${order.payments[0]?.ID}`,
  );
  const problem =
    page.status !== 200 || page.text.includes('b2bpay-payment__error') || page.text.includes('bx-errors');
  expect(problem, `${page.text}\n${site.log()}`).toBe(false);
  return page;
}

const CALLBACK = '/bitrix/tools/sale_ps_result.php';

describe.skipIf(!HAS_PHP)('a Bitrix shop with the module', () => {
  describe.each(BACKENDS)('against B2BPay (%s)', (kind) => {
    let backend: Backend;
    let previousWebhookUrl: string | null = null;

    beforeAll(async () => {
      backend = EXTERNAL ?? (await inProcessBackend(kind as (typeof DB_KINDS)[number]));
      previousWebhookUrl = (await backend.api('GET', '/api/shop/settings')).body.webhook_url;
    });

    afterAll(async () => {
      if (EXTERNAL) await backend.api('PUT', '/api/shop/settings', { webhook_url: previousWebhookUrl });
      await backend?.close();
    });

    /** Installs the module on a site from an archive, and points the shop's webhooks at the site. */
    async function installOn(charset: BitrixCharset, modulesIn: 'local' | 'bitrix', orders: OrderRow[]) {
      const archive = build.builds[charset === 'UTF-8' ? 'utf-8' : 'windows-1251'].archive;
      const settings = {
        apiUrl: backend.baseUrl,
        secretKey: backend.secretKey,
        webhookSecret: backend.webhookSecret,
      };
      const site = await startBitrixSite({ charset, archive, modulesIn, state: siteState(settings, orders) });
      try {
        const webhook = await backend.api('PUT', '/api/shop/settings', {
          webhook_url: `${site.url}${CALLBACK}`,
        });
        expect(webhook.status, JSON.stringify(webhook.body)).toBe(200);
        const installed = await site.get(`/bitrix/admin/partner_modules.php?id=${MODULE_ID}&install=Y`);
        expect(installed.status, site.log()).toBe(200);
        expect(installed.text).toContain('Модуль B2BPay установлен');
        return site;
      } catch (error) {
        await site.stop(); // the caller never gets it to stop
        throw error;
      }
    }

    async function b2bpayOrder(id: string) {
      const order = await backend.api('GET', `/api/order/orders/${id}`);
      expect(order.status, JSON.stringify(order.body)).toBe(200);
      return order.body;
    }

    async function ordersWithExternalId(externalId: string) {
      return (await backend.api('GET', `/api/order/orders?external_id=${externalId}`)).body;
    }

    async function deliveriesOf(orderId: string) {
      return (await backend.api('GET', `/api/webhooks/deliveries?order_id=${orderId}`)).body.items as Array<{
        id: string;
        event: string;
        status: string;
        attempts: number;
        last_status_code: number | null;
      }>;
    }

    /** The pay system's form in Bitrix's admin: what Bitrix reads from the handler to draw it. */
    async function paySystemForm(site: BitrixSite) {
      const form = await site.json(`/bitrix/admin/sale_pay_system_edit.php?ID=${PAY_SYSTEM_ID}`);
      expect(form.status, site.log()).toBe(200);
      const parsed = form.body as {
        name: string;
        codes: Record<string, { NAME: string; INPUT?: { TYPE: string; OPTIONS?: Record<string, string> } }>;
        client_type: string;
        refundable: boolean;
        currency: string[];
      };
      expect(parsed).toMatchObject({
        name: 'B2BPay: рассрочка и кредит для бизнеса',
        client_type: 'b2b',
        refundable: true,
        currency: ['RUB'],
      });
      const names = Object.fromEntries(
        Object.entries(parsed.codes).map(([code, field]) => [code, field.NAME]),
      );
      expect(names).toMatchObject({
        B2BPAY_API_URL: 'Адрес B2BPay',
        B2BPAY_SECRET_KEY: 'Секретный ключ (sk_…)',
        B2BPAY_WEBHOOK_SECRET: 'Секрет подписи уведомлений (whsec_…)',
        PS_IS_TEST: 'Тестовый режим',
        B2BPAY_CHANGE_ORDER_STATUS: 'Менять статус заказа при оплате',
        B2BPAY_ORDER_STATUS: 'Статус заказа после оплаты',
      });
      expect(parsed.codes.B2BPAY_ORDER_STATUS?.INPUT?.OPTIONS).toMatchObject({
        '': '(не менять)',
        P: '[P] Оплачен, формируется к отправке',
      });
    }

    /** Waits until B2BPay has no webhook of the order left to send: the site's state stops moving. */
    async function quiet(orderId: string) {
      await backend.deliver();
      await until(`the webhooks of ${orderId} to be sent`, async () =>
        (await deliveriesOf(orderId)).every((d) => d.status !== 'pending') ? true : undefined,
      );
    }

    describe('on a UTF-8 site, the module in /bitrix/modules', () => {
      const ids = freshIds();
      const basket: BasketRow[] = [
        { ID: 1, NAME: 'Бумага офисная А4, 500 листов', PRICE: 350.1, QUANTITY: 10, MEASURE_NAME: 'шт' },
        { ID: 2, NAME: 'Картридж HP 85A', PRICE: 4990, QUANTITY: 2, MEASURE_NAME: 'шт' },
        { ID: 3, NAME: 'Скобы для степлера', PRICE: 12.5, QUANTITY: 1, DELAY: 'Y' },
      ];
      const buyer = {
        company: 'ООО «Ромашка»',
        inn: '7707083893',
        contact: 'Иванов Иван Иванович',
        email: 'buyer@romashka.example',
        phone: '+7 916 123-45-67',
      };
      const order = legalEntityOrder({
        id: ids.order,
        paymentId: ids.payment,
        basket,
        delivery: 500,
        ...buyer,
      });
      const other = legalEntityOrder({
        id: ids.otherOrder,
        paymentId: ids.otherPayment,
        basket: [{ ID: 9, NAME: 'Шкаф архивный', PRICE: 15200, QUANTITY: 1 }],
        delivery: 0,
        ...buyer,
      });
      let site: BitrixSite;
      let b2bpayId = '';
      let link = '';
      let filesAfterInstall: string[] = [];

      beforeAll(async () => {
        site = await installOn('UTF-8', 'bitrix', [order, other]);
        filesAfterInstall = site.files();
      });

      afterAll(async () => {
        await site?.stop();
      });

      it('installs: the handler is copied where Bitrix looks for pay systems, the module registered', async () => {
        expect(site.state().modules).toContain(MODULE_ID);
        for (const file of [
          'handler.php',
          '.description.php',
          'template/template.php',
          'lang/ru/handler.php',
        ]) {
          expect(filesAfterInstall).toContain(`local/php_interface/include/sale_payment/b2bpay/${file}`);
        }
        // The pay system's form: its settings, a handler for companies (B2B), returns offered.
        await paySystemForm(site);
      });

      it('opens the payment page five times and makes one B2BPay order: the basket, the buyer, the link', async () => {
        const pages = [];
        for (let load = 0; load < 5; load += 1) pages.push(await openPaymentPage(site, order));
        const payment = paymentOf(site.state(), ids.payment);
        b2bpayId = String(payment.PS_INVOICE_ID);
        const found = await ordersWithExternalId(String(ids.payment));
        expect(found.count).toBe(1);
        expect(found.items[0].id).toBe(b2bpayId);

        const created = await b2bpayOrder(b2bpayId);
        link = created.link;
        // The buyer comes back from B2BPay to the Bitrix page that shows the order's payment.
        const orderPage = `${site.url}/personal/order/payment/?ORDER_ID=${order.ID}&PAYMENT_ID=${order.payments[0]?.ID}`;
        expect(created).toMatchObject({
          status: 'client_expected',
          amount: 13981,
          return_url: orderPage,
          cancel_url: orderPage,
          external_id: String(ids.payment),
          metadata: {
            bx_handler: 'b2bpay',
            bx_paysystem: String(PAY_SYSTEM_ID),
            bx_order: String(ids.order),
            bx_order_number: String(ids.order),
            bx_payment: String(ids.payment),
          },
          client: {
            organization_name: 'ООО «Ромашка»',
            inn: '7707083893',
            email: 'buyer@romashka.example',
            phone_number: '+79161234567',
          },
        });
        expect(
          created.products.map((p: { name: string; price: number; quantity: number }) => [
            p.name,
            p.price,
            p.quantity,
          ]),
        ).toEqual([
          ['Бумага офисная А4, 500 листов', 350.1, 10],
          ['Картридж HP 85A', 4990, 2],
          ['Доставка', 500, 1],
        ]);
        for (const page of pages) {
          expect(page.text).toContain(`href="${link}"`);
          expect(page.text).toContain('Оформить заявку');
          expect(page.text).toContain('Сумма к оплате: 13 981,00 руб.');
          expect(page.text).toContain('Тестовый режим');
        }
      });

      it('finds its order again when PS_INVOICE_ID is lost, and follows a basket the manager changed', async () => {
        site.update((state) => {
          paymentOf(state, ids.payment).PS_INVOICE_ID = null;
        });
        // Opened from an address too long for B2BPay's return_url: the module leaves the way back
        // out rather than failing the payment, and still comes back to the same order.
        const long = await site.get(
          `/personal/order/payment/?ORDER_ID=${order.ID}&PAYMENT_ID=${order.payments[0]?.ID}&utm_content=${'x'.repeat(2100)}`,
        );
        expect(long.status, site.log()).toBe(200);
        expect(long.text).not.toContain('b2bpay-payment__error');
        expect(long.text).toContain('Оформить заявку');
        expect(paymentOf(site.state(), ids.payment).PS_INVOICE_ID).toBe(b2bpayId);
        site.update((state) => {
          paymentOf(state, ids.payment).PS_INVOICE_ID = null;
        });
        await openPaymentPage(site, order);
        expect(paymentOf(site.state(), ids.payment).PS_INVOICE_ID).toBe(b2bpayId);

        site.update((state) => {
          const changed = orderOf(state, ids.order);
          (changed.basket[0] as BasketRow).QUANTITY = 12;
          (changed.payments[0] as OrderRow['payments'][number]).SUM = orderSum(changed);
        });
        const page = await openPaymentPage(site, order);
        expect(page.text).toContain('Сумма к оплате: 14 681,20 руб.');
        const followed = await b2bpayOrder(b2bpayId);
        expect(followed).toMatchObject({ amount: 14681.2, version: 2, status: 'client_expected' });
        expect(followed.products[0]).toMatchObject({
          name: 'Бумага офисная А4, 500 листов',
          price: 350.1,
          quantity: 12,
        });
        expect((await ordersWithExternalId(String(ids.payment))).count).toBe(1);
      });

      it('answers a forged webhook 400 and changes nothing', async () => {
        await quiet(b2bpayId);
        const before = site.state();
        const body = JSON.stringify({
          event: 'order.payment.completed',
          event_id: randomUUID(),
          sequence: 99,
          order_id: b2bpayId,
          status: 'payment_sent',
          amount: 14681.2,
          external_id: String(ids.payment),
          metadata: {
            bx_handler: 'b2bpay',
            bx_paysystem: String(PAY_SYSTEM_ID),
            bx_order: String(ids.order),
          },
        });
        const forgedSecret = `whsec_${randomBytes(24).toString('base64')}`;
        const forged = await site.postRaw(
          CALLBACK,
          body,
          webhookHeaders(forgedSecret, randomUUID(), new Date(), body),
        );
        expect(forged.status, site.log()).toBe(400);
        const unsigned = await site.postRaw(CALLBACK, body, { 'content-type': 'application/json' });
        expect(unsigned.status).toBe(400);
        const after = site.state();
        expect(after.orders).toEqual(before.orders);
        // Bitrix's pay system log (a database table, not a file) has the reason.
        expect(after.pay_system_log.map((entry) => entry.MESSAGE).join('\n')).toContain(
          'No matching signature found',
        );
      });

      it('is paid when the sandbox bank pays: B2BPay’s webhook reaches the site and marks the payment', async () => {
        const signer = await submitApplication(backend, b2bpayId, freshContacts('bitrix-utf8-'));
        await backend.settle(b2bpayId, 'app_approved');
        await signFirstOffer(backend, b2bpayId, signer);
        await backend.settle(b2bpayId, 'payment_sent');
        const payment = await until('the payment to be paid', async () => {
          const p = paymentOf(site.state(), ids.payment);
          return p.PAID === 'Y' ? p : undefined;
        });
        expect(payment).toMatchObject({
          PAID: 'Y',
          PS_STATUS: 'Y',
          PS_STATUS_CODE: 'paid',
          PS_SUM: 14681.2,
          PS_CURRENCY: 'RUB',
          PS_INVOICE_ID: b2bpayId,
        });
        expect(payment.PS_STATUS_MESSAGE).toMatch(/^B2BPay #\d+ order\.payment\.completed [0-9a-f-]{36}$/);
        expect(payment.PS_STATUS_DESCRIPTION).toMatch(
          /^Оплачено через B2BPay: банк \w+ перечислил 14 681,20 руб\./,
        );
        expect(orderOf(site.state(), ids.order)).toMatchObject({ STATUS_ID: 'P', PAYED: 'Y' });

        expect((await b2bpayOrder(b2bpayId)).status).toBe('payment_sent');
        // B2BPay records the delivery once it has the site's answer, a moment after the site saved it.
        const completed = await until('the payment webhook to be delivered', async () => {
          const delivery = (await deliveriesOf(b2bpayId)).find((d) => d.event === 'order.payment.completed');
          return delivery?.status === 'delivered' ? delivery : undefined;
        });
        expect(completed.last_status_code).toBe(200);
        expect((await openPaymentPage(site, order)).text).toContain('Заказ оплачен через B2BPay.');
      });

      it('changes nothing when the same webhook comes again', async () => {
        // The manager has shipped the order since: a repeated payment webhook must not move it back.
        await quiet(b2bpayId);
        site.update((state) => {
          orderOf(state, ids.order).STATUS_ID = 'F';
        });
        const before = site.state();
        const completed = (await deliveriesOf(b2bpayId)).find((d) => d.event === 'order.payment.completed');
        expect(completed).toBeDefined();
        const retried = await backend.api('POST', `/api/webhooks/deliveries/${completed?.id}/retry`, {});
        expect(retried.status, JSON.stringify(retried.body)).toBe(200);
        await backend.deliver();
        await until('the repeated delivery', async () => {
          const again = (await deliveriesOf(b2bpayId)).find((d) => d.id === completed?.id);
          return again && again.status === 'delivered' && again.attempts > (completed?.attempts ?? 0)
            ? again
            : undefined;
        });
        expect(site.state().orders).toEqual(before.orders);
      });

      it('returns part of the payment from the admin through B2BPay once, under a key of the payment and the amount', async () => {
        const refundPage = '/bitrix/admin/sale_order_payment_refund.php';
        const form = { order_id: String(ids.order), payment_id: String(ids.payment), sum: '1000.50' };
        const first = await site.json(refundPage, form);
        expect(first.status, site.log()).toBe(200);
        expect(first.body).toMatchObject({
          success: true,
          applied: true,
          operation: 'money_leaving',
        });
        const repeated = await site.json(refundPage, form);
        expect(repeated.body).toMatchObject({ success: true, operation: 'money_leaving' });

        const refunds = (await backend.api('GET', `/api/order/orders/${b2bpayId}/refunds`)).body.items;
        expect(refunds.map((r: { amount: number }) => r.amount)).toEqual([1000.5]);
        expect(await b2bpayOrder(b2bpayId)).toMatchObject({
          status: 'payment_sent',
          refunded_amount: 1000.5,
        });

        const payment = paymentOf(site.state(), ids.payment);
        expect(payment.PAID).toBe('Y'); // a part returned: the payment stays paid
        expect(payment.PAY_RETURN_COMMENT).toBe(
          `Возврат 1 000,50 руб. оформлен в B2BPay, №${refunds[0].id}.`,
        );

        await backend.deliver();
        await until('the refund webhook', async () =>
          paymentOf(site.state(), ids.payment).PS_STATUS_DESCRIPTION?.includes(
            'всего возвращено 1 000,50 руб.',
          )
            ? true
            : undefined,
        );

        const tooMuch = await site.json(refundPage, { ...form, sum: '20000' });
        const refused = tooMuch.body as { success: boolean; errors: string[] };
        expect(refused.success).toBe(false);
        expect(refused.errors.join(' ')).toMatch(/[А-Яа-я]/);
        expect((await backend.api('GET', `/api/order/orders/${b2bpayId}/refunds`)).body.items).toHaveLength(
          1,
        );
      });

      it('changes nothing on a cancelled Bitrix order when its B2BPay order’s webhook arrives', async () => {
        await openPaymentPage(site, other);
        const otherId = String(paymentOf(site.state(), ids.otherPayment).PS_INVOICE_ID);
        expect(otherId).toMatch(/^[0-9a-f-]{36}$/);
        site.update((state) => {
          orderOf(state, ids.otherOrder).CANCELED = 'Y';
        });
        const before = site.state();
        const cancelled = await backend.api('POST', `/api/order/orders/${otherId}/cancel`, {
          reason: 'Заказ отменён в 1С-Битрикс',
        });
        expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
        await backend.deliver();
        await until('the cancellation webhook to be delivered', async () => {
          const delivery = (await deliveriesOf(otherId)).find((d) => d.event === 'order.status.changed');
          return delivery?.status === 'delivered' ? delivery : undefined;
        });
        expect(site.state().orders).toEqual(before.orders);
      });

      it('wrote no file under the web root; uninstalling removes the handler and leaves the orders', async () => {
        expect(site.files()).toEqual(filesAfterInstall);
        await quiet(b2bpayId);
        const before = site.state();
        const removed = await site.get(`/bitrix/admin/partner_modules.php?id=${MODULE_ID}&uninstall=Y`);
        expect(removed.status, site.log()).toBe(200);
        expect(removed.text).toContain('Модуль B2BPay удалён');
        const after = site.state();
        expect(after.modules).not.toContain(MODULE_ID);
        expect(after.orders).toEqual(before.orders);
        expect(
          site.files().filter((file) => file.startsWith('local/php_interface/include/sale_payment/')),
        ).toEqual([]);
      });
    });

    describe('on a windows-1251 site, the module in /local/modules', () => {
      const ids = freshIds();
      const order = legalEntityOrder({
        id: ids.order,
        paymentId: ids.payment,
        basket: [
          { ID: 1, NAME: 'Стол письменный «Лидер», ясень', PRICE: 12990, QUANTITY: 2, MEASURE_NAME: 'шт' },
          { ID: 2, NAME: 'Кабель ВВГнг 3x2,5 — чёрный', PRICE: 120, QUANTITY: 2.5, MEASURE_NAME: 'м' },
        ],
        delivery: 990,
        company: 'ООО «Берёзка»',
        inn: '7707083893',
        contact: 'Петрова Мария',
        email: 'zakupki@berezka.example',
        phone: '+7 495 123-45-67',
      });
      let site: BitrixSite;
      let b2bpayId = '';

      beforeAll(async () => {
        site = await installOn('windows-1251', 'local', [order]);
      });

      afterAll(async () => {
        await site?.stop();
      });

      it("shows the pay system's settings in the admin from the windows-1251 lang files", async () => {
        await paySystemForm(site);
      });

      it('sends the Cyrillic basket to B2BPay in UTF-8 and shows the page in windows-1251', async () => {
        const page = await openPaymentPage(site, order);
        expect(page.status, site.log()).toBe(200);
        b2bpayId = String(paymentOf(site.state(), ids.payment).PS_INVOICE_ID);
        const created = await b2bpayOrder(b2bpayId);
        expect(
          created.products.map((p: { name: string; price: number; quantity: number }) => [
            p.name,
            p.price,
            p.quantity,
          ]),
        ).toEqual([
          ['Стол письменный «Лидер», ясень', 12990, 2],
          ['Кабель ВВГнг 3x2,5 — чёрный, 2,5 м', 300, 1],
          ['Доставка', 990, 1],
        ]);
        // The site's landline (+7 495) is no buyer's phone for B2BPay: it alone is left out of the prefill.
        expect(created).toMatchObject({
          amount: 27270,
          client: { organization_name: 'ООО «Берёзка»', phone_number: null },
        });
        expect(page.text).toContain('Оформить заявку');
        expect(page.text).toContain('Сумма к оплате: 27 270,00 руб.');
        expect(page.text).toContain(`href="${created.link}"`);
      });

      it('is paid by B2BPay’s webhook, with the Russian status text stored in the site’s charset', async () => {
        const signer = await submitApplication(backend, b2bpayId, freshContacts('bitrix-cp1251-'));
        await backend.settle(b2bpayId, 'app_approved');
        await signFirstOffer(backend, b2bpayId, signer);
        await backend.settle(b2bpayId, 'payment_sent');
        const payment = await until('the payment to be paid', async () => {
          const p = paymentOf(site.state(), ids.payment);
          return p.PAID === 'Y' ? p : undefined;
        });
        expect(payment).toMatchObject({ PS_STATUS: 'Y', PS_SUM: 27270, PS_INVOICE_ID: b2bpayId });
        // The database file is UTF-8 (BitrixStub\Store converts), so windows-1251 text read back whole.
        expect(payment.PS_STATUS_DESCRIPTION).toMatch(
          /^Оплачено через B2BPay: банк \w+ перечислил 27 270,00 руб\./,
        );
        expect((await openPaymentPage(site, order)).text).toContain('Заказ оплачен через B2BPay.');
        expect(site.files().filter((file) => /\.log$|log\.txt$/i.test(file))).toEqual([]);
      });
    });
  });
});
