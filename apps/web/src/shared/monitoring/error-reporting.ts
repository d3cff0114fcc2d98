/**
 * Error reporting (Sentry) with the options of spec §9. It is loaded by dynamic import only when
 * VITE_SENTRY_DSN is set, so without it no Sentry code is downloaded and every call is a no-op.
 * Calls made before the SDK arrives are queued and replayed once it is ready.
 */
import { type ErrorReportingConfig, isChunkLoadError } from './error-report-rules';

export { type ErrorReportingConfig, getUserId, isChunkLoadError, USER_ID_KEY } from './error-report-rules';

type SentryModule = typeof import('@sentry/react');
type Call = (sentry: SentryModule) => void;

let sentry: SentryModule | null = null;
let queue: Call[] | null = null;

function run(call: Call): void {
  if (sentry) call(sentry);
  else if (queue) queue.push(call);
}

export async function initErrorReporting(config: ErrorReportingConfig): Promise<boolean> {
  if (!config.dsn || sentry || queue) return false;
  queue = [];
  try {
    // The SDK's options come with it (sentry-setup.ts), not with the pages' first load.
    const { startSentry } = await import('./sentry-setup');
    const module = startSentry(config);
    sentry = module;
    for (const call of queue) call(module);
    queue = null;
    return true;
  } catch {
    // Reporting must never break the app it reports on.
    queue = null;
    return false;
  }
}

export function captureError(
  error: unknown,
  context?: { tags?: Record<string, string>; extra?: Record<string, unknown> },
) {
  if (isChunkLoadError(error)) return;
  run((s) => s.captureException(error, { level: 'error', tags: context?.tags, extra: context?.extra }));
}

export function captureMessage(
  message: string,
  context?: { tags?: Record<string, string>; extra?: Record<string, unknown> },
) {
  run((s) => s.captureMessage(message, { level: 'error', tags: context?.tags, extra: context?.extra }));
}

/** The tracking helper of spec §7. */
export function trackEvent(event: string, data?: Record<string, unknown>): void {
  run((s) => s.captureMessage(`User Action: ${event}`, { level: 'info', extra: data }));
}

export function trackPageView(pathname: string): void {
  run((s) => s.addBreadcrumb({ category: 'navigation', message: pathname, level: 'info' }));
}

export function trackError(error: unknown, data?: Record<string, unknown>): void {
  captureError(error, { extra: data });
}

/** Starts a span for a user-visible operation; call the returned function when it ends. */
export function startTransaction(name: string, op = 'ui.action'): () => void {
  let end: (() => void) | null = null;
  let ended = false;
  run((s) => {
    if (ended) return;
    const span = s.startInactiveSpan({ name, op, forceTransaction: true });
    end = () => span.end();
  });
  return () => {
    ended = true;
    end?.();
  };
}

export function initFromEnv(): Promise<boolean> {
  return initErrorReporting({
    dsn: import.meta.env.VITE_SENTRY_DSN,
    environment: import.meta.env.VITE_SENTRY_ENVIRONMENT,
    release: import.meta.env.VITE_APP_VERSION,
    tracesSampleRate: import.meta.env.VITE_SENTRY_TRACES_SAMPLE_RATE,
  });
}
