import { describe, expect, it } from 'vitest';
import { shopReturnLink } from './shop-return';

const ID = '7d4f2a90-1c3b-4e5f-8a6d-9b0c1d2e3f40';

describe('shopReturnLink', () => {
  it('adds order_id as the only parameter of an address without a query', () => {
    expect(shopReturnLink('https://shop.example/thanks', ID)).toBe(
      `https://shop.example/thanks?order_id=${ID}`,
    );
    expect(shopReturnLink('https://shop.example', ID)).toBe(`https://shop.example/?order_id=${ID}`);
    // An empty query ("?" alone) is no parameter to keep.
    expect(shopReturnLink('https://shop.example/thanks?', ID)).toBe(
      `https://shop.example/thanks?order_id=${ID}`,
    );
  });

  it("keeps the shop's own parameters as written, and the fragment after the query", () => {
    expect(shopReturnLink('https://shop.example/cart?step=3&next=/done&q=a%20b', ID)).toBe(
      `https://shop.example/cart?step=3&next=/done&q=a%20b&order_id=${ID}`,
    );
    expect(shopReturnLink('http://localhost:8080/back?x=1#top', ID)).toBe(
      `http://localhost:8080/back?x=1&order_id=${ID}#top`,
    );
  });

  it('encodes the id it is given', () => {
    expect(shopReturnLink('https://shop.example/', 'a&b=c')).toBe('https://shop.example/?order_id=a%26b%3Dc');
  });

  it('links nothing but http(s) addresses', () => {
    expect(shopReturnLink('javascript:alert(1)', ID)).toBeNull();
    expect(shopReturnLink('data:text/html,<b>x</b>', ID)).toBeNull();
    expect(shopReturnLink('ftp://shop.example/', ID)).toBeNull();
    expect(shopReturnLink('/relative/path', ID)).toBeNull();
    expect(shopReturnLink('', ID)).toBeNull();
  });
});
