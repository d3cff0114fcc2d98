import type { Config } from '../../config';

const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 } as const;

/**
 * One JSON line per event, in the shape Fastify's logger (pino) writes, so API and worker logs read
 * alike. Handlers get no request logger; this honours LOG_LEVEL. Callers mask contacts and never
 * pass message bodies (one-time codes).
 */
export function logLine(
  config: Pick<Config, 'LOG_LEVEL'>,
  level: 'info' | 'warn',
  fields: Record<string, unknown>,
  msg: string,
): void {
  if (config.LOG_LEVEL === 'silent' || LEVELS[level] < LEVELS[config.LOG_LEVEL]) return;
  const line = {
    level: LEVELS[level],
    time: Date.now(),
    pid: process.pid,
    module: 'notifications',
    ...fields,
    msg,
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}
