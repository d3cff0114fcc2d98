import { MESSAGES } from './messages';

/**
 * Said under a checksum error (its own module: the buyer's step 2 loads inn.ts with step 1's rules,
 * and has no INN field to explain): the spec's texts name the length, «(10 цифр)», which a buyer who typed
 * ten digits reads as «wrong length»; the digits are there, one of them is wrong.
 */
export const INN_CHECKSUM_HINT =
  'Количество цифр верное, но контрольная цифра не сходится — проверьте, нет ли опечатки.';

/** The explanation to show under an INN error, or null when the error says it all. */
export function innErrorHint(error: string | null | undefined): string | null {
  return error === MESSAGES.innLegalChecksum || error === MESSAGES.innPersonChecksum
    ? INN_CHECKSUM_HINT
    : null;
}
