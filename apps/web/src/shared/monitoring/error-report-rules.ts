/**
 * What error reporting decides before any SDK is there, shared by error-reporting.ts and the SDK's
 * setup (sentry-setup.ts, loaded lazily by the first): a module of its own so that neither imports
 * the other back.
 */
export const USER_ID_KEY = 'userId';

export interface ErrorReportingConfig {
  dsn?: string;
  environment?: string;
  release?: string;
  tracesSampleRate?: string;
}

/** Chunk-load failures (a stale deploy, a dropped connection) are not bugs and are dropped (spec §2). */
export function isChunkLoadError(value: unknown): boolean {
  if (!value || typeof value !== 'object') return false;
  const error = value as { name?: unknown; message?: unknown };
  const name = typeof error.name === 'string' ? error.name : '';
  const message = typeof error.message === 'string' ? error.message : '';
  return (
    name === 'ChunkLoadError' ||
    /Loading chunk [\w-]+ failed/i.test(message) ||
    /Failed to fetch dynamically imported module/i.test(message) ||
    /error loading dynamically imported module/i.test(message) ||
    /Importing a module script failed/i.test(message)
  );
}

/** The anonymous id that tags error reports (spec §2), created on first use. */
export function getUserId(storage: Storage = localStorage): string {
  try {
    const existing = storage.getItem(USER_ID_KEY);
    if (existing) return existing;
    const id = crypto.randomUUID();
    storage.setItem(USER_ID_KEY, id);
    return id;
  } catch {
    return 'anonymous';
  }
}
