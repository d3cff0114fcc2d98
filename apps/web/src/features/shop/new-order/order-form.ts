import {
  cleanText,
  formatTypedRubles,
  kopecksToRubles,
  lineTotalKopecks,
  MAX_PRICE_RUBLES,
  MAX_QUANTITY,
  MESSAGES,
  PRICE_LIMIT_MESSAGE,
  type ProductCreate,
  parseTypedQuantity,
  parseTypedRubles,
  QUANTITY_LIMIT_MESSAGE,
  rublesToKopecks,
  sumKopecks,
} from '@b2bpay/domain';

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

/**
 * A price as typed the Russian way ('350,10', '350.10', '1 234,50') → kopecks, or null
 * (packages/domain/src/money.ts holds the rule, shared with every other money figure).
 */
const parsePrice = parseTypedRubles;
const parseQuantity = parseTypedQuantity;

/** The price field once left: a valid price is shown the ru-RU way ('1 234,50'); anything else as typed. */
export function displayPrice(value: string): string {
  const kopecks = parsePrice(value);
  return kopecks === null ? value : formatTypedRubles(kopecks);
}

const MAX_PRICE_KOPECKS = rublesToKopecks(MAX_PRICE_RUBLES);

/** The API's rules for a product (ProductCreate), said at the row before anything is sent. */
export function validateItem(item: FormItem): RowErrors {
  const errors: RowErrors = {};
  if (cleanText(item.name) === '') errors.name = MESSAGES.productNameRequired;
  const price = parsePrice(item.price);
  if (price === null) errors.price = MESSAGES.productPriceRequired;
  else if (price > MAX_PRICE_KOPECKS) errors.price = PRICE_LIMIT_MESSAGE;
  const quantity = parseQuantity(item.quantity);
  if (quantity === null || quantity <= 0) errors.quantity = MESSAGES.productQuantityRequired;
  else if (quantity > MAX_QUANTITY) errors.quantity = QUANTITY_LIMIT_MESSAGE;
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
  if (price === null || quantity === null) return 0;
  try {
    return lineTotalKopecks(price, quantity);
  } catch {
    return 0; // beyond safe integers: the server refuses such an order anyway
  }
}

export function itemLineTotal(item: FormItem): number {
  return kopecksToRubles(lineKopecks(item));
}

/** Spec §5: the sum of price × quantity, shown with 2 decimals. */
export function formTotal(items: readonly FormItem[]): number {
  try {
    return kopecksToRubles(sumKopecks(items.map(lineKopecks)));
  } catch {
    return 0;
  }
}

/** The payload's products: name as the server stores it (cleanText), price as a number, quantity as an integer. */
export function toProducts(items: readonly FormItem[]): ProductCreate[] {
  return items.map((item) => ({
    name: cleanText(item.name),
    price: kopecksToRubles(parsePrice(item.price) ?? 0),
    quantity: parseQuantity(item.quantity) ?? 0,
  }));
}
