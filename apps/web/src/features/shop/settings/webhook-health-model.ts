import type { WebhookEndpointHealth } from './webhook-health';

/** `<input type="datetime-local">` value (local time, minutes) for a moment. */
export function localDateTimeValue(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** The input's local value as an ISO 8601 instant, or null when it is empty or not a date. */
export function sinceIso(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
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
