import { MESSAGES } from '@b2bpay/domain';
import { describe, expect, it } from 'vitest';
import { patchClient, STEP1 } from './support/buyer';
import { describeApi } from './support/describe-api';
import { createOrder, demoAuth, errorOf, sampleProducts } from './support/test-app';

/** Zero-width space, word joiner, soft hyphen, byte-order mark and the bidi controls. */
const INVISIBLE_ONLY = ' \u200B\u2060\u00AD\uFEFF\u202E\u2066\u200F ';

/**
 * Characters that are not trimmed but hold no letter or digit (a text must hold one): braille blank,
 * combining grapheme joiner, variation selector 16, tag space, musical begin-beam, Khmer inherent
 * vowel, Mongolian variation selector, inhibit symmetric swapping, interlinear annotation anchor.
 */
const NO_LETTER = [
  ['U+2800', '\u2800'],
  ['U+034F', '\u034F'],
  ['U+FE0F', '\uFE0F'],
  ['U+E0020', '\u{E0020}'],
  ['U+1D173', '\u{1D173}'],
  ['U+17B5', '\u17B5'],
  ['U+180B', '\u180B'],
  ['U+206A', '\u206A'],
  ['U+FFF9', '\uFFF9'],
] as const;

describeApi('required text of invisible characters', (t) => {
  it('refuses a product name of invisible characters with the name’s own message, and creates nothing', async () => {
    const before = await t.db.query('SELECT id FROM orders');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order/orders',
      headers: demoAuth,
      payload: { products: [{ name: INVISIBLE_ONLY, price: 10, quantity: 1 }] },
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ field: 'products.0.name', message: MESSAGES.productNameRequired });
    expect(await t.db.query('SELECT id FROM orders')).toHaveLength(before.length);
  });

  it('stores a product name without bidi controls and answers with exactly what it stored', async () => {
    const order = await createOrder(t, {
      products: [{ name: '\u200B\u202EБумага\u202C А4\u2066\u2069 ', price: 10, quantity: 1 }],
    });
    const stored = await t.db.query<{ name: string }>('SELECT name FROM order_products WHERE order_id = $1', [
      order.id,
    ]);
    expect(stored.map((r) => r.name)).toEqual(['Бумага А4']);
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/order/orders/${order.id}`,
      headers: demoAuth,
    });
    expect(view.json().products.map((p: { name: string }) => p.name)).toEqual(['Бумага А4']);
  });

  it.each([
    ['surname', MESSAGES.surnameRequired],
    ['name', MESSAGES.nameRequired],
    ['organization_name', MESSAGES.organizationRequired],
  ])('step 1 refuses an invisible %s with its required-message', async (field, message) => {
    const order = await createOrder(t);
    const res = await patchClient(t, order.id, { ...STEP1, [field]: INVISIBLE_ONLY });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ field, message });
  });

  it('step 1 stores the organisation without its bidi override and echoes the stored value', async () => {
    const order = await createOrder(t);
    const res = await patchClient(t, order.id, {
      ...STEP1,
      organization_name: '\u202EООО «Ромашка»\u202C\u200B',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().organization_name).toBe('ООО «Ромашка»');
    const stored = await t.db.query<{ organization_name: string }>(
      'SELECT organization_name FROM clients WHERE id = $1',
      [res.json().id],
    );
    expect(stored[0]?.organization_name).toBe('ООО «Ромашка»');
  });

  it('the landing enquiry refuses an invisible name with «Укажите имя»', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/shop/enquire',
      payload: { name: INVISIBLE_ONLY, phone: '+7 916 123-45-67' },
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ field: 'name', message: 'Укажите имя' });
  });

  describe.each(NO_LETTER)('a text of only %s', (_name, c) => {
    const value = `${c}${c}${c}`;
    const post = (url: string, payload: object, headers: Record<string, string> = demoAuth) =>
      t.app.inject({ method: 'POST', url, headers, payload });

    it('is refused as a product name and as the prefilled organisation; no order is created', async () => {
      const before = await t.db.query('SELECT id FROM orders');
      const product = await post('/api/order/orders', {
        products: [{ name: value, price: 10, quantity: 1 }],
      });
      expect(product.statusCode).toBe(400);
      expect(errorOf(product)).toMatchObject({
        field: 'products.0.name',
        message: MESSAGES.productNameRequired,
      });
      const prefill = await post('/api/order/orders', {
        products: [{ name: 'Бумага', price: 10, quantity: 1 }],
        client: { organization_name: value },
      });
      expect(prefill.statusCode).toBe(400);
      expect(errorOf(prefill)).toMatchObject({
        field: 'client.organization_name',
        message: MESSAGES.organizationRequired,
      });
      expect(await t.db.query('SELECT id FROM orders')).toHaveLength(before.length);
    });

    it('is refused as a product name when the products are replaced; the order keeps its products', async () => {
      const order = await createOrder(t);
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/order/orders/${order.id}/products`,
        headers: demoAuth,
        payload: [{ name: value, price: 10, quantity: 1 }],
      });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).message).toBe(MESSAGES.productNameRequired);
      const view = (
        await t.app.inject({ method: 'GET', url: `/api/order/orders/${order.id}`, headers: demoAuth })
      ).json();
      expect(view.products.map((p: { name: string }) => p.name)).toEqual(sampleProducts.map((p) => p.name));
    });

    it.each([
      ['surname', MESSAGES.surnameRequired],
      ['name', MESSAGES.nameRequired],
      ['organization_name', MESSAGES.organizationRequired],
    ])(
      'step 1 refuses it as %s with the field’s required-message and stores nothing',
      async (field, message) => {
        const order = await createOrder(t);
        const res = await patchClient(t, order.id, { ...STEP1, [field]: value });
        expect(res.statusCode).toBe(400);
        expect(errorOf(res)).toMatchObject({ field, message });
        const view = (
          await t.app.inject({ method: 'GET', url: `/api/order/orders/${order.id}`, headers: demoAuth })
        ).json();
        expect(view.client).toBeNull();
      },
    );

    it('step 1 does not store it as the (optional) middle name', async () => {
      const order = await createOrder(t);
      const res = await patchClient(t, order.id, { ...STEP1, middlename: value });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().middlename ?? '').toBe('');
    });

    it('is refused as a refund reason, and a cancel reason of it is no reason', async () => {
      const order = await createOrder(t);
      const refund = await post(`/api/order/orders/${order.id}/refunds`, { amount: 1, reason: value });
      expect(refund.statusCode).toBe(400);
      expect(errorOf(refund)).toMatchObject({ field: 'reason', message: 'Укажите причину возврата' });
      const cancelled = await post(`/api/order/orders/${order.id}/cancel`, { reason: value });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      const history = (
        await t.app.inject({ method: 'GET', url: `/api/order/orders/${order.id}/history`, headers: demoAuth })
      ).json();
      expect(history.at(-1)).toMatchObject({ to_status: 'cancelled', reason: 'Заказ отменён магазином' });
    });

    it('is refused as the landing enquiry’s name', async () => {
      const res = await post('/api/shop/enquire', { name: value, phone: '+7 916 123-45-67' }, {});
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({ field: 'name', message: 'Укажите имя' });
    });
  });
});
