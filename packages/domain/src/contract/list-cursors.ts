import { z } from 'zod';

/**
 * The cursors every list of the API takes, as Stripe's: `starting_after` (the next page after an item)
 * and `ending_before` (the page just before an item). One of them at a time; the API's shared helper
 * (`apps/api/src/shared/cursor.ts`) refuses both together and an id the list does not hold.
 */
export const CURSORS_TOGETHER =
  'starting_after и ending_before вместе нельзя: укажите один курсор — следующая страница или предыдущая';

/**
 * The two cursor parameters of a list of `what` (genitive: «заказа», «записи», «заявки»); `note` ends
 * both descriptions (a rule of that list).
 */
export function listCursors(what: string, note = '') {
  const tail = note ? ` ${note}` : '';
  return {
    starting_after: z
      .uuid({ error: `starting_after: ожидается id ${what} (UUID)` })
      .optional()
      .meta({
        description:
          `id ${what} в конце предыдущей страницы: вернутся следующие по списку ` +
          `(страницы не сдвигаются, когда приходят новые). Вместе с ending_before нельзя.${tail}`,
      }),
    ending_before: z
      .uuid({ error: `ending_before: ожидается id ${what} (UUID)` })
      .optional()
      .meta({
        description:
          `id ${what} в начале текущей страницы: вернётся страница перед ним — до limit штук, в обычном ` +
          `порядке списка; has_more — есть ли ещё перед ней. Вместе с starting_after нельзя.${tail}`,
      }),
  };
}
