import { useEffect, useState } from 'react';

/** Spec §9: every counter ticks in about 60 steps, one every duration / 60 ms. */
export const COUNTER_STEPS = 60;

/** The value shown after `tick` of `steps` ticks: a whole number that rises evenly and ends on target. */
export function counterValueAt(target: number, tick: number, steps = COUNTER_STEPS): number {
  if (tick <= 0) return 0;
  if (tick >= steps) return target;
  return Math.floor((target * tick) / steps);
}

export function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * Counts from 0 to target over durationMs once `running` turns true. With reduced motion (or no
 * duration) the target is shown at once.
 */
export function useCountUp(target: number, durationMs: number, running: boolean): number {
  const [value, setValue] = useState(0);
  useEffect(() => {
    if (!running) return;
    if (durationMs <= 0 || prefersReducedMotion()) {
      setValue(target);
      return;
    }
    let tick = 0;
    const timer = setInterval(() => {
      tick += 1;
      setValue(counterValueAt(target, tick));
      if (tick >= COUNTER_STEPS) clearInterval(timer);
    }, durationMs / COUNTER_STEPS);
    return () => clearInterval(timer);
  }, [target, durationMs, running]);
  return value;
}
