import { beforeAll, expect, it } from 'vitest';
import { seedBanks } from './support/banks';
import { lastCodeFromOutbox, patchClient, prepareSubmission, STEP1 } from './support/buyer';
import { describeApi } from './support/describe-api';
import { createOrder, demoAuth, errorOf } from './support/test-app';

describeApi('one-time codes and step 2', (t) => {
  // Step 2 opens an application at every enabled bank; without any, the order would be rejected at once.
  beforeAll(async () => {
    await seedBanks(t);
  });

  let phoneSeq = 1000;
  // Every test gets its own phone and e-mail so the per-destination limits of one test do not leak.
  const contacts = () => {
    phoneSeq += 1;
    return {
      phone: `8 (916) 555-${String(phoneSeq).slice(0, 2)}-${String(phoneSeq).slice(2)}`,
      email: `buyer${phoneSeq}@firm.ru`,
    };
  };

  it('sends a phone code to the normalised number and keeps only its hash', async () => {
    const order = await createOrder(t);
    const c = contacts();
    const res = await patchClient(t, order.id, { phone_number: c.phone });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().phone_number).toMatch(/^\+7916555\d{4}$/);
    expect(res.json().sms_confirmed).toBe(false);
    const code = await lastCodeFromOutbox(t, res.json().phone_number);
    const stored = await t.db.query<{ code_hash: string }>(
      'SELECT code_hash FROM verification_codes WHERE order_id = $1',
      [order.id],
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]?.code_hash).not.toContain(code);
  });

  it('refuses bad contacts with the buyer app texts', async () => {
    const order = await createOrder(t);
    const phone = await patchClient(t, order.id, { phone_number: '12345' });
    expect(errorOf(phone)).toEqual({
      code: 'VALIDATION_ERROR',
      field: 'phone_number',
      message: 'Неверный формат номера (+7XXXXXXXXXX)',
    });
    const email = await patchClient(t, order.id, { email: 'nope' });
    expect(errorOf(email)).toEqual({
      code: 'VALIDATION_ERROR',
      field: 'email',
      message: 'Неверный формат email',
    });
  });

  it('reads a leading 8 as +7 and refuses an incomplete number instead of shifting it', async () => {
    const order = await createOrder(t);
    // «8 916 123-45-6» is +7 and nine digits: it once went to +7 891 612-34-56, a stranger's number.
    const typo = await patchClient(t, order.id, { phone_number: '8 916 123-45-6' });
    expect(errorOf(typo)).toEqual({
      code: 'VALIDATION_ERROR',
      field: 'phone_number',
      message: 'Неверный формат номера (+7XXXXXXXXXX)',
    });
    const sent = await t.db.query('SELECT id FROM verification_codes WHERE order_id = $1', [order.id]);
    expect(sent).toHaveLength(0);
  });

  it('keeps the 60 s per destination: a corrected number gets its code at once, the first one waits', async () => {
    const order = await createOrder(t);
    const wrong = contacts().phone;
    const right = contacts().phone;
    const first = await patchClient(t, order.id, { phone_number: wrong });
    expect(first.statusCode, first.body).toBe(200);
    const clientId = first.json().id as number;
    t.clock.advance(5_000);
    const corrected = await patchClient(t, order.id, { client_id: clientId, phone_number: right });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json().phone_number).toBe(`+7${right.replace(/\D/g, '').slice(1)}`);
    // Each number keeps its own wait.
    const back = await patchClient(t, order.id, { client_id: clientId, phone_number: wrong });
    expect(back.statusCode).toBe(429);
    expect(Number(back.headers['retry-after'])).toBe(55);
    const again = await patchClient(t, order.id, { client_id: clientId, phone_number: right });
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBe(60);
  });

  it('allows one send per 60 s and 5 per destination per hour, with Retry-After', async () => {
    const order = await createOrder(t);
    const c = contacts();
    expect((await patchClient(t, order.id, { email: c.email })).statusCode).toBe(200);
    const again = await patchClient(t, order.id, { email: c.email });
    expect(again.statusCode).toBe(429);
    expect(errorOf(again).code).toBe('RATE_LIMITED');
    expect(Number(again.headers['retry-after'])).toBe(60);
    t.clock.advance(30_000);
    expect(Number((await patchClient(t, order.id, { email: c.email })).headers['retry-after'])).toBe(30);
    for (let i = 0; i < 4; i++) {
      t.clock.advance(60_000);
      expect((await patchClient(t, order.id, { email: c.email })).statusCode).toBe(200);
    }
    t.clock.advance(60_000);
    const capped = await patchClient(t, order.id, { email: c.email });
    expect(capped.statusCode).toBe(429);
    expect(errorOf(capped).message).toMatch(/Слишком много кодов/);
    // the same destination from another order is capped too
    const other = await createOrder(t);
    expect((await patchClient(t, other.id, { email: c.email })).statusCode).toBe(429);
    t.clock.advance(3_600_000);
    expect((await patchClient(t, order.id, { email: c.email })).statusCode).toBe(200);
  });

  it('parallel code requests respect the 60 s rule', async () => {
    const order = await createOrder(t);
    const c = contacts();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => patchClient(t, order.id, { phone_number: c.phone })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(7);
  });

  it('submits step 2 with both codes: confirmed, consents recorded, bank_info_expected', async () => {
    const order = await createOrder(t);
    const { body, clientId } = await prepareSubmission(t, order.id, contacts());
    const res = await patchClient(t, order.id, body, { 'user-agent': 'TestBrowser/1.0' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: clientId,
      sms_confirmed: true,
      email_confirmed: true,
      inn: STEP1.inn,
    });
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/order/orders/${order.id}`,
      headers: demoAuth,
    });
    expect(view.json().status).toBe('bank_info_expected');
    const decisions: { bank: string; status: string }[] = view.json().bank_decisions;
    expect(decisions.map((d) => d.status)).toEqual(['pending', 'pending', 'pending']);
    expect(decisions.map((d) => d.bank).sort()).toEqual(['sever', 'ural', 'volga']);
    const consents = await t.db.query<{ kind: string; user_agent: string; document_version: string }>(
      'SELECT kind, user_agent, document_version FROM consents WHERE order_id = $1 ORDER BY kind',
      [order.id],
    );
    expect(consents).toEqual([
      { kind: 'bank_transfer', user_agent: 'TestBrowser/1.0', document_version: '2025-01' },
      { kind: 'personal_data', user_agent: 'TestBrowser/1.0', document_version: '2025-01' },
    ]);
    // public view masks contacts now
    const pub = (await t.app.inject({ method: 'GET', url: `/api/order/orders/${order.id}` })).json();
    expect(pub.client.phone_number).toMatch(/^\+7 \*\*\* \*\*\*-\*\*-\d\d$/);
    expect(pub.client.email).toMatch(/^b\*\*\*@firm\.ru$/);
    // any further patch is refused
    const late = await patchClient(t, order.id, STEP1);
    expect(late.statusCode).toBe(409);
    // a used code cannot be reused
    expect((await patchClient(t, order.id, body)).statusCode).toBe(409);
  });

  it('refuses step 2 without codes, consents or requested codes, with the spec texts', async () => {
    const order = await createOrder(t);
    const c = contacts();
    const { body } = await prepareSubmission(t, order.id, c);
    const cases: [object, string, string][] = [
      [{ ...body, sms_code_input: '' }, 'sms_code_input', 'Введите код из СМС'],
      [{ ...body, email_code_input: '' }, 'email_code_input', 'Введите код из Email'],
      [
        { ...body, personal_data_consent: false },
        'personal_data_consent',
        'Необходимо согласие на обработку персональных данных.',
      ],
      [
        { ...body, bank_transfer_consent: false },
        'bank_transfer_consent',
        'Необходимо согласие на передачу данных банкам-партнёрам.',
      ],
      [{ ...body, phone_number: '123' }, 'phone_number', 'Неверный формат номера (+7XXXXXXXXXX)'],
      [{ ...body, email: 'x@' }, 'email', 'Неверный формат email'],
      [{ ...body, surname: '' }, 'surname', 'Фамилия не может быть пустой'],
      [{ ...body, sms_code_input: '12a' }, 'sms_code_input', 'Код состоит из цифр, не больше 6'],
      [{ ...body, email_code_input: '1234567' }, 'email_code_input', 'Код состоит из цифр, не больше 6'],
      [{ ...body, phone_number: undefined }, 'phone_number', 'Неверный формат номера (+7XXXXXXXXXX)'],
      [{ ...body, email: undefined }, 'email', 'Неверный формат email'],
      // One field per answer, in the order of the form's step 2.
      [{ ...body, sms_code_input: '', bank_transfer_consent: false }, 'sms_code_input', 'Введите код из СМС'],
      [
        { ...body, order_version: undefined, personal_data_consent: undefined },
        'personal_data_consent',
        'Необходимо согласие на обработку персональных данных.',
      ],
      [
        { ...body, order_version: undefined },
        'order_version',
        'Укажите версию заказа (order_version), которую видел покупатель',
      ],
    ];
    for (const [payload, field, message] of cases) {
      expect(errorOf(await patchClient(t, order.id, payload))).toEqual({
        code: 'VALIDATION_ERROR',
        field,
        message,
      });
    }
    const fresh = await createOrder(t);
    await patchClient(t, fresh.id, STEP1);
    const notRequested = await patchClient(t, fresh.id, { ...body, client_id: undefined });
    expect(errorOf(notRequested)).toEqual({
      code: 'VALIDATION_ERROR',
      field: 'phone_number',
      message: 'Получите код подтверждения',
    });
  });

  it('voids a code after 5 wrong tries and after 10 minutes; only the newest code is valid', async () => {
    const order = await createOrder(t);
    const c = contacts();
    const { body } = await prepareSubmission(t, order.id, c);
    const wrongCode = body.sms_code_input === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      const res = await patchClient(t, order.id, { ...body, sms_code_input: wrongCode });
      expect(errorOf(res)).toMatchObject({
        field: 'sms_code_input',
        message: `Неверный код. Осталось попыток: ${5 - i}`,
      });
    }
    const fifth = await patchClient(t, order.id, { ...body, sms_code_input: wrongCode });
    expect(errorOf(fifth).message).toBe('Слишком много неверных попыток. Запросите новый код.');
    // even the right code no longer works
    expect(errorOf(await patchClient(t, order.id, body)).message).toBe('Получите код подтверждения');

    t.clock.advance(61_000);
    const phone = await patchClient(t, order.id, { phone_number: c.phone });
    const newCode = await lastCodeFromOutbox(t, phone.json().phone_number);
    t.clock.advance(10 * 60_000);
    const expired = await patchClient(t, order.id, { ...body, sms_code_input: newCode });
    expect(errorOf(expired).message).toBe('Срок действия кода истёк. Запросите новый код.');

    t.clock.advance(1000);
    await patchClient(t, order.id, { phone_number: c.phone });
    const olderCode = await lastCodeFromOutbox(t, phone.json().phone_number);
    t.clock.advance(61_000);
    await patchClient(t, order.id, { phone_number: c.phone });
    const newest = await lastCodeFromOutbox(t, phone.json().phone_number);
    if (olderCode !== newest) {
      expect(errorOf(await patchClient(t, order.id, { ...body, sms_code_input: olderCode })).field).toBe(
        'sms_code_input',
      );
    }
    t.clock.advance(61_000);
    await patchClient(t, order.id, { email: c.email });
    const emailCode = await lastCodeFromOutbox(t, c.email);
    const ok = await patchClient(t, order.id, {
      ...body,
      sms_code_input: newest,
      email_code_input: emailCode,
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('20 parallel step-2 submissions make exactly one transition', async () => {
    const order = await createOrder(t);
    const { body } = await prepareSubmission(t, order.id, contacts());
    const answers = await Promise.all(Array.from({ length: 20 }, () => patchClient(t, order.id, body)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(19);
    const history = await t.db.query('SELECT to_status FROM order_status_history WHERE order_id = $1', [
      order.id,
    ]);
    expect(history).toHaveLength(2);
  });
});
