// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '../../test/render';
import { suggestCompanies } from './company-suggest';

describe('company suggestions by INN', () => {
  it('asks for suggestions by INN and returns the list', async () => {
    const calls = mockFetch(() => json([{ value: 'ПАО «Сбербанк России»', inn: '7707083893' }]));
    await expect(suggestCompanies('7707')).resolves.toEqual({
      success: true,
      data: [{ value: 'ПАО «Сбербанк России»', inn: '7707083893' }],
    });
    expect(calls[0]?.url).toBe('/api/integration/company/suggest?inn=7707');
    await expect(suggestCompanies('')).resolves.toMatchObject({ success: false, kind: 'unexpected' });
  });

  it('a server failure is a result, not an exception', async () => {
    mockFetch(() => json({ error: { message: 'Сервис недоступен' } }, 502));
    await expect(suggestCompanies('7707')).resolves.toEqual({ success: false, kind: 'api' });
  });
});
