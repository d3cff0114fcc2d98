import { DEMO_SHOP } from '@b2bpay/domain';
import { describe, expect, it } from 'vitest';
import {
  DEMO_ITEMS,
  flattenItems,
  initSnippet,
  webComponentMarkup,
  webComponentSnippet,
  widgetKeyFor,
} from './widget-snippets';

describe('widget snippets', () => {
  it('use the demo publishable key unless a publishable key is stored for a shop', () => {
    expect(widgetKeyFor(undefined, null)).toBe(DEMO_SHOP.publishableKey);
    expect(widgetKeyFor(undefined, 'pk_live_1')).toBe(DEMO_SHOP.publishableKey);
    expect(widgetKeyFor('shop-1', null)).toBe(DEMO_SHOP.publishableKey);
    // The shop area's token is a secret key: never put into a page.
    expect(widgetKeyFor('shop-1', 'sk_live_1')).toBe(DEMO_SHOP.publishableKey);
    expect(widgetKeyFor('shop-1', DEMO_SHOP.secretKey)).toBe(DEMO_SHOP.publishableKey);
    expect(widgetKeyFor('shop-1', 'pk_live_1')).toBe('pk_live_1');
  });

  it('flatten items to items.N.name/price/quantity', () => {
    expect(flattenItems([{ name: 'A', price: 1.5, quantity: 2 }])).toEqual({
      'items.0.name': 'A',
      'items.0.price': 1.5,
      'items.0.quantity': 2,
    });
  });

  it('write markup whose attributes parse back to the same values, quotes included', () => {
    const items = [{ name: `Стол "Лофт" и стул 'Венский'`, price: 100, quantity: 1 }];
    const holder = document.createElement('div');
    holder.innerHTML = webComponentMarkup({
      apiToken: 'pk_"x',
      items,
      size: 'S',
      theme: 'dark',
      subtext: 'a "b"',
    });
    const element = holder.querySelector('b2bpay-button');
    expect(element?.getAttribute('api-token')).toBe('pk_"x');
    expect(JSON.parse(element?.getAttribute('payment-data') ?? '')).toEqual(flattenItems(items));
    expect(element?.getAttribute('size')).toBe('S');
    expect(element?.getAttribute('theme')).toBe('dark');
    expect(element?.getAttribute('subtext')).toBe('a "b"');
  });

  it('load the script from the site the snippet was copied on', () => {
    const snippet = webComponentSnippet({ origin: 'https://pay.example.ru', apiToken: 'pk_1' });
    expect(
      snippet.startsWith('<script src="https://pay.example.ru/widget/v1/b2bpay.js" async></script>'),
    ).toBe(true);
    const init = initSnippet({ origin: 'https://pay.example.ru', apiToken: 'pk_1' });
    expect(init).toContain('<script src="https://pay.example.ru/widget/v1/b2bpay.js"></script>');
  });

  it('call B2BPay.init with runnable JavaScript', () => {
    const init = initSnippet({ origin: 'https://pay.example.ru', apiToken: "pk_'1" });
    const code = /<script>\n([\s\S]*)<\/script>/.exec(init)?.[1] ?? '';
    const calls: unknown[] = [];
    new Function('B2BPay', code)({ init: (options: unknown) => calls.push(options) });
    expect(calls).toEqual([
      {
        container: '#b2bpay-button',
        apiToken: "pk_'1",
        items: DEMO_ITEMS,
        size: 'L',
        theme: 'dark',
        subtext: 'Решение за 1 рабочий день',
        debug: false,
      },
    ]);
  });
});
