/**
 * Bidi embedding, override and isolate controls and the direction marks: they reorder how a
 * name is shown (a spoofed organisation or product name, "Trojan Source"), so they are never stored.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
/**
 * Characters that show nothing: soft hyphen, zero-width space, non-joiner and joiner, word joiner and
 * the invisible operators, byte-order mark, Mongolian vowel separator, Hangul fillers. A value made
 * only of them (and spaces) is empty.
 */
const INVISIBLE = '\u00AD\u115F\u1160\u180E\u200B-\u200D\u2060-\u2064\u3164\uFEFF\uFFA0';
const EDGES = new RegExp(`^[\\s${INVISIBLE}]+|[\\s${INVISIBLE}]+$`, 'g');

/**
 * Code points that render as nothing (Unicode's Default_Ignorable_Code_Point: joiners, variation
 * selectors, tags, Hangul fillers — some of which are letters to `\p{L}`). They never make a value
 * say something.
 */
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** Whether the text says anything: a letter or a digit, of any script, that is not an ignorable one. */
export function hasLetterOrDigit(value: string): boolean {
  return LETTER_OR_DIGIT.test(value.replace(IGNORABLE, ''));
}

/**
 * What a text field stores: bidi controls removed, spaces and invisible characters trimmed from both
 * ends, and nothing at all when what is left has no letter or digit (a name of braille blanks,
 * variation selectors or tag characters shows as nothing). A required field whose cleaned value is
 * empty gets its own required-message, and the answer echoes the cleaned value, which is what was
 * stored.
 */
export function cleanText(value: string): string {
  const trimmed = trimText(value);
  return hasLetterOrDigit(trimmed) ? trimmed : '';
}

/**
 * Bidi controls removed and the ends trimmed, without the letter-or-digit rule: for identifiers a
 * shop's own system chooses (`external_id`), which are compared as given and need not be words.
 */
export function trimText(value: string): string {
  return value.replace(BIDI_CONTROLS, '').replace(EDGES, '');
}
