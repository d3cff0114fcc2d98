const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** Parses a duration such as `72h`, `30s`, `1m` or `250ms` into milliseconds; null when malformed. */
export function parseDuration(text: string): number | null {
  const match = /^\s*(\d+)\s*(ms|s|m|h|d)\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
}

/** Parses a comma-separated schedule such as `1m,5m,15m`; null when any part is malformed. */
export function parseSchedule(text: string): number[] | null {
  const parts = text.split(',').map(parseDuration);
  return parts.every((p): p is number => p !== null) && parts.length > 0 ? parts : null;
}
