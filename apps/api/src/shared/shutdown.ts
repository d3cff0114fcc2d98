import type { FastifyInstance } from 'fastify';
import type { Lifecycle } from './lifecycle';

export interface Stoppable {
  /** Stops taking new work and ends the running work within `graceMs` (see jobs/worker.ts). */
  stop(graceMs?: number): Promise<unknown>;
}

/**
 * SIGTERM for an API process: not ready at once (the readiness probe answers 503), the listening
 * socket closes and idle keep-alive connections with it, open live streams end with a `retry:` hint
 * (live.routes.ts, on the app's preClose) so browsers reconnect elsewhere and replay by
 * Last-Event-ID, in-flight requests finish — and whatever is still running after `graceMs` has its
 * connection cut. The inline worker stops beside it the same way.
 */
export async function drainAndClose(options: {
  app: FastifyInstance;
  lifecycle: Lifecycle;
  graceMs: number;
  worker?: Stoppable | null;
}): Promise<{ cutOff: boolean }> {
  const { app, lifecycle, graceMs, worker } = options;
  lifecycle.startDrain();
  let cutOff = false;
  const timer = setTimeout(() => {
    cutOff = true;
    app.server.closeAllConnections();
  }, graceMs);
  try {
    await Promise.all([app.close(), worker?.stop(graceMs)]);
  } finally {
    clearTimeout(timer);
  }
  return { cutOff };
}
