import type { WebhookEndpointHealth } from './webhook-health';

/** A moment's local day ('YYYY-MM-DD') and time ('ЧЧ:ММ', 24-hour) for the date picker and the time field. */
export function localDayAndTime(at: Date): { day: string; time: string } {
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    day: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
    time: `${pad(at.getHours())}:${pad(at.getMinutes())}`,
  };
}

/** 'ЧЧ:ММ' on the 24-hour clock, 00:00–23:59 (a lone-digit hour is taken: «9:05»). */
const TIME = /^([01]?\d|2[0-3]):([0-5]\d)$/;

export const TIME_INVALID = 'Время — в виде ЧЧ:ММ, от 00:00 до 23:59';

/**
 * The local day and time as an ISO 8601 instant; `day` when no day is chosen, `time` when the time is
 * not ЧЧ:ММ on the 24-hour clock — whatever the browser's language, the field is plain text.
 */
export function sinceIso(day: string | null, time: string): { iso: string } | { error: 'day' | 'time' } {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return { error: 'day' };
  const match = TIME.exec(time.trim());
  if (!match) return { error: 'time' };
  const at = new Date(`${day}T${match[1]?.padStart(2, '0')}:${match[2]}`);
  return Number.isNaN(at.getTime()) ? { error: 'day' } : { iso: at.toISOString() };
}

export type HealthState = 'none' | 'failing' | 'paused' | 'retrying' | 'ok';

/**
 * What the card says about the address: failing for good beats paused beats deliveries waiting for a
 * retry beats healthy. «Принимает вебхуки» only when nothing waits to be tried again and none failed.
 */
export function healthState(health: WebhookEndpointHealth): HealthState {
  if (!health.url) return 'none';
  if (health.failing) return 'failing';
  if (health.paused_until) return 'paused';
  if (health.retrying_deliveries > 0) return 'retrying';
  return 'ok';
}
