/**
 * A keyset walk over a list sorted newest (largest key) first: the comparison with the cursor's key and
 * the sort, away from the cursor — towards older rows, or towards newer ones for `ending_before`
 * (`shared/cursor.ts` puts such a page back in the list's order).
 */
export function keysetWalk(cursor: { backwards: boolean } | null | undefined) {
  return cursor?.backwards ? ({ cmp: '>', dir: 'ASC' } as const) : ({ cmp: '<', dir: 'DESC' } as const);
}
