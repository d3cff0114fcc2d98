import { MESSAGES } from '@b2bpay/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patchClient, STEP1 } from './support/buyer';
import { createOrder, DB_KINDS, demoAuth, errorOf, startTestApp, type TestApp } from './support/test-app';

/** Zero-width space, word joiner, soft hyphen, byte-order mark and the bidi controls (issue 16 §6). */
const INVISIBLE_ONLY = ' \u200B\u2060\u00AD\uFEFF\u202E\u2066\u200F ';

describe.each(DB_KINDS)('required text of invisible characters (issue 16) on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

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
});
