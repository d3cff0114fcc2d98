// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { normalizeCodeInput } from './code-input';
import { emailForCode, phoneForCode, type Step2Values, step2FieldOf, validateStep2, waitFor } from './step2';

const ready: Step2Values = {
  phone: '+79001234567',
  email: 'buyer@example.ru',
  phoneCode: '123456',
  emailCode: '654321',
  consent: true,
  bankConsent: true,
  phoneCodeSentTo: '+79001234567',
  emailCodeSentTo: 'buyer@example.ru',
};

describe('step 2 rules (spec §5)', () => {
  it('accepts a complete form', () => {
    expect(validateStep2(ready)).toEqual({});
  });

  it('refuses a malformed phone and e-mail with their texts', () => {
    expect(validateStep2({ ...ready, phone: '12345', email: 'buyer@example' })).toMatchObject({
      phone: 'Неверный формат номера (+7XXXXXXXXXX)',
      email: 'Неверный формат email',
    });
  });

  it('asks for a code under the phone and under the e-mail when none was requested', () => {
    const errors = validateStep2({
      ...ready,
      phoneCodeSentTo: null,
      emailCodeSentTo: null,
      phoneCode: '',
      emailCode: '',
    });
    expect(errors.phone).toBe('Получите код подтверждения');
    expect(errors.email).toBe('Получите код подтверждения');
    expect(errors.phoneCode).toBeUndefined();
    expect(errors.emailCode).toBeUndefined();
  });

  it('treats a code sent to another phone or address as not requested', () => {
    const errors = validateStep2({ ...ready, phone: '+79001112233', email: 'other@example.ru' });
    expect(errors).toMatchObject({
      phone: 'Получите код подтверждения',
      email: 'Получите код подтверждения',
    });
  });

  it('recognises the same phone typed another way, and the same address in other case', () => {
    expect(validateStep2({ ...ready, phone: '8 (900) 123-45-67', email: ' Buyer@Example.ru ' })).toEqual({});
  });

  it('asks for both codes once requested', () => {
    expect(validateStep2({ ...ready, phoneCode: '', emailCode: '' })).toEqual({
      phoneCode: 'Введите код из СМС',
      emailCode: 'Введите код из Email',
    });
  });

  it('requires both consents', () => {
    expect(validateStep2({ ...ready, consent: false, bankConsent: false })).toEqual({
      consent: 'Необходимо согласие на обработку персональных данных.',
      bankConsent: 'Необходимо согласие на передачу данных банкам-партнёрам.',
    });
  });

  it.each([
    ['89001234567', '+79001234567'],
    ['79001234567', '+79001234567'],
    ['9001234567', '+79001234567'],
    ['+7 (900) 123-45-67', '+79001234567'],
  ])('normalises %s to %s before a code is sent', (raw, phone) => {
    expect(phoneForCode(raw)).toEqual({ value: raw, to: phone });
  });

  it('says the one phone text of spec §5 before a code as on submit, for an incomplete number too', () => {
    const text = 'Неверный формат номера (+7XXXXXXXXXX)';
    for (const phone of ['900123', '59001234567', '8 916 123-45-6', '+7 916 123-45-6']) {
      expect(phoneForCode(phone), phone).toEqual({ error: text });
      expect(validateStep2({ ...ready, phone }).phone, phone).toBe(text);
    }
  });

  it.each(['+7 809 505-12-34', '8 800 555-35-35', '+7 495 123-45-67', '+7 701 123-45-67'])(
    'refuses %s (not a Russian mobile) before a code and on submit, with the server’s text',
    (phone) => {
      const text = 'Укажите номер мобильного телефона: +7 9XX XXX-XX-XX';
      expect(phoneForCode(phone)).toEqual({ error: text });
      expect(validateStep2({ ...ready, phone }).phone).toBe(text);
    },
  );

  it('says the one e-mail text of spec §5 before a code as on submit', () => {
    expect(emailForCode('buyer@')).toEqual({ error: 'Неверный формат email' });
    expect(validateStep2({ ...ready, email: 'buyer@' }).email).toBe('Неверный формат email');
    expect(emailForCode(' Buyer@example.ru ')).toEqual({ value: 'Buyer@example.ru', to: 'buyer@example.ru' });
  });

  it('keeps codes to digits, at most 6', () => {
    expect(normalizeCodeInput('12a3 4-5678')).toBe('123456');
    expect(normalizeCodeInput('abc')).toBe('');
  });

  it('maps server fields', () => {
    expect(step2FieldOf('sms_code_input')).toBe('phoneCode');
    expect(step2FieldOf('email_code_input')).toBe('emailCode');
    expect(step2FieldOf('phone_number')).toBe('phone');
    expect(step2FieldOf('surname')).toBeUndefined();
  });
});

describe('the 60-second wait belongs to the number, not the field', () => {
  it('keeps a wait per destination', () => {
    const now = Date.now();
    const first = waitFor('+79001234567', 60_000)({ resendAt: {} });
    const second = waitFor('+79001234568', 30_000)(first);
    expect(Object.keys(second.resendAt).sort()).toEqual(['+79001234567', '+79001234568']);
    expect(second.resendAt['+79001234567']).toBeGreaterThanOrEqual(now + 60_000);
    expect(second.resendAt['+79001234568']).toBeLessThan(now + 60_000);
  });
});
