import { beforeAll, expect, it } from 'vitest';
import { seedBanks } from './support/banks';
import { patchClient, prepareSubmission } from './support/buyer';
import { describeApi } from './support/describe-api';
import { createOrder, errorOf, type TestApp } from './support/test-app';

function checkCode(t: TestApp, orderId: string, payload: object) {
  return t.app.inject({
    method: 'POST',
    url: `/api/order/orders/${orderId}/client/code-check`,
    payload,
  });
}

describeApi('a step-2 code checked as soon as it is typed', (t) => {
  beforeAll(async () => {
    await seedBanks(t);
  });

  let seq = 2000;
  const contacts = () => {
    seq += 1;
    return { phone: `+7916777${String(seq).padStart(4, '0')}`, email: `check${seq}@firm.ru` };
  };
  const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

  it('says «Неверный код» for a wrong code at once, and a right one is not used up', async () => {
    const order = await createOrder(t);
    const c = contacts();
    const { body, clientId } = await prepareSubmission(t, order.id, c);
    const bad = await checkCode(t, order.id, {
      client_id: clientId,
      phone_number: c.phone,
      sms_code_input: wrong(body.sms_code_input),
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toEqual({
      code: 'VALIDATION_ERROR',
      field: 'sms_code_input',
      message: 'Неверный код. Осталось попыток: 4',
    });
    const badMail = await checkCode(t, order.id, {
      client_id: clientId,
      email: c.email,
      email_code_input: wrong(body.email_code_input),
    });
    expect(errorOf(badMail)).toMatchObject({
      field: 'email_code_input',
      message: 'Неверный код. Осталось попыток: 4',
    });

    for (const payload of [
      { client_id: clientId, phone_number: c.phone, sms_code_input: body.sms_code_input },
      { client_id: clientId, email: c.email, email_code_input: body.email_code_input },
    ]) {
      const good = await checkCode(t, order.id, payload);
      expect(good.statusCode, good.body).toBe(200);
      expect(good.json()).toEqual({ valid: true });
    }
    // Checked, not used: the submission takes the same codes.
    const submitted = await patchClient(t, order.id, body);
    expect(submitted.statusCode, submitted.body).toBe(200);
    // Once the application is sent there is nothing to check.
    const late = await checkCode(t, order.id, {
      client_id: clientId,
      phone_number: c.phone,
      sms_code_input: body.sms_code_input,
    });
    expect(late.statusCode).toBe(409);
  });

  it('counts its wrong tries with the submission’s: five in all void the code', async () => {
    const order = await createOrder(t);
    const c = contacts();
    const { body, clientId } = await prepareSubmission(t, order.id, c);
    const guess = { client_id: clientId, phone_number: c.phone, sms_code_input: wrong(body.sms_code_input) };
    for (const left of [4, 3]) {
      expect(errorOf(await checkCode(t, order.id, guess)).message).toBe(
        `Неверный код. Осталось попыток: ${left}`,
      );
    }
    const submitted = await patchClient(t, order.id, { ...body, sms_code_input: guess.sms_code_input });
    expect(errorOf(submitted).message).toBe('Неверный код. Осталось попыток: 2');
    expect(errorOf(await checkCode(t, order.id, guess)).message).toBe('Неверный код. Осталось попыток: 1');
    expect(errorOf(await checkCode(t, order.id, guess)).message).toBe(
      'Слишком много неверных попыток. Запросите новый код.',
    );
    // The right code no longer helps: the voided code is gone, a new one must be asked for.
    const right = await checkCode(t, order.id, { ...guess, sms_code_input: body.sms_code_input });
    expect(errorOf(right)).toMatchObject({ field: 'phone_number', message: 'Получите код подтверждения' });
    expect((await patchClient(t, order.id, body)).statusCode).toBe(400);
  });

  it('refuses bad input with the step-2 texts and changes nothing', async () => {
    const order = await createOrder(t);
    const c = contacts();
    const { body, clientId } = await prepareSubmission(t, order.id, c);
    const cases: [object, string | undefined, string][] = [
      [
        { client_id: clientId, phone_number: '8 916 123-45-6', sms_code_input: '123456' },
        'phone_number',
        'Неверный формат номера (+7XXXXXXXXXX)',
      ],
      [
        { client_id: clientId, phone_number: '+7 495 123-45-67', sms_code_input: '123456' },
        'phone_number',
        'Укажите номер мобильного телефона: +7 9XX XXX-XX-XX',
      ],
      [{ client_id: clientId, email: 'nope', email_code_input: '123456' }, 'email', 'Неверный формат email'],
      [
        { client_id: clientId, phone_number: c.phone, sms_code_input: '' },
        'sms_code_input',
        'Введите код из СМС',
      ],
      [
        { client_id: clientId, phone_number: c.phone, sms_code_input: '12a456' },
        'sms_code_input',
        'Код состоит из цифр, не больше 6',
      ],
      [{ client_id: clientId, phone_number: c.phone }, 'sms_code_input', 'Введите код из СМС'],
      [
        { client_id: clientId },
        undefined,
        'Укажите phone_number и sms_code_input или email и email_code_input',
      ],
      [
        { client_id: clientId, phone_number: c.phone, sms_code_input: '123456', email: c.email },
        undefined,
        'Укажите phone_number и sms_code_input или email и email_code_input',
      ],
    ];
    for (const [payload, field, message] of cases) {
      const res = await checkCode(t, order.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(res).field).toBe(field);
      expect(errorOf(res).message).toBe(message);
    }
    expect((await checkCode(t, order.id, { extra: 1 })).statusCode).toBe(400);
    // A code sent to another number is named as such, and costs no try.
    const other = await checkCode(t, order.id, {
      client_id: clientId,
      phone_number: '+79160000000',
      sms_code_input: '123456',
    });
    expect(errorOf(other)).toMatchObject({
      field: 'phone_number',
      message: 'Код был отправлен на другой номер. Запросите код заново.',
    });
    const tries = await t.db.query<{ wrong_attempts: number }>(
      'SELECT wrong_attempts FROM verification_codes WHERE order_id = $1',
      [order.id],
    );
    expect(tries.map((r) => Number(r.wrong_attempts))).toEqual([0, 0]);
    // Nothing changed: the codes still submit.
    expect((await patchClient(t, order.id, body)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown order', async () => {
    const payload = { phone_number: '+79161234567', sms_code_input: '123456' };
    expect((await checkCode(t, 'not-a-uuid', payload)).statusCode).toBe(404);
    expect((await checkCode(t, '3f9d7a5e-1111-4a2b-9c3d-000000000000', payload)).statusCode).toBe(404);
  });
});
