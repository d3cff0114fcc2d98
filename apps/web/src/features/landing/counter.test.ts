import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COUNTER_STEPS, counterValueAt, useCountUp } from './counter';

function stubReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({ matches: reduce && query.includes('reduce'), media: query })),
  );
}

describe('counter ticks', () => {
  it('rises evenly in 60 steps and ends exactly on the target', () => {
    expect(COUNTER_STEPS).toBe(60);
    expect(counterValueAt(100, 0)).toBe(0);
    expect(counterValueAt(100, 30)).toBe(50);
    expect(counterValueAt(45, 59)).toBe(44);
    expect(counterValueAt(45, 60)).toBe(45);
    expect(counterValueAt(24, 61)).toBe(24);
    const values = Array.from({ length: 61 }, (_, tick) => counterValueAt(24, tick));
    expect(values.every((v, i) => i === 0 || v >= (values[i - 1] ?? 0))).toBe(true);
  });
});

describe('useCountUp', () => {
  afterEach(() => vi.useRealTimers());

  it('waits until started, then counts to the target over the duration in about 60 ticks', () => {
    vi.useFakeTimers();
    stubReducedMotion(false);
    const { result, rerender } = renderHook(({ running }) => useCountUp(100, 2000, running), {
      initialProps: { running: false },
    });
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current).toBe(0);

    rerender({ running: true });
    const seen = new Set<number>();
    for (let elapsed = 0; elapsed < 2000; elapsed += 2000 / 60) {
      act(() => vi.advanceTimersByTime(2000 / 60));
      seen.add(result.current);
    }
    act(() => vi.advanceTimersByTime(100));
    expect(result.current).toBe(100);
    // One new value per tick: about 60 distinct steps, not a jump.
    expect(seen.size).toBeGreaterThanOrEqual(55);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('is halfway after half the duration', () => {
    vi.useFakeTimers();
    stubReducedMotion(false);
    const { result } = renderHook(() => useCountUp(45, 1800, true));
    act(() => vi.advanceTimersByTime(900));
    expect(result.current).toBeGreaterThanOrEqual(21);
    expect(result.current).toBeLessThanOrEqual(23);
  });

  it('shows the target at once with reduced motion', () => {
    vi.useFakeTimers();
    stubReducedMotion(true);
    const { result } = renderHook(() => useCountUp(24, 1500, true));
    expect(result.current).toBe(24);
    expect(vi.getTimerCount()).toBe(0);
  });
});
