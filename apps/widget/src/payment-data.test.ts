import { describe, expect, it } from 'vitest';
import { parsePaymentData } from './payment-data';

describe('payment-data', () => {
  it('reads flattened keys from a JSON object, in index order, skipping other keys', () => {
    const text = JSON.stringify({
      'items.1.name': 'Картридж',
      'items.1.price': 4990,
      'items.1.quantity': 1,
      'items.0.name': 'Бумага А4',
      'items.0.price': '350.10',
      'items.0.quantity': '3',
      currency: 'RUB',
    });
    expect(parsePaymentData(text)).toEqual([
      { name: 'Бумага А4', price: '350.10', quantity: '3' },
      { name: 'Картридж', price: 4990, quantity: 1 },
    ]);
  });

  it('reads flattened keys from a query string with Cyrillic and encoded characters', () => {
    expect(parsePaymentData('items.0.name=Стул%20офисный&items.0.price=4500&items.0.quantity=2')).toEqual([
      { name: 'Стул офисный', price: '4500', quantity: '2' },
    ]);
  });

  it('accepts a nested items list or a bare array', () => {
    const items = [{ name: 'Стол', price: 100, quantity: 1 }];
    expect(parsePaymentData(JSON.stringify({ items }))).toEqual(items);
    expect(parsePaymentData(JSON.stringify(items))).toEqual(items);
  });

  it('skips gaps in the numbering', () => {
    expect(parsePaymentData('items.0.name=A&items.2.name=B')).toEqual([{ name: 'A' }, { name: 'B' }]);
  });

  it('gives an empty list for no data and null for unreadable JSON', () => {
    expect(parsePaymentData(null)).toEqual([]);
    expect(parsePaymentData('  ')).toEqual([]);
    expect(parsePaymentData('{"items.0.name": ')).toBeNull();
    expect(parsePaymentData('"text"')).toEqual([]);
  });
});
