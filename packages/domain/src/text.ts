/**
 * Bidi embedding, override and isolate controls and the direction marks (issue 16): they reorder how a
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
 * What a text field stores: bidi controls removed, spaces and invisible characters trimmed from both
 * ends. A required field whose cleaned value is empty gets its own required-message, and the answer
 * echoes the cleaned value, which is what was stored.
 */
export function cleanText(value: string): string {
  return value.replace(BIDI_CONTROLS, '').replace(EDGES, '');
}
