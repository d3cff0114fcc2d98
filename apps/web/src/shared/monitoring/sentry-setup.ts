import * as Sentry from '@sentry/react';
import { type ErrorReportingConfig, getUserId, isChunkLoadError } from './error-report-rules';

/**
 * Sentry started with the options of spec §9: downloaded with the SDK, only when VITE_SENTRY_DSN is
 * set (error-reporting.ts imports this file lazily).
 */

function parseRate(value: string | undefined, fallback: number): number {
  const rate = value === undefined || value === '' ? Number.NaN : Number(value);
  return Number.isFinite(rate) && rate >= 0 && rate <= 1 ? rate : fallback;
}

export function startSentry(config: ErrorReportingConfig): typeof Sentry {
  Sentry.init({
    dsn: config.dsn,
    environment: config.environment || import.meta.env.MODE,
    release: config.release || '1.0.0',
    tracesSampleRate: parseRate(config.tracesSampleRate, 0.1),
    replaysSessionSampleRate: 0.1,
    replaysOnErrorSampleRate: 1.0,
    maxBreadcrumbs: 100,
    maxValueLength: 8192,
    integrations: [
      Sentry.browserTracingIntegration(),
      // Sentry's own idle pause (5 min) and idle expiry (15 min) are the specification's values.
      Sentry.replayIntegration({ maskAllText: true, maskAllInputs: true, blockAllMedia: true }),
    ],
    beforeSend(event, hint) {
      const original = hint.originalException;
      const first = event.exception?.values?.[0];
      if (isChunkLoadError(original) || isChunkLoadError({ name: first?.type, message: first?.value }))
        return null;
      return event;
    },
  });
  Sentry.setUser({ id: getUserId() });
  return Sentry;
}
