/**
 * Russian plural form: one (1, 21, 101), few (2–4, 22–24) or many (0, 5–20, 25–30, 111–114).
 * Fractions take the few form ('1,5 фильтра'), as CLDR's "other" does in Russian.
 */
export function pluralRu(n: number, forms: readonly [one: string, few: string, many: string]): string {
  const [one, few, many] = forms;
  if (!Number.isInteger(n)) return few;
  const abs = Math.abs(n);
  const lastTwo = abs % 100;
  const last = abs % 10;
  if (lastTwo >= 11 && lastTwo <= 14) return many;
  if (last === 1) return one;
  if (last >= 2 && last <= 4) return few;
  return many;
}

/** Spec §2 order list badge: exactly 'фильтр' for one and 'фильтра' otherwise, not the grammatical rule. */
export function filterWord(n: number): string {
  return n === 1 ? 'фильтр' : 'фильтра';
}
