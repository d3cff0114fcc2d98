import { DEMO_SHOP } from '@b2bpay/domain';
import { WIDGET_SCRIPT_PATH, type WidgetItem } from './widget-script';

/** The cart the snippets and the live demos sell. */
export const DEMO_ITEMS: WidgetItem[] = [
  { name: 'Бумага офисная А4, 500 листов', price: 350.1, quantity: 3 },
  { name: 'Картридж HP 85A', price: 4990, quantity: 1 },
];

export const DEMO_SUBTEXT = 'Решение за 1 рабочий день';

/**
 * The key the page's widgets use. The shop area's stored token is a secret key, which must never go
 * into a page's HTML; only a publishable key is used as it is. For the demo shop its own publishable
 * key is known; for any other shop the demo key stands in until the shop pastes its own.
 */
export function widgetKeyFor(shopId: string | undefined, storedToken: string | null): string {
  if (shopId && storedToken?.startsWith('pk_')) return storedToken;
  return DEMO_SHOP.publishableKey;
}

/** `payment-data` in its flattened form: items.N.name / items.N.price / items.N.quantity. */
export function flattenItems(items: WidgetItem[]): Record<string, string | number> {
  const flat: Record<string, string | number> = {};
  items.forEach((item, i) => {
    flat[`items.${i}.name`] = item.name;
    flat[`items.${i}.price`] = item.price;
    flat[`items.${i}.quantity`] = item.quantity;
  });
  return flat;
}

/** Escapes a value for an attribute in double quotes ("), or in single quotes (') when asked. */
const escapeAttribute = (value: string, quote: '"' | "'" = '"') =>
  value.replace(/&/g, '&amp;').replace(quote === '"' ? /"/g : /'/g, quote === '"' ? '&quot;' : '&#39;');

export interface SnippetOptions {
  origin: string;
  apiToken: string;
  items?: WidgetItem[];
  size?: 'S' | 'M' | 'L';
  theme?: 'light' | 'dark';
  subtext?: string;
}

/** The `<b2bpay-button>` element alone, as HTML (the demos render exactly this). */
export function webComponentMarkup({
  apiToken,
  items = DEMO_ITEMS,
  size = 'M',
  theme = 'light',
  subtext = DEMO_SUBTEXT,
}: Omit<SnippetOptions, 'origin'>): string {
  return [
    '<b2bpay-button',
    `  api-token="${escapeAttribute(apiToken)}"`,
    `  payment-data='${escapeAttribute(JSON.stringify(flattenItems(items)), "'")}'`,
    `  size="${size}"`,
    `  theme="${theme}"`,
    `  subtext="${escapeAttribute(subtext)}"`,
    '></b2bpay-button>',
  ].join('\n');
}

/** Method 1: the script and the custom element. */
export function webComponentSnippet(options: SnippetOptions): string {
  return `<script src="${options.origin}${WIDGET_SCRIPT_PATH}" async></script>\n\n${webComponentMarkup(options)}\n`;
}

/** Method 2: a container, the script, and B2BPay.init with the parameters of spec §3. */
export function initSnippet({
  origin,
  apiToken,
  items = DEMO_ITEMS,
  size = 'L',
  theme = 'dark',
  subtext = DEMO_SUBTEXT,
}: SnippetOptions): string {
  const js = (value: string) =>
    `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/</g, '\\u003c')}'`;
  const itemLines = items
    .map((item) => `      { name: ${js(item.name)}, price: ${item.price}, quantity: ${item.quantity} },`)
    .join('\n');
  return [
    '<div id="b2bpay-button"></div>',
    `<script src="${origin}${WIDGET_SCRIPT_PATH}"></script>`,
    '<script>',
    '  B2BPay.init({',
    "    container: '#b2bpay-button',",
    `    apiToken: ${js(apiToken)},`,
    '    items: [',
    itemLines,
    '    ],',
    `    size: '${size}',`,
    `    theme: '${theme}',`,
    `    subtext: ${js(subtext)},`,
    '    debug: false,',
    '  });',
    '</script>',
    '',
  ].join('\n');
}
