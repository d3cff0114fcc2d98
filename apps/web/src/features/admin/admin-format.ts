import { formatDateTime, formatWholeNumber } from '@b2bpay/domain';

/** The back office's staff work on Moscow time, wherever their browser is. */
export const MOSCOW = 'Europe/Moscow';

/** '22.11.2026 14:05' on Moscow time; the empty-date text for null. */
export function moscowDateTime(value: string | null | undefined): string {
  return formatDateTime(value, MOSCOW);
}

/**
 * A decision time: '2 ч 05 мин' from an hour on, '12 мин' below it (a part-minute counts as a whole
 * one, so a decision in 20 seconds reads '1 мин', not '0 мин'); '—' when there is none yet.
 */
export function formatDuration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return '—';
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `${minutes} мин`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `${formatWholeNumber(hours)} ч ${String(rest).padStart(2, '0')} мин`;
}

/** A share 0…1 as whole percent the Russian way: '87 %'; '—' when nothing was sent yet. */
export function formatRate(rate: number | null): string {
  if (rate === null || !Number.isFinite(rate)) return '—';
  return `${Math.round(rate * 100)}\u00a0%`;
}
