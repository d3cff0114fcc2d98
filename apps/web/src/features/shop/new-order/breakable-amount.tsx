import { Fragment } from 'react';

/**
 * '1 234 567,00 ₽' with a break allowed after each no-break space between digit groups (not before the
 * ₽), so a sum too long for its column wraps between groups rather than inside one.
 */
export function breakableAtGroups(text: string) {
  const parts = text.split('\u00a0');
  return parts.map((part, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, never reordered
    <Fragment key={i}>
      {i > 0 && '\u00a0'}
      {i > 0 && i < parts.length - 1 && <wbr />}
      {part}
    </Fragment>
  ));
}
