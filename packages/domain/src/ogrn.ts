/**
 * ОГРН of a legal entity: 13 digits, the last being the first twelve read as a number, modulo 11,
 * modulo 10 (the tax service's rule; an ОГРНИП has 15 digits and another modulus, not taken here).
 */
export function isValidOgrn(ogrn: string): boolean {
  if (!/^\d{13}$/.test(ogrn) || /^0+$/.test(ogrn)) return false;
  // Twelve digits stay below 2^53: plain numbers are exact here.
  return (Number(ogrn.slice(0, 12)) % 11) % 10 === Number(ogrn[12]);
}
