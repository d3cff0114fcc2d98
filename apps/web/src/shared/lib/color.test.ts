// @vitest-environment node
import { STATUS_INFO } from '@b2bpay/domain';
import { describe, expect, it } from 'vitest';
import { badgeColors, contrastRatio, mix } from './color';

describe('status badge colours', () => {
  it.each(Object.values(STATUS_INFO))('$code keeps AA contrast on its tint', ({ color }) => {
    const colors = badgeColors(color);
    expect(contrastRatio(colors.color, colors.background)).toBeGreaterThanOrEqual(4.5);
    expect(colors.dot).toBe(color);
  });

  it('mixes in sRGB', () => {
    expect(mix('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
  });
});
