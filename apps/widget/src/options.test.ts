import { MESSAGES } from '@b2bpay/domain';
import { describe, expect, it } from 'vitest';
import { TEXT } from './messages';
import {
  attributeFlag,
  type ButtonConfig,
  buildOrder,
  configFromInit,
  keyError,
  normalizeSize,
  normalizeTheme,
} from './options';

const base: ButtonConfig = {
  apiToken: 'pk_demo_9c2e7a4f1b6d8035e2a9c7b1f4d6e8a2',
  items: [{ name: 'Бумага А4', price: '350,10', quantity: '3' }],
  size: 'M',
  theme: 'light',
  subtext: '',
  client: {},
  webhookUrl: '',
  returnUrl: '',
  cancelUrl: '',
  debug: false,
};

describe('widget options', () => {
  it('keeps the item texts of the shop form (spec §5)', () => {
    expect(TEXT.itemName).toBe(MESSAGES.productNameRequired);
    expect(TEXT.itemPrice).toBe(MESSAGES.productPriceRequired);
    expect(TEXT.itemQuantity).toBe(MESSAGES.productQuantityRequired);
  });

  it('normalises size (default M) and theme (default light)', () => {
    expect(['s', 'M', ' l ', 'XL', null].map(normalizeSize)).toEqual(['S', 'M', 'L', 'M', 'M']);
    expect(['dark', 'DARK', 'light', 'blue', undefined].map(normalizeTheme)).toEqual([
      'dark',
      'dark',
      'light',
      'light',
      'light',
    ]);
  });

  it('reads the debug flag like a boolean attribute', () => {
    expect([null, '', 'true', 'debug', 'false', '0'].map(attributeFlag)).toEqual([
      false,
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it('refuses a missing key and any secret key before a request', () => {
    expect(keyError('  ')).toBe(TEXT.noKey);
    expect(keyError('sk_demo_4f7b2c9e1a8d6035b2e9c7f1a4d8b6e2')).toBe(TEXT.secretKey);
    expect(keyError('pk_live_x')).toBeNull();
    expect(buildOrder({ ...base, apiToken: 'sk_live_abc' })).toEqual({ error: TEXT.secretKey });
  });

  it('builds the request body: comma decimals, trimmed names, client and webhook when given', () => {
    const result = buildOrder({
      ...base,
      items: [
        { name: '  Бумага А4 ', price: '350,10', quantity: '3' },
        { name: 'Ручка', price: 25, quantity: 10 },
      ],
      client: { email: 'buyer@example.ru' },
      webhookUrl: ' https://shop.example.ru/hook ',
      returnUrl: ' https://shop.example.ru/order/77 ',
      cancelUrl: 'https://shop.example.ru/cart',
    });
    expect(result).toEqual({
      body: {
        products: [
          { name: 'Бумага А4', price: 350.1, quantity: 3 },
          { name: 'Ручка', price: 25, quantity: 10 },
        ],
        client: { email: 'buyer@example.ru' },
        webhook_url: 'https://shop.example.ru/hook',
        return_url: 'https://shop.example.ru/order/77',
        cancel_url: 'https://shop.example.ru/cart',
      },
    });
    expect(buildOrder(base)).toEqual({
      body: { products: [{ name: 'Бумага А4', price: 350.1, quantity: 3 }] },
    });
  });

  it('names the first bad item in Russian', () => {
    const item = (over: object) =>
      buildOrder({ ...base, items: [base.items![0]!, { ...base.items![0], ...over }] });
    expect(item({ name: ' ' })).toEqual({ error: `Товар 2: ${MESSAGES.productNameRequired}` });
    expect(item({ price: '-5' })).toEqual({ error: `Товар 2: ${MESSAGES.productPriceRequired}` });
    expect(item({ price: 'abc' })).toEqual({ error: `Товар 2: ${MESSAGES.productPriceRequired}` });
    expect(item({ price: '1.005' })).toEqual({ error: `Товар 2: ${TEXT.itemPriceDecimals}` });
    expect(item({ quantity: 0 })).toEqual({ error: `Товар 2: ${MESSAGES.productQuantityRequired}` });
    expect(item({ quantity: '1.5' })).toEqual({ error: `Товар 2: ${MESSAGES.productQuantityRequired}` });
    expect(buildOrder({ ...base, items: [] })).toEqual({ error: TEXT.noItems });
    expect(buildOrder({ ...base, items: null })).toEqual({ error: TEXT.badPaymentData });
  });

  it('maps B2BPay.init parameters (spec §3) onto the configuration', () => {
    const config = configFromInit({
      container: '#x',
      apiToken: 'pk_1',
      items: [{ name: 'A', price: 1, quantity: 1 }],
      size: 'L',
      theme: 'dark',
      clientSurname: 'Иванов',
      clientName: 'Иван',
      clientMiddlename: ' ',
      clientPhone: '+79991234567',
      clientEmail: 'ivan@example.ru',
      webhookUrl: 'https://shop.example.ru/hook',
      returnUrl: 'https://shop.example.ru/order/77',
      cancelUrl: 'https://shop.example.ru/cart',
      debug: true,
    });
    expect(config).toEqual({
      apiToken: 'pk_1',
      items: [{ name: 'A', price: 1, quantity: 1 }],
      size: 'L',
      theme: 'dark',
      subtext: TEXT.defaultSubtext,
      client: { surname: 'Иванов', name: 'Иван', phone_number: '+79991234567', email: 'ivan@example.ru' },
      webhookUrl: 'https://shop.example.ru/hook',
      returnUrl: 'https://shop.example.ru/order/77',
      cancelUrl: 'https://shop.example.ru/cart',
      debug: true,
    });
    expect(configFromInit({ container: '#x', apiToken: 'pk_1', items: [], subtext: '' }).subtext).toBe('');
  });
});
