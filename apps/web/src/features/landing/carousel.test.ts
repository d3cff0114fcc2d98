// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { carouselIndex, SWIPE_THRESHOLD_PX, swipeAction } from './carousel';

describe('carousel index', () => {
  it('moves by one and wraps around both ways', () => {
    expect(carouselIndex(0, 4, { type: 'next' })).toBe(1);
    expect(carouselIndex(3, 4, { type: 'next' })).toBe(0);
    expect(carouselIndex(0, 4, { type: 'prev' })).toBe(3);
    expect(carouselIndex(2, 4, { type: 'prev' })).toBe(1);
  });

  it('jumps to a chosen dot and ignores a dot that does not exist', () => {
    expect(carouselIndex(0, 4, { type: 'goto', index: 2 })).toBe(2);
    expect(carouselIndex(1, 4, { type: 'goto', index: 4 })).toBe(1);
    expect(carouselIndex(1, 4, { type: 'goto', index: -1 })).toBe(1);
    expect(carouselIndex(1, 4, { type: 'goto', index: 1.5 })).toBe(1);
  });

  it('stays at 0 with nothing to show', () => {
    expect(carouselIndex(0, 0, { type: 'next' })).toBe(0);
  });
});

describe('swipe', () => {
  it('turns to the next item on a left swipe and the previous on a right swipe', () => {
    expect(swipeAction(-SWIPE_THRESHOLD_PX - 1, 5)).toEqual({ type: 'next' });
    expect(swipeAction(SWIPE_THRESHOLD_PX + 1, -5)).toEqual({ type: 'prev' });
  });

  it('ignores short moves and vertical scrolling', () => {
    expect(swipeAction(-10, 0)).toBeNull();
    expect(swipeAction(-60, 120)).toBeNull();
  });
});
