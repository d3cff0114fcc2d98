import { MESSAGES } from './messages';

/** Check-digit weights of the Russian INN (spec §5). */
const LEGAL_WEIGHTS = [2, 4, 10, 3, 5, 9, 4, 6, 8] as const;
const PERSON_WEIGHTS_11 = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8] as const;
const PERSON_WEIGHTS_12 = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8] as const;

/** What the INN field keeps while typing: digits only, at most 12. */
export function normalizeInnInput(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, 12);
}

function checkDigit(digits: readonly number[], weights: readonly number[]): number {
  let sum = 0;
  weights.forEach((weight, i) => {
    sum += weight * (digits[i] ?? 0);
  });
  return (sum % 11) % 10;
}

function isLegalChecksumOk(digits: readonly number[]): boolean {
  return checkDigit(digits, LEGAL_WEIGHTS) === digits[9];
}

function isPersonChecksumOk(digits: readonly number[]): boolean {
  return (
    checkDigit(digits, PERSON_WEIGHTS_11) === digits[10] &&
    checkDigit(digits, PERSON_WEIGHTS_12) === digits[11]
  );
}

/**
 * The step-1 INN error text, or null when valid. Expects the normalized value (see normalizeInnInput);
 * anything that is not 10 or 12 ASCII digits is a length error.
 */
export function validateInn(inn: string): string | null {
  if (inn.trim() === '') return MESSAGES.innRequired;
  if (!/^(?:\d{10}|\d{12})$/.test(inn)) return MESSAGES.innLength;
  const digits = Array.from(inn, Number);
  // All zeros satisfies both checksums, but no tax office issues it; it is the usual fake input.
  const allZero = /^0+$/.test(inn);
  if (inn.length === 10) return !allZero && isLegalChecksumOk(digits) ? null : MESSAGES.innLegalChecksum;
  return !allZero && isPersonChecksumOk(digits) ? null : MESSAGES.innPersonChecksum;
}

export function isValidInn(inn: string): boolean {
  return validateInn(inn) === null;
}
