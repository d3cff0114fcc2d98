import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Module = typeof import('./widget-script');
let load: Module['loadWidgetScript'];

beforeEach(async () => {
  vi.resetModules();
  load = (await import('./widget-script')).loadWidgetScript;
});

afterEach(() => {
  for (const script of document.head.querySelectorAll('script')) script.remove();
  delete window.B2BPay;
});

const fake = { version: '1.0.0', init: vi.fn() };

describe('loadWidgetScript', () => {
  it('adds the script again when the first one was taken out of the page before it ran', () => {
    void load();
    document.head.querySelector('script')?.remove();
    void load();
    expect(document.head.querySelectorAll('script')).toHaveLength(1);
  });

  it('adds the versioned script once and resolves with window.B2BPay', async () => {
    const first = load();
    const second = load();
    const scripts = document.head.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.getAttribute('src')).toBe('/widget/v1/b2bpay.js');
    window.B2BPay = fake;
    scripts[0]?.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe(fake);
    await expect(second).resolves.toBe(fake);
    await expect(load()).resolves.toBe(fake);
    expect(document.head.querySelectorAll('script')).toHaveLength(1);
  });

  it('rejects when the script fails, and tries again next time', async () => {
    const failed = load();
    document.head.querySelector('script')?.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toThrow('Не удалось загрузить /widget/v1/b2bpay.js');
    expect(document.head.querySelectorAll('script')).toHaveLength(0);
    void load().catch(() => {});
    expect(document.head.querySelectorAll('script')).toHaveLength(1);
  });

  it('rejects when the script ran but defined nothing', async () => {
    const loading = load();
    document.head.querySelector('script')?.dispatchEvent(new Event('load'));
    await expect(loading).rejects.toThrow('B2BPay не определён');
  });
});
