/**
 * Money is held as integer kopecks and travels as roubles (a JS number) on the wire. Conversions go
 * through decimal strings, never through float multiplication: 350.1 * 100 is 35009.999999999996.
 */

// Non-negative plain decimal with at most 2 fraction digits; exponent forms ('1e+21') never match.
const RUBLES_TEXT = /^(\d+)(?:\.(\d{1,2}))?$/;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

function invalidAmount(value: number | string): RangeError {
  return new RangeError(`Invalid rouble amount: ${String(value)}`);
}

/** String(n) is the shortest decimal that round-trips, i.e. the amount the sender meant. */
function toDecimalText(value: number | string): string | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    // String(-0) is '0', so a negative zero is taken as zero rather than refused as negative.
    return String(value);
  }
  const text = value.trim();
  // A typed '-0' or '-0.00' is still zero; any other sign is a negative amount.
  return /^-0+(?:\.0{1,2})?$/.test(text) ? text.slice(1) : text;
}

function parseKopecks(value: number | string): number | null {
  const text = toDecimalText(value);
  if (text === null) return null;
  const match = RUBLES_TEXT.exec(text);
  if (!match) return null;
  const whole = BigInt(match[1] ?? '0');
  const fraction = BigInt((match[2] ?? '').padEnd(2, '0'));
  const kopecks = whole * 100n + fraction;
  return kopecks > MAX_SAFE ? null : Number(kopecks);
}

/**
 * Exact roubles → kopecks. Accepts a number or a decimal string ('350.10'), non-negative, with at
 * most 2 decimals and a result that is a safe integer; anything else throws RangeError.
 */
export function rublesToKopecks(value: number | string): number {
  const kopecks = parseKopecks(value);
  if (kopecks === null) throw invalidAmount(value);
  return kopecks;
}

/** True exactly when rublesToKopecks(value) would succeed; handy for schema refinements. */
export function isValidRublesAmount(value: number | string): boolean {
  return parseKopecks(value) !== null;
}

/**
 * Whether the decimal form of value has at most 2 fraction digits (sign and size are not checked;
 * rublesToKopecks adds those rules).
 */
export function hasAtMostTwoDecimals(value: number): boolean {
  if (!Number.isFinite(value)) return false;
  if (Number.isInteger(value)) return true;
  return /^-?\d+\.\d{1,2}$/.test(String(value));
}

