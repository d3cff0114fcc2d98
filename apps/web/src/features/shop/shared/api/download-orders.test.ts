import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../../test/render';
import { downloadOrdersCsv, exportFileName } from './shop-api';

const DISPOSITION = `attachment; filename=orders-2026-11-27.csv; filename*=UTF-8''${encodeURIComponent('заказы-2026-11-27.csv')}`;

describe('the accounting export as a file', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("reads the server's dated Russian name (filename*), the ASCII fallback when that is all there is", async () => {
    expect(await exportFileName(DISPOSITION)).toBe('заказы-2026-11-27.csv');
    expect(await exportFileName('attachment; filename="orders-2026-11-27.csv"')).toBe(
      'orders-2026-11-27.csv',
    );
    expect(await exportFileName(null)).toBe('заказы.csv');
    expect(await exportFileName('attachment; filename')).toBe('заказы.csv');
  });

  it('saves the download under the name the server gave, not «orders.csv»', async () => {
    mockFetch(
      () =>
        new Response('\uFEFF"номер"\r\n', {
          headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': DISPOSITION },
        }),
    );
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await downloadOrdersCsv({}, 'sk_test');
    expect(saved).toEqual(['заказы-2026-11-27.csv']);
  });
});
