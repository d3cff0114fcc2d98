import { TEXT } from './messages';
import type { ItemInput } from './payment-data';

export type Size = 'S' | 'M' | 'L';
export type Theme = 'light' | 'dark';

/** The parameters of `B2BPay.init` (spec §3 "Widget parameters"). */
export interface InitOptions {
  /** Where the button goes: an element or a CSS selector. Its content is replaced. */
  container: Element | string;
  apiToken: string;
  items: ItemInput[];
  size?: string;
  theme?: string;
  subtext?: string;
  clientSurname?: string;
  clientName?: string;
  clientMiddlename?: string;
  clientPhone?: string;
  clientEmail?: string;
  webhookUrl?: string;
  /** The shop's page the buyer goes back to («Вернуться в магазин»); the order id is appended. */
  returnUrl?: string;
  /** The shop's page for a buyer who gives up (the cart); the order id is appended. */
  cancelUrl?: string;
  debug?: boolean;
}

/** What the button works from, whichever way it was configured. */
export interface ButtonConfig {
  apiToken: string;
  /** null: payment-data could not be read. */
  items: ItemInput[] | null;
  size: Size;
  theme: Theme;
  subtext: string;
  client: ClientInfo;
  webhookUrl: string;
  returnUrl: string;
  cancelUrl: string;
  debug: boolean;
}

export interface ClientInfo {
  surname?: string;
  name?: string;
  middlename?: string;
  phone_number?: string;
  email?: string;
}

export interface OrderBody {
  products: Array<{ name: string; price: number; quantity: number }>;
  client?: ClientInfo;
  webhook_url?: string;
  return_url?: string;
  cancel_url?: string;
}

export function normalizeSize(value: string | null | undefined): Size {
  const size = (value ?? '').trim().toUpperCase();
  return size === 'S' || size === 'L' ? size : 'M';
}

export function normalizeTheme(value: string | null | undefined): Theme {
  return (value ?? '').trim().toLowerCase() === 'dark' ? 'dark' : 'light';
}

/** `debug`, `debug=""`, `debug="true"` turn logging on; `debug="false"` or `"0"` keep it off. */
export function attributeFlag(value: string | null): boolean {
  if (value === null) return false;
  const text = value.trim().toLowerCase();
  return text !== 'false' && text !== '0' && text !== 'no';
}

export function clientFrom(values: Record<keyof ClientInfo, string | null | undefined>): ClientInfo {
  const client: ClientInfo = {};
  for (const key of Object.keys(values) as Array<keyof ClientInfo>) {
    const value = values[key]?.trim();
    if (value) client[key] = value;
  }
  return client;
}

/** The key problem that stops the button before any request, or null. */
export function keyError(apiToken: string): string | null {
  const key = apiToken.trim();
  if (key === '') return TEXT.noKey;
  if (key.startsWith('sk_')) return TEXT.secretKey;
  return null;
}

// A plain non-negative decimal; a comma is taken as the decimal point (Russian habit).
const PRICE = /^\d+(?:[.,](\d+))?$/;
const QUANTITY = /^\d+$/;

function toText(value: unknown): string {
  return typeof value === 'number' || typeof value === 'string' ? String(value).trim() : '';
}

function itemError(item: ItemInput, index: number): string | null {
  const prefix = `Товар ${index + 1}: `;
  if (typeof item !== 'object' || item === null) return `${prefix}${TEXT.itemName}`;
  if (toText(item.name) === '') return `${prefix}${TEXT.itemName}`;
  const price = PRICE.exec(toText(item.price));
  if (!price) return `${prefix}${TEXT.itemPrice}`;
  if ((price[1] ?? '').length > 2) return `${prefix}${TEXT.itemPriceDecimals}`;
  const quantity = toText(item.quantity);
  if (!QUANTITY.test(quantity) || Number(quantity) < 1) return `${prefix}${TEXT.itemQuantity}`;
  return null;
}

/** Checks the configuration; either the request body or the first problem, in Russian. */
export function buildOrder(config: ButtonConfig): { body: OrderBody } | { error: string } {
  const problem = keyError(config.apiToken);
  if (problem) return { error: problem };
  if (config.items === null) return { error: TEXT.badPaymentData };
  if (config.items.length === 0) return { error: TEXT.noItems };
  for (const [index, item] of config.items.entries()) {
    const error = itemError(item, index);
    if (error) return { error };
  }
  const body: OrderBody = {
    products: config.items.map((item) => ({
      name: toText(item.name),
      price: Number(toText(item.price).replace(',', '.')),
      quantity: Number(toText(item.quantity)),
    })),
  };
  if (Object.keys(config.client).length > 0) body.client = config.client;
  if (config.webhookUrl.trim()) body.webhook_url = config.webhookUrl.trim();
  if (config.returnUrl.trim()) body.return_url = config.returnUrl.trim();
  if (config.cancelUrl.trim()) body.cancel_url = config.cancelUrl.trim();
  return { body };
}

/** The configuration given to `B2BPay.init`. */
export function configFromInit(options: InitOptions): ButtonConfig {
  return {
    apiToken: String(options.apiToken ?? ''),
    items: Array.isArray(options.items) ? options.items : null,
    size: normalizeSize(options.size),
    theme: normalizeTheme(options.theme),
    subtext: options.subtext ?? TEXT.defaultSubtext,
    client: clientFrom({
      surname: options.clientSurname,
      name: options.clientName,
      middlename: options.clientMiddlename,
      phone_number: options.clientPhone,
      email: options.clientEmail,
    }),
    webhookUrl: options.webhookUrl ?? '',
    returnUrl: options.returnUrl ?? '',
    cancelUrl: options.cancelUrl ?? '',
    debug: options.debug === true,
  };
}
