// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '../../../test/render';
import { requestPhoneCode, saveStep1, submitApplication } from './buyer-api';

describe('buyer API calls (spec §7, §8)', () => {
  it('returns success with the client, or a failure with the server text, field and Retry-After', async () => {
    mockFetch(() => json({ id: 5 }));
    await expect(
      saveStep1('o1', {
        clientId: null,
        surname: 'a',
        name: 'b',
        middlename: '',
        organizationName: 'c',
        inn: '1',
      }),
    ).resolves.toEqual({
      success: true,
      data: { id: 5 },
    });
    mockFetch(
      () =>
        new Response(
          JSON.stringify({
            detail: 'Повторно запросить код можно через 12 с.',
            error: { code: 'RATE_LIMITED', message: 'x' },
          }),
          {
            status: 429,
            headers: { 'Retry-After': '12' },
          },
        ),
    );
    await expect(requestPhoneCode('o1', 5, '+79001234567')).resolves.toEqual({
      success: false,
      kind: 'api',
      status: 429,
      error: 'Повторно запросить код можно через 12 с.',
      field: undefined,
      retryAfterSeconds: 12,
    });
  });

  it('tells network failures from server answers', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(
      submitApplication('o1', {
        clientId: 5,
        surname: 'a',
        name: 'b',
        middlename: '',
        organizationName: 'c',
        inn: '1',
        phoneNumber: '+79001234567',
        orderVersion: 1,
        email: 'e@example.ru',
        smsCodeInput: '1',
        emailCodeInput: '2',
      }),
    ).resolves.toEqual({ success: false, kind: 'network' });
  });
});
