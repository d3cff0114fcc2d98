import { MESSAGES, type ProductCreate } from '@b2bpay/domain';

/** The new-order form's rows and rules (spec §5 "Shop order form"). Values are kept as typed. */
export interface FormItem {
  /** Stable React key; never sent. */
  key: string;
  name: string;
  price: string;
  quantity: string;
}

export interface RowErrors {
  name?: string;
  price?: string;
  quantity?: string;
}

export type ItemField = 'name' | 'price' | 'quantity';

let sequence = 0;

/** 'Добавить товар' adds a row with quantity 1. */
export function newItem(): FormItem {
  sequence += 1;
  return { key: `item-${sequence}`, name: '', price: '', quantity: '1' };
}

function parsePrice(value: string): number | null {
  const text = value.trim().replace(',', '.');
  if (text === '' || !/^[+]?\d*\.?\d+$|^[+]?\d+\.$/.test(text)) return null;
  const price = Number(text);
  return Number.isFinite(price) ? price : null;
}

function parseQuantity(value: string): number | null {
  const text = value.trim();
  if (!/^\d+$/.test(text)) return null;
  const quantity = Number(text);
  return Number.isSafeInteger(quantity) ? quantity : null;
}

export function validateItem(item: FormItem): RowErrors {
  const errors: RowErrors = {};
  if (item.name.trim() === '') errors.name = MESSAGES.productNameRequired;
  const price = parsePrice(item.price);
  if (price === null || price < 0) errors.price = MESSAGES.productPriceRequired;
  const quantity = parseQuantity(item.quantity);
  if (quantity === null || quantity <= 0) errors.quantity = MESSAGES.productQuantityRequired;
  return errors;
}

export function hasErrors(errors: RowErrors): boolean {
  return Boolean(errors.name || errors.price || errors.quantity);
}

/** One error entry per row, always as long as the item list. */
export function validateItems(items: readonly FormItem[]): { errors: RowErrors[]; valid: boolean } {
  const errors = items.map(validateItem);
  return { errors, valid: !errors.some(hasErrors) };
}

/** Editing a field clears that field's error only. */
export function clearFieldError(errors: RowErrors[], index: number, field: ItemField): RowErrors[] {
  const row = errors[index];
  if (!row?.[field]) return errors;
  const next = [...errors];
  next[index] = { ...row, [field]: undefined };
  return next;
}

/** The last row cannot be removed; errors follow their rows. */
export function removeRow<T>(list: readonly T[], index: number): T[] {
  if (list.length <= 1) return [...list];
  return list.filter((_, i) => i !== index);
}

/** Price × quantity in kopecks; rows that are not yet valid count as 0. */
function lineKopecks(item: FormItem): number {
  const price = parsePrice(item.price);
  const quantity = parseQuantity(item.quantity);
  if (price === null || price < 0 || quantity === null) return 0;
  return Math.round(price * 100) * quantity;
}

export function itemLineTotal(item: FormItem): number {
  return lineKopecks(item) / 100;
}

/** Spec §5: the sum of price × quantity, shown with 2 decimals. */
export function formTotal(items: readonly FormItem[]): number {
  return items.reduce((sum, item) => sum + lineKopecks(item), 0) / 100;
}

/** The payload's products: trimmed name, price as a number, quantity as an integer. */
export function toProducts(items: readonly FormItem[]): ProductCreate[] {
  return items.map((item) => ({
    name: item.name.trim(),
    price: parsePrice(item.price) ?? 0,
    quantity: parseQuantity(item.quantity) ?? 0,
  }));
}
