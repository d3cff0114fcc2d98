// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '../../test/render';
import { ENQUIRY_FAILED, ENQUIRY_REFUSED, ENQUIRY_SUCCESS, sendEnquiry } from './enquiry';

describe('landing enquiry', () => {
  it('posts name and phone to /api/shop/enquire and words success as spec §8 says', async () => {
    const calls = mockFetch(() =>
      json({ success: true, message: 'Спасибо! Мы получили заявку и свяжемся с вами в ближайшее время.' }),
    );
    const outcome = await sendEnquiry({ name: 'Ольга', phone: '+7 900 000-00-00' });
    expect(outcome).toEqual({ ok: true, message: ENQUIRY_SUCCESS });
    expect(ENQUIRY_SUCCESS).toBe('Заявка успешно отправлена! Мы свяжемся с вами в ближайшее время.');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      url: '/api/shop/enquire',
      method: 'POST',
      body: { name: 'Ольга', phone: '+7 900 000-00-00' },
    });
  });

  it("shows the server's message when it answers success false, else the default refusal", async () => {
    mockFetch(() => json({ success: false, message: 'Заявки временно не принимаются' }));
    expect(await sendEnquiry({ name: 'a', phone: '1' })).toEqual({
      ok: false,
      message: 'Заявки временно не принимаются',
    });
    mockFetch(() => json({ success: false, message: '' }));
    expect(await sendEnquiry({ name: 'a', phone: '1' })).toEqual({ ok: false, message: ENQUIRY_REFUSED });
    expect(ENQUIRY_REFUSED).toBe('Не удалось отправить заявку. Попробуйте позже.');
  });

  it('shows the generic failure for error statuses and network failures', async () => {
    mockFetch(() =>
      json({ detail: 'bad', error: { code: 'VALIDATION_ERROR', message: 'bad', field: 'phone' } }, 400),
    );
    expect(await sendEnquiry({ name: 'a', phone: '1' })).toEqual({ ok: false, message: ENQUIRY_FAILED });
    mockFetch(() => json({ detail: 'boom' }, 500));
    expect(await sendEnquiry({ name: 'a', phone: '1' })).toEqual({ ok: false, message: ENQUIRY_FAILED });
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    expect(await sendEnquiry({ name: 'a', phone: '1' })).toEqual({ ok: false, message: ENQUIRY_FAILED });
    expect(ENQUIRY_FAILED).toBe('Произошла ошибка при отправке заявки. Попробуйте позже.');
  });
});
