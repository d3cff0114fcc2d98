/** Spec §5 step 2: an optional +7, 7 or 8 followed by 10 digits. */
export const PHONE_PATTERN = /^(\+7|7|8)?\d{10}$/;

/** The canonical form stored and sent to the SMS gateway. */
const NORMALIZED_PHONE = /^\+7\d{10}$/;

/** Checks what the user typed; spaces, brackets and dashes are decoration and are ignored. */
export function isValidPhone(raw: string): boolean {
  return PHONE_PATTERN.test(raw.replace(/[\s()-]/g, ''));
}

/**
 * The ten digits after +7 in what was typed: a leading +7, 7 or 8 is the country prefix (a Russian
 * number's own ten digits never start with 7 or 8 — mobiles start with 9), the rest are the number's.
 * Nothing is cut or shifted: «8 916 123-45-6» gives nine digits, an incomplete number.
 */
export function phoneNationalDigits(raw: string): string {
  const digits = raw.replace(/\D/g, '');
  return /^[78]/.test(digits) ? digits.slice(1) : digits;
}

/**
 * Spec §5 step 2, applied before a code is sent: '+7XXXXXXXXXX' or null when it cannot be made so
 * (11 digits after 8 or 7, or 10 without; ten digits that start with the prefix are nine digits short).
 */
export function normalizePhone(raw: string): string | null {
  // '+' and another country's code (+8 is none) is not a Russian number.
  if (/^\s*\+\D*[^\D7]/.test(raw)) return null;
  const candidate = `+7${phoneNationalDigits(raw)}`;
  return NORMALIZED_PHONE.test(candidate) ? candidate : null;
}

/**
 * The buyer's masked phone field (+7 fixed): what was typed or pasted shown as '+7 916 123-45-67' as far
 * as it goes, separators only between digits (so Backspace always takes a digit). A typed prefix alone
 * is '+7'; digits beyond ten stay, after a space, for the rule to refuse rather than to be cut off.
 */
export function formatPhoneInput(raw: string): string {
  const national = phoneNationalDigits(raw);
  if (national === '') return /^\D*[78]/.test(raw) ? '+7' : '';
  const [, a, b, c, d, rest] = /^(\d{0,3})(\d{0,3})(\d{0,2})(\d{0,2})(\d*)$/.exec(national) ?? [];
  return `+7 ${a}${b && ` ${b}`}${c && `-${c}`}${d && `-${d}`}${rest && ` ${rest}`}`;
}

/**
 * A buyer's phone receives one-time codes, so it must be a Russian mobile: +7 9XX XXX-XX-XX. The rest of
 * +7 is premium-rate (809), freephone (800), geographic landlines (3xx, 4xx, 8xx) or Kazakhstan (6xx,
 * 7xx): codes sent there either cost the shop per message or feed SMS pumping.
 */
const MOBILE_PHONE = /^\+79\d{9}$/;

/** Shown for a well-formed number that is not a mobile (the spec's format message would mislead). */
export const PHONE_NOT_MOBILE_MESSAGE = 'Укажите номер мобильного телефона: +7 9XX XXX-XX-XX';

/** Whether the number (any form normalizePhone takes) is a Russian mobile. */
export function isMobilePhone(raw: string): boolean {
  const phone = normalizePhone(raw);
  return phone !== null && MOBILE_PHONE.test(phone);
}

/**
 * What is wrong with a buyer's phone as typed: 'format' (not the spec's pattern: its message),
 * 'not_mobile' (PHONE_NOT_MOBILE_MESSAGE) or null. Browser and server ask the same question.
 */
export function phoneProblem(raw: string): 'format' | 'not_mobile' | null {
  const phone = normalizePhone(raw);
  if (!isValidPhone(raw) || phone === null) return 'format';
  return MOBILE_PHONE.test(phone) ? null : 'not_mobile';
}

/** '+7 *** ***-**-67': enough to recognise one's own number, not enough to leak it. */
export function maskPhone(raw: string): string {
  const phone = normalizePhone(raw);
  if (phone === null) return '***';
  return `+7 *** ***-**-${phone.slice(-2)}`;
}

/**
 * For display: '+79161234567' (or any form normalizePhone takes) → '+7 916 123-45-67'; anything that
 * is not a Russian phone is shown as given.
 */
export function formatPhone(raw: string): string {
  const phone = normalizePhone(raw);
  return phone === null ? raw : formatPhoneInput(phone);
}
