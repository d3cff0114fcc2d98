/** sRGB helpers for the status badge: a light tint of the status colour and a text shade that keeps AA contrast. */
type Rgb = [number, number, number];

export function hexToRgb(hex: string): Rgb {
  const value = hex.replace('#', '');
  const full = value.length === 3 ? [...value].map((c) => c + c).join('') : value;
  const n = Number.parseInt(full, 16);
  if (full.length !== 6 || Number.isNaN(n)) throw new RangeError(`Not a hex colour: ${hex}`);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function rgbToHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** Mixes `hex` towards `target` by `amount` (0 keeps hex, 1 gives target). */
export function mix(hex: string, target: string, amount: number): string {
  const a = hexToRgb(hex);
  const b = hexToRgb(target);
  return rgbToHex([0, 1, 2].map((i) => (a[i] ?? 0) + ((b[i] ?? 0) - (a[i] ?? 0)) * amount) as Rgb);
}

function luminance(hex: string): number {
  const [r, g, b] = hexToRgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Background tint and readable text for a status colour; the text is darkened until it reaches 4.5:1. */
export function badgeColors(hex: string): { background: string; color: string; dot: string } {
  const background = mix(hex, '#ffffff', 0.86);
  let amount = 0.4;
  let color = mix(hex, '#000000', amount);
  while (contrastRatio(color, background) < 4.7 && amount < 0.95) {
    amount += 0.05;
    color = mix(hex, '#000000', amount);
  }
  return { background, color, dot: hex };
}
