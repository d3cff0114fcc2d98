/**
 * UTF-8 text to windows-1251 bytes, for the module's build for windows-1251 Bitrix sites. The table is
 * the WHATWG one (Node's TextDecoder decodes each of the 256 bytes); a character the charset lacks
 * (₽, ×, emoji) stops the build with where it is, instead of turning into «?» on a shop's site.
 */
const decoder = new TextDecoder('windows-1251');
const BYTE_OF = new Map<number, number>();
for (let byte = 0; byte < 256; byte += 1) {
  const char = decoder.decode(Uint8Array.of(byte));
  const code = char.codePointAt(0);
  if (char !== '\uFFFD' && code !== undefined && !BYTE_OF.has(code)) BYTE_OF.set(code, byte);
}

export function encodeWindows1251(text: string, where: string): Buffer {
  const out: number[] = [];
  let line = 1;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    const byte = BYTE_OF.get(code);
    if (byte === undefined) {
      const hex = code.toString(16).toUpperCase().padStart(4, '0');
      throw new Error(`${where}:${line}: «${char}» (U+${hex}) is not in windows-1251`);
    }
    if (char === '\n') line += 1;
    out.push(byte);
  }
  return Buffer.from(out);
}

export function decodeWindows1251(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}