function assertSafeInteger(value: number, what: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be a safe integer: ${value}`);
}

/** Exact kopecks → roubles: 105060 → 1050.6, with no float division rounding on the way. */
export function kopecksToRubles(kopecks: number): number {
  assertSafeInteger(kopecks, 'Kopecks');
  const abs = Math.abs(kopecks);
  const rest = abs % 100;
  // (abs - rest) is a multiple of 100, so this division is exact even near MAX_SAFE_INTEGER.
  const whole = (abs - rest) / 100;
  const rubles = Number(`${whole}.${String(rest).padStart(2, '0')}`);
  return kopecks < 0 ? -rubles : rubles;
}

/** Price × quantity in kopecks; refuses fractions, negatives and totals beyond safe integers. */
export function lineTotalKopecks(priceKopecks: number, quantity: number): number {
  assertSafeInteger(priceKopecks, 'Price in kopecks');
  assertSafeInteger(quantity, 'Quantity');
  if (priceKopecks < 0 || quantity < 0) throw new RangeError('Price and quantity must not be negative');
  const total = priceKopecks * quantity;
  assertSafeInteger(total, 'Line total in kopecks');
  return total;
}

export function sumKopecks(list: readonly number[]): number {
  let total = 0;
  for (const kopecks of list) {
    assertSafeInteger(kopecks, 'Kopecks');
    total += kopecks;
    assertSafeInteger(total, 'Sum in kopecks');
  }
  return total;
}

const NBSP = '\u00a0';

/**
 * |value| with 2 decimals as Intl.NumberFormat rounds it: half away from zero on the number's shortest
 * decimal form ('1.005' → '1.01', where toFixed, working on the binary value, gives '1.00').
 */
function fixed2(abs: number): string {
  const text = String(abs);
  // Exponent form: below 1e-6 (0.00) or from 1e21 on, beyond any amount; toFixed is exact enough there.
  if (text.includes('e')) return abs.toFixed(2);
  const [whole = '0', fraction = ''] = text.split('.');
  if (fraction.length <= 2) return `${whole}.${fraction.padEnd(2, '0')}`;
  const hundredths = BigInt(`${whole}${fraction.slice(0, 2)}`) + ((fraction[2] ?? '0') >= '5' ? 1n : 0n);
  const digits = hundredths.toString().padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** '1 050,60 ₽', with the non-breaking spaces Intl puts in. */
export function formatRubles(value: number): string {
  return `${formatAmount2(value)}${NBSP}₽`;
}

/**
 * '1 050,60': 2 decimals in the Russian style, without the currency sign — groups of three split by
 * no-break spaces, a decimal comma, a leading '-' below zero (-0 included). Written out rather than with
 * Intl.NumberFormat, which gives the same text (money.test.ts holds them equal) but whose first
 * construction costs about 35 ms of a buyer page's start-up, 150 ms on Lighthouse's emulated phone
 * (bench/RESULTS.md).
 */
export function formatAmount2(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const [whole = '0', fraction = '00'] = fixed2(Math.abs(value)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, NBSP);
  const negative = value < 0 || Object.is(value, -0);
  return `${negative ? '-' : ''}${grouped},${fraction}`;
}

/**
 * '1 000 000': a whole number the ru-RU way, groups of three split by no-break spaces, as Intl gives it
 * (money.test.ts holds them equal) — for counts and limits in messages. A fraction is rounded away.
 */
export function formatWholeNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const whole = Math.round(Math.abs(value));
  const grouped = String(whole).replace(/\B(?=(\d{3})+$)/g, NBSP);
  return whole !== 0 && value < 0 ? `-${grouped}` : grouped;
}

/** '0 ₽', '1 284 000 ₽': whole roubles with a no-break space before the sign, as formatRubles writes it. */
export function formatWholeRubles(value: number): string {
  return `${formatWholeNumber(value)}${NBSP}₽`;
}

// A price typed the Russian way: '350,10', '350.10', '1 234,50' (the groups of three may be split by a
// space, a no-break space or a narrow no-break space), at most 2 decimals, no sign.
const TYPED_RUBLES = /^(\d{1,3}(?:[ \u00a0\u202f]\d{3})+|\d+)(?:[.,](\d{1,2}))?$/;

/**
 * What a person typed into a price field → kopecks, or null when it is not a price. Anything but the
 * forms above (letters, a minus, two separators, three decimals) is refused rather than guessed at.
 */
export function parseTypedRubles(text: string): number | null {
  const match = TYPED_RUBLES.exec(text.trim());
  if (!match) return null;
  const whole = (match[1] ?? '').replace(/[ \u00a0\u202f]/g, '');
  return parseKopecks(match[2] === undefined ? whole : `${whole}.${match[2]}`);
}

/** Kopecks → how a price field shows it once typed: '1 234,50' (ru-RU grouping, 2 decimals). */
export function formatTypedRubles(kopecks: number): string {
  return formatAmount2(kopecksToRubles(kopecks));
}

/** A quantity typed into a field: digits only (spaces around allowed), a safe integer, else null. */
export function parseTypedQuantity(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const quantity = Number(trimmed);
  return Number.isSafeInteger(quantity) ? quantity : null;
}

/**
 * A rouble amount received from the server (a JS number, at most 2 decimals by contract) → kopecks,
 * exactly, through its decimal text. A value outside the contract (negative, NaN, 3 decimals) is
 * rounded to the nearest kopeck rather than throwing, so a view never breaks on one odd row.
 */
export function amountToKopecks(rubles: number): number {
  const exact = parseKopecks(rubles);
  if (exact !== null) return exact;
  const rounded = Number.isFinite(rubles) ? Number(rubles.toFixed(2).replace('.', '')) : 0;
  return Number.isSafeInteger(rounded) ? rounded : 0;
}

/** Σ price × quantity in kopecks for items priced in roubles (the order views and the new-order form). */
export function itemsTotalKopecks(items: readonly { price: number; quantity: number }[]): number {
  return sumKopecks(items.map((item) => lineTotalKopecks(amountToKopecks(item.price), item.quantity)));
}

/**
 * '1050,60' from kopecks: a decimal comma, no grouping and no sign of currency, as spreadsheets in
 * the ru-RU locale and 1C read numbers from CSV. Built from the integer, never through a float.
 */
export function kopecksToDecimalComma(kopecks: number): string {
  assertSafeInteger(kopecks, 'Kopecks');
  const abs = Math.abs(kopecks);
  const rest = abs % 100;
  const text = `${(abs - rest) / 100},${String(rest).padStart(2, '0')}`;
  return kopecks < 0 ? `-${text}` : text;
}
