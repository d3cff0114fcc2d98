/** Spec §4 "Other states": the carousel index moves by one with wrap-around, or jumps to a chosen dot. */
export type CarouselAction = { type: 'next' } | { type: 'prev' } | { type: 'goto'; index: number };

export function carouselIndex(current: number, count: number, action: CarouselAction): number {
  if (count <= 0) return 0;
  switch (action.type) {
    case 'next':
      return (current + 1) % count;
    case 'prev':
      return (current - 1 + count) % count;
    case 'goto':
      return Number.isInteger(action.index) && action.index >= 0 && action.index < count
        ? action.index
        : current;
  }
}

/** A horizontal swipe of at least this many pixels turns the carousel. */
export const SWIPE_THRESHOLD_PX = 40;

/** The carousel action for a touch that moved dx horizontally and dy vertically, if it was a swipe. */
export function swipeAction(dx: number, dy: number): CarouselAction | null {
  if (Math.abs(dx) < SWIPE_THRESHOLD_PX || Math.abs(dx) <= Math.abs(dy)) return null;
  return dx < 0 ? { type: 'next' } : { type: 'prev' };
}
