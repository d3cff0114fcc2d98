/**
 * When a call to B2BPay that failed (network error, 5xx, 429) is tried again: 1 s, 5 s, 30 s, 2 min,
 * 10 min after the failures, then every 10 minutes, for at most 24 hours of waiting in all.
 */
export const RETRY_DELAYS_MS: readonly number[] = [1_000, 5_000, 30_000, 120_000, 600_000];
export const RETRY_EVERY_MS = 600_000;
export const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * The wait before the next try after `failures` failed ones (1 for the first), given the time already
 * spent waiting between tries; null once that would pass the 24-hour window (the work is given up).
 */
export function nextRetryDelayMs(failures: number, waitedMs: number): number | null {
  const delay = RETRY_DELAYS_MS[failures - 1] ?? RETRY_EVERY_MS;
  return waitedMs + delay > RETRY_WINDOW_MS ? null : delay;
}
