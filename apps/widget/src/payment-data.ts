/** One line of the order as the shop wrote it: prices and quantities may still be text from an attribute. */
export interface ItemInput {
  name?: unknown;
  price?: unknown;
  quantity?: unknown;
}

const FLAT_KEY = /^items\.(\d+)\.(name|price|quantity)$/;

function fromFlat(entries: Iterable<[string, unknown]>): ItemInput[] {
  const items: ItemInput[] = [];
  for (const [key, value] of entries) {
    const match = FLAT_KEY.exec(key.trim());
    if (!match) continue;
    const index = Number(match[1]);
    const field = match[2] as keyof ItemInput;
    items[index] = { ...items[index], [field]: value };
  }
  // Gaps in the numbering (items.0, items.2) are skipped rather than sent as empty lines.
  return items.filter((item) => item !== undefined);
}

/**
 * Reads the `payment-data` attribute: flattened keys `items.N.name`, `items.N.price`,
 * `items.N.quantity`, either as a JSON object (`{"items.0.name":"…"}`) or as a query string
 * (`items.0.name=…&items.0.price=…`). A nested `{"items":[…]}` or a bare array is accepted too.
 * Returns null when the text is not readable at all.
 */
export function parsePaymentData(text: string | null): ItemInput[] | null {
  const value = (text ?? '').trim();
  if (value === '') return [];
  if (value.startsWith('{') || value.startsWith('[')) {
    let data: unknown;
    try {
      data = JSON.parse(value);
    } catch {
      return null;
    }
    if (Array.isArray(data)) return data as ItemInput[];
    if (data === null || typeof data !== 'object') return null;
    const items = (data as { items?: unknown }).items;
    if (Array.isArray(items)) return items as ItemInput[];
    return fromFlat(Object.entries(data));
  }
  return fromFlat(new URLSearchParams(value).entries());
}
