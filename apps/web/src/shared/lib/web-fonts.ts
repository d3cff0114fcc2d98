/**
 * The web fonts of the pre-rendered pages (the landing and the buyer's) come after the page (see
 * splitWebFonts in app/prerender/html.ts): their @font-face rules sit in a stylesheet linked for print
 * only. Switching that stylesheet on would let
 * every font file swap in on its own, and each swap lays the page's text out again — on a slow phone
 * three long tasks right after hydration (total blocking time). So the faces the page's text
 * needs are loaded first and then added together: one swap, one layout. The pages' entries schedule
 * it with web-fonts-after-load.ts, which downloads this file only then.
 */

/**
 * A pattern matching any character of a CSS unicode-range ("U+400-45F, U+1F??, U+2116"); null when the
 * range has no part it understands.
 */
export function unicodeRangePattern(range: string): RegExp | null {
  const classes: string[] = [];
  for (const part of range.split(',')) {
    const bounds = /^\s*U\+([0-9a-f?]{1,6})(?:-([0-9a-f]{1,6}))?\s*$/i.exec(part);
    if (!bounds?.[1]) continue;
    const first = Number.parseInt(bounds[1].replaceAll('?', '0'), 16);
    const last = Number.parseInt(bounds[2] ?? bounds[1].replaceAll('?', 'f'), 16);
    classes.push(`\\u{${first.toString(16)}}-\\u{${last.toString(16)}}`);
  }
  return classes.length > 0 ? new RegExp(`[${classes.join('')}]`, 'u') : null;
}

function fontFaceOf(rule: CSSFontFaceRule): FontFace {
  const style = rule.style;
  const descriptor = (name: string) => style.getPropertyValue(name) || undefined;
  // The rule serialises the family quoted ("Inter Variable"); FontFace takes the bare name.
  const family = style.getPropertyValue('font-family').replace(/^(["'])(.*)\1$/, '$2');
  return new FontFace(family, style.getPropertyValue('src'), {
    style: descriptor('font-style'),
    weight: descriptor('font-weight'),
    display: descriptor('font-display') as FontDisplay | undefined,
    unicodeRange: descriptor('unicode-range'),
  });
}

/**
 * Loads the faces of the fonts stylesheet that the text needs and adds them to the document at once.
 * Should the stylesheet's rules be unreadable, it is simply switched on; should a file fail to load,
 * the text stays in the fallback font.
 */
export async function loadWebFonts(link: HTMLLinkElement, text: string): Promise<void> {
  let faces: FontFace[];
  try {
    const rules = link.sheet ? [...link.sheet.cssRules] : [];
    faces = rules.filter((rule) => rule instanceof CSSFontFaceRule).map(fontFaceOf);
  } catch {
    faces = [];
  }
  if (faces.length === 0) {
    link.media = 'all';
    return;
  }
  const needed = faces.filter((face) => unicodeRangePattern(face.unicodeRange)?.test(text) ?? true);
  try {
    await Promise.all(needed.map((face) => face.load()));
  } catch {
    return;
  }
  for (const face of needed) document.fonts.add(face);
}
