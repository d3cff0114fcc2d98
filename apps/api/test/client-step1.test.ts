import { expect, it } from 'vitest';
import { describeApi } from './support/describe-api';
import { createOrder, demoAuth, errorOf } from './support/test-app';

const step1 = {
  surname: 'Петров',
  name: 'Пётр',
  middlename: 'Петрович',
  inn: '7707083893',
  organization_name: 'ПАО «Сбербанк России»',
};

describeApi('buyer step 1 (client patch)', (t) => {
  const patch = (orderId: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/order/orders/${orderId}/client`, payload });

  it('creates the client when there is none and links it to the order', async () => {
    const order = await createOrder(t);
    const res = await patch(order.id, step1);
    expect(res.statusCode).toBe(200);
    const client = res.json();
    expect(client).toMatchObject({ ...step1, email_confirmed: false, sms_confirmed: false });
    expect(typeof client.id).toBe('number');
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/order/orders/${order.id}?client_id=${client.id}`,
    });
    expect(view.json().client.id).toBe(client.id);
    const events = await t.db.query<{ type: string; sequence: number }>(
      'SELECT type, sequence FROM events WHERE order_id = $1 ORDER BY sequence',
      [order.id],
    );
    expect(events).toEqual([
      { type: 'order.created', sequence: 0 },
      { type: 'order.client.updated', sequence: 1 },
    ]);
  });

  it("updates the prefilled client; a given client_id must be the order's", async () => {
    const order = await createOrder(t, {
      products: [{ name: 'A', price: 1, quantity: 1 }],
      client: { email: 'buyer@firm.ru', name: 'Старое' },
    });
    const wrong = await patch(order.id, { ...step1, client_id: 999_999 });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).field).toBe('client_id');
    const res = await patch(order.id, { ...step1, client_id: order.client?.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: order.client?.id, name: 'Пётр', email: 'buyer@firm.ru' });
  });

  it('re-checks every step-1 rule with the buyer app texts, changing nothing', async () => {
    const order = await createOrder(t);
    const cases: [object, string, string][] = [
      [{ ...step1, surname: ' ' }, 'surname', 'Фамилия не может быть пустой'],
      [{ ...step1, name: '' }, 'name', 'Имя не может быть пустым'],
      [{ ...step1, organization_name: '' }, 'organization_name', 'Название организации не может быть пустым'],
      [{ ...step1, inn: '' }, 'inn', 'ИНН обязателен'],
      [{ ...step1, inn: '12345' }, 'inn', 'ИНН должен состоять из 10 или 12 цифр'],
      [{ ...step1, inn: '7707083894' }, 'inn', 'Неверный ИНН организации (10 цифр)'],
      [{ ...step1, inn: '500100732258' }, 'inn', 'Неверный ИНН физлица (12 цифр)'],
      [{ ...step1, inn: '0000000000' }, 'inn', 'Неверный ИНН организации (10 цифр)'],
      // A longer INN is a wrong length, not cut to its first 12 digits.
      [{ ...step1, inn: '7707083893000' }, 'inn', 'ИНН должен состоять из 10 или 12 цифр'],
      // One field per answer: the organisation is named before the INN.
      [
        { ...step1, organization_name: '', inn: '' },
        'organization_name',
        'Название организации не может быть пустым',
      ],
      [{ ...step1, phone_number: '12345' }, 'phone_number', 'Неверный формат номера (+7XXXXXXXXXX)'],
      [
        { ...step1, phone_number: '+7 495 123-45-67' },
        'phone_number',
        'Укажите номер мобильного телефона: +7 9XX XXX-XX-XX',
      ],
      [{ ...step1, email: 'ivan@mail..ru' }, 'email', 'Неверный формат email'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await patch(order.id, payload);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toEqual({ code: 'VALIDATION_ERROR', field, message });
    }
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/order/orders/${order.id}`,
      headers: demoAuth,
    });
    expect(view.json().client).toBeNull();
    const unknown = await patch(order.id, { ...step1, status: 'app_approved' });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).field).toBe('status');
  });

  it('refuses any patch once the order left client_expected (409) and unknown orders (404)', async () => {
    const order = await createOrder(t);
    await t.db.query("UPDATE orders SET status = 'client_info_overdue' WHERE id = $1", [order.id]);
    const res = await patch(order.id, step1);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toMatchObject({
      code: 'ORDER_STATUS_CONFLICT',
      order_status: 'client_info_overdue',
    });
    expect((await patch('00000000-0000-4000-8000-000000000000', step1)).statusCode).toBe(404);
  });
});
