import { useEffect, useState } from 'react';

/** Spec §9: a code button waits 60 seconds before the next request. */
export const RESEND_COOLDOWN_MS = 60_000;

export function secondsLeft(until: number | null, now: number): number {
  if (until === null) return 0;
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/** Whole seconds left until `until` (epoch ms), re-rendering every second while above zero. */
export function useCountdown(until: number | null): number {
  const [, setTick] = useState(0);
  // Read at render time, so the first paint after a request (or a reload) already shows the right number.
  const left = secondsLeft(until, Date.now());
  useEffect(() => {
    if (until === null || Date.now() >= until) return;
    const timer = setInterval(() => {
      setTick((tick) => tick + 1);
      if (Date.now() >= until) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return left;
}
