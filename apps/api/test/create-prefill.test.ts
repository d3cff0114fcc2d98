import { MESSAGES } from '@b2bpay/domain';
import { expect, it } from 'vitest';
import { describeApi } from './support/describe-api';
import { demoAuth, errorOf } from './support/test-app';

/**
 * The create payload's `client` takes `inn` and `organization_name` (refused with 400
 * before), checked with step 1's rules, and the buyer's page gets them to prefill step 1.
 */
describeApi('create prefill with INN and organization', (t) => {
  const create = (client: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/order/orders',
      headers: demoAuth,
      payload: { products: [{ name: 'Бумага', price: 10, quantity: 1 }], client },
    });

  it('stores them as step 1 would and shows them to the buyer', async () => {
    const res = await create({
      inn: '7707-083893',
      organization_name: '  ПАО Сбербанк ',
      email: 'buyer@firm.ru',
    });
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json();
    expect(order.client).toMatchObject({
      inn: '7707083893',
      organization_name: 'ПАО Сбербанк',
      email: 'buyer@firm.ru',
    });
    // The buyer's link (no key) reads them before anything is submitted: step 1 is prefilled from it.
    const publicView = (await t.app.inject({ method: 'GET', url: `/api/order/orders/${order.id}` })).json();
    expect(publicView.client).toMatchObject({ inn: '7707083893', organization_name: 'ПАО Сбербанк' });
  });

  it('refuses an INN or organization that step 1 would refuse, with its text', async () => {
    for (const [client, field, message] of [
      [{ inn: '7707083894' }, 'client.inn', MESSAGES.innLegalChecksum],
      [{ inn: '12345' }, 'client.inn', MESSAGES.innLength],
      [{ inn: '0000000000' }, 'client.inn', MESSAGES.innLegalChecksum],
      [{ inn: '500100732258' }, 'client.inn', MESSAGES.innPersonChecksum],
      [{ organization_name: '   ' }, 'client.organization_name', MESSAGES.organizationRequired],
      [{ organization_name: 'О'.repeat(501) }, 'client.organization_name', undefined],
    ] as const) {
      const res = await create(client);
      expect(res.statusCode, JSON.stringify(client)).toBe(400);
      const error = errorOf(res);
      expect(error.field).toBe(field);
      if (message) expect(error.message).toBe(message);
    }
    const personal = await create({ inn: '500100732259' });
    expect(personal.statusCode, personal.body).toBe(200);
  });
});
