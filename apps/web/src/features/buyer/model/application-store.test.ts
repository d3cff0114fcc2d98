import { describe, expect, it } from 'vitest';
import { makeClient, makeOrder } from '../testing/fixtures';
import {
  EMPTY_FORM,
  formKey,
  loadForm,
  loadSubmittedEmail,
  markSubmitted,
  saveForm,
} from './application-store';
import { prefillFromOrder } from './prefill';

describe('application form storage', () => {
  it('keeps one record per order in session storage', () => {
    saveForm('a', { ...EMPTY_FORM, surname: 'Петров' });
    expect(loadForm('a').surname).toBe('Петров');
    expect(loadForm('b')).toEqual(EMPTY_FORM);
  });

  it('drops damaged or mistyped stored values', () => {
    sessionStorage.setItem(formKey('a'), '{broken');
    expect(loadForm('a')).toEqual(EMPTY_FORM);
    sessionStorage.setItem(
      formKey('a'),
      JSON.stringify({ surname: 5, consent: 'yes', clientId: '7', inn: '77' }),
    );
    expect(loadForm('a')).toEqual({ ...EMPTY_FORM, inn: '77' });
  });

  it('forgets the form after submission but keeps the e-mail for the success page', () => {
    saveForm('a', { ...EMPTY_FORM, email: 'x@example.ru' });
    markSubmitted('a', 'x@example.ru');
    expect(sessionStorage.getItem(formKey('a'))).toBeNull();
    expect(loadSubmittedEmail('a')).toBe('x@example.ru');
    expect(loadSubmittedEmail('b')).toBeNull();
  });
});

describe('prefill from the order', () => {
  const client = makeClient({
    id: 9,
    surname: 'Иванов',
    name: 'Иван',
    phone_number: '+79001234567',
    email: 'i@example.ru',
  });

  it("fills empty fields once from the order's client and takes its id", () => {
    const filled = prefillFromOrder({ ...EMPTY_FORM, name: 'Пётр' }, makeOrder({ client }));
    expect(filled).toMatchObject({
      clientId: 9,
      surname: 'Иванов',
      name: 'Пётр',
      phone: '+79001234567',
      prepopulated: true,
    });
    const again = prefillFromOrder({ ...filled, surname: '' }, makeOrder({ client }));
    expect(again.surname).toBe('');
  });

  it('keeps a stored client id while the order does not show one yet', () => {
    expect(prefillFromOrder({ ...EMPTY_FORM, clientId: 4 }, makeOrder()).clientId).toBe(4);
  });

  it('never copies masked contacts of a submitted order', () => {
    const masked = makeClient({ phone_number: '+7 *** ***-**-67' });
    expect(
      prefillFromOrder(EMPTY_FORM, makeOrder({ status: 'bank_info_expected', client: masked })).phone,
    ).toBe('');
  });
});
