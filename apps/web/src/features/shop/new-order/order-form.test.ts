// @vitest-environment node
import { MESSAGES } from '@b2bpay/domain';
import { describe, expect, it } from 'vitest';
import {
  clearFieldError,
  displayPrice,
  type FormItem,
  formTotal,
  itemLineTotal,
  newItem,
  removeRow,
  toProducts,
  validateItem,
  validateItems,
} from './order-form';

const item = (name: string, price: string, quantity: string): FormItem => ({
  key: 'k',
  name,
  price,
  quantity,
});

describe('order form rules (spec §5)', () => {
  it('refuses a quantity or a price over the API limits at the row, in ru-RU figures', () => {
    expect(validateItem(item('Бумага', '10', '1000000')).quantity).toBeUndefined();
    expect(validateItem(item('Бумага', '10', '1000001')).quantity).toBe('Не больше 1\u00a0000\u00a0000 шт.');
    expect(validateItem(item('Бумага', '10', '99999999')).quantity).toBe('Не больше 1\u00a0000\u00a0000 шт.');
    expect(validateItem(item('Бумага', '1 000 000 000', '1')).price).toBeUndefined();
    expect(validateItem(item('Бумага', '1000000000,01', '1')).price).toBe(
      'Не больше 1\u00a0000\u00a0000\u00a0000\u00a0₽',
    );
    expect(validateItems([item('Бумага', '10', '99999999')]).valid).toBe(false);
  });

  it('a new row has quantity 1 and empty name and price', () => {
    const row = newItem();
    expect(row).toMatchObject({ name: '', price: '', quantity: '1' });
    expect(newItem().key).not.toBe(row.key);
  });

  it('requires a name that is not blank after trimming', () => {
    expect(validateItem(item('   ', '10', '1')).name).toBe(MESSAGES.productNameRequired);
    expect(validateItem(item(' Бумага ', '10', '1')).name).toBeUndefined();
  });

  it('a name of invisible characters is empty, and bidi controls are not sent', () => {
    expect(validateItem(item('\u200B\u2060\u00AD\u202E', '10', '1')).name).toBe(MESSAGES.productNameRequired);
    expect(toProducts([item('\u202EБумага\u202C ', '10', '1')])[0]?.name).toBe('Бумага');
  });

  it('a name with no letter or digit is empty, as on the server', () => {
    for (const name of ['\u2800', '\u{1D173}\u17B5', '\u180B\u206A']) {
      expect(validateItem(item(name, '10', '1')).name).toBe(MESSAGES.productNameRequired);
    }
  });

  it('requires a price that is a non-negative number', () => {
    expect(validateItem(item('a', '', '1')).price).toBe('Введите цену');
    expect(validateItem(item('a', 'abc', '1')).price).toBe('Введите цену');
    expect(validateItem(item('a', '-1', '1')).price).toBe('Введите цену');
    expect(validateItem(item('a', '0', '1')).price).toBeUndefined();
    expect(validateItem(item('a', '99.99', '1')).price).toBeUndefined();
    expect(validateItem(item('a', '99,5', '1')).price).toBeUndefined();
  });

  it('requires a quantity that is a whole number above 0', () => {
    for (const bad of ['', '0', '-2', '1.5', 'x']) {
      expect(validateItem(item('a', '1', bad)).quantity, bad).toBe('Введите количество');
    }
    expect(validateItem(item('a', '1', '3')).quantity).toBeUndefined();
  });

  it('keeps one error entry per row and stops submission when any row is invalid', () => {
    const result = validateItems([item('a', '1', '1'), item('', '', '0')]);
    expect(result.errors).toHaveLength(2);
    expect(result.errors[0]).toEqual({});
    expect(result.errors[1]).toEqual({
      name: 'Введите название товара',
      price: 'Введите цену',
      quantity: 'Введите количество',
    });
    expect(result.valid).toBe(false);
    expect(validateItems([item('a', '1', '1')]).valid).toBe(true);
  });

  it('editing a field clears only that field error', () => {
    const errors = [{ name: 'Введите название товара', price: 'Введите цену' }];
    const next = clearFieldError(errors, 0, 'name');
    expect(next[0]).toEqual({ name: undefined, price: 'Введите цену' });
    expect(errors[0]?.name).toBe('Введите название товара');
    expect(clearFieldError(errors, 0, 'quantity')).toBe(errors);
  });

  it('never removes the last row', () => {
    expect(removeRow(['only'], 0)).toEqual(['only']);
    expect(removeRow(['a', 'b', 'c'], 1)).toEqual(['a', 'c']);
  });

  it('totals price × quantity exactly to the kopeck', () => {
    expect(itemLineTotal(item('a', '0.1', '3'))).toBe(0.3);
    expect(formTotal([item('a', '0.1', '3'), item('b', '1050.6', '1'), item('c', 'bad', '2')])).toBe(1050.9);
    expect(formTotal([])).toBe(0);
  });

  it('takes prices typed the Russian way and refuses anything else', () => {
    expect(itemLineTotal(item('a', '350,10', '1'))).toBe(350.1);
    expect(itemLineTotal(item('a', '1 234,50', '2'))).toBe(2469);
    expect(itemLineTotal(item('a', '1\u00a0234,50', '1'))).toBe(1234.5);
    expect(itemLineTotal(item('a', '1\u202f234,50', '1'))).toBe(1234.5);
    expect(validateItem(item('a', '1 234,50', '1')).price).toBeUndefined();
    expect(validateItem(item('a', '350,101', '1')).price).toBe('Введите цену');
    expect(validateItem(item('a', '1,2,3', '1')).price).toBe('Введите цену');
    expect(validateItem(item('a', '10', '1,5')).quantity).toBe('Введите количество');
    expect(toProducts([item('a', '1 234,50', '2')])).toEqual([{ name: 'a', price: 1234.5, quantity: 2 }]);
    expect(displayPrice('1234,5')).toBe('1\u00a0234,50');
    expect(displayPrice('abc')).toBe('abc');
  });

  it('sends trimmed names, numeric prices and integer quantities', () => {
    expect(toProducts([item('  Стул ', '1499.90', '4')])).toEqual([
      { name: 'Стул', price: 1499.9, quantity: 4 },
    ]);
  });
});
