/**
 * The sites allowed to embed the shop's widget, as the settings page checks them while they are typed
 * and the API stores them. Apart from the contract (contract/webhooks.ts re-exports them), so that the
 * settings page does not carry the contract's zod schemas.
 */
export const MAX_WIDGET_ORIGINS = 20;
export const WIDGET_ORIGIN_INVALID = 'Ожидается адрес сайта вида https://shop.ru (без пути)';

export const WIDGET_ORIGINS_TOO_MANY = `Не больше ${MAX_WIDGET_ORIGINS} сайтов`;

/**
 * The site as stored (`https://host[:port]`, lower-cased, no trailing slash), or null when the text is
 * not one. The settings page checks what is typed with this same function before it is sent.
 */
export function normalizeWidgetOrigin(text: string): string | null {
  const v = text.trim().toLowerCase().replace(/\/$/, '');
  if (v.length > 300) return null;
  try {
    const url = new URL(v);
    return url.protocol === 'https:' && url.origin === v ? v : null;
  } catch {
    return null;
  }
}

/**
 * A site as a person types it, turned into the origin a browser sends (what the API stores), or null:
 * `https://` is added when no scheme is given, and an international domain («https://магазин.рф»)
 * becomes its punycode (`https://xn--80aairftm.xn--p1ai`) through the URL parser. Only `https:`, and
 * nothing after the host but one `/`.
 */
export function widgetOriginFromInput(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.length > 300) return null;
  const withScheme = /^[a-z][a-z\d+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  // `?` and `#` vanish from an empty query or fragment in the parsed URL: refuse them as typed.
  if (/[?#]/.test(withScheme)) return null;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return null;
  if (url.pathname !== '/' || /^https:\/\/[^/]+\/./i.test(withScheme)) return null;
  return normalizeWidgetOrigin(url.origin);
}
