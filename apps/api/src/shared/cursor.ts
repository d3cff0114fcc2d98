import { CURSORS_TOGETHER } from '@b2bpay/domain';
import { validationError } from './errors';

/**
 * The one cursor rule of every list (Stripe's): `starting_after` gives the page after an item,
 * `ending_before` the page just before it (up to `limit` items, in the list's usual order, `has_more`
 * telling whether more exist further back); both together, or an id the list does not hold, is a 400.
 */
export interface PageCursor {
  /** The query parameter that named the cursor (the error's field). */
  field: 'starting_after' | 'ending_before';
  id: string;
  /** ending_before: the repository reads away from the cursor against the list's order. */
  backwards: boolean;
}

export function pageCursor(query: {
  starting_after?: string | undefined;
  ending_before?: string | undefined;
}): PageCursor | null {
  if (query.starting_after && query.ending_before) throw validationError('ending_before', CURSORS_TOGETHER);
  if (query.ending_before) return { field: 'ending_before', id: query.ending_before, backwards: true };
  if (query.starting_after) return { field: 'starting_after', id: query.starting_after, backwards: false };
  return null;
}

/**
 * The cursor with its item's sort key, found by `find` (null when the list does not hold that id: it
 * does not exist or is another owner's), else a 400 naming the parameter: «ending_before: <unknown>».
 */
export async function resolveCursor<K>(
  cursor: PageCursor | null,
  find: (id: string) => Promise<K | null | undefined>,
  unknown: string,
): Promise<(PageCursor & { key: K }) | null> {
  if (!cursor) return null;
  const key = await find(cursor.id);
  if (key === null || key === undefined) throw validationError(cursor.field, `${cursor.field}: ${unknown}`);
  return { ...cursor, key };
}

/** Refuses a cursor beside an offset page (`page > 1`): the cursor already says where the page is. */
export function assertNoOffset(cursor: PageCursor | null, page: number) {
  if (cursor && page > 1)
    throw validationError(
      cursor.field,
      `${cursor.field} и page > 1 вместе нельзя: курсор уже задаёт страницу`,
    );
}

/**
 * The page from `limit + 1` rows read walking away from the cursor — in the list's order, or against
 * it for `ending_before` — in the list's order; the extra row says more exist in that direction.
 */
export function pageOf<T>(
  rows: readonly T[],
  limit: number,
  cursor: { backwards: boolean } | null,
): { items: T[]; has_more: boolean } {
  const page = rows.slice(0, limit);
  return { items: cursor?.backwards ? page.reverse() : page, has_more: rows.length > limit };
}
