import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Database } from './db/database';
import { registerClientAddress } from './plugins/client-address';
import { registerErrorHandler } from './plugins/error-handler';
import { registerHealth } from './plugins/health';
import { registerMetrics } from './plugins/metrics';
import type { Clock } from './shared/clock';
import type { Lifecycle } from './shared/lifecycle';

/**
 * A worker process has no API; with WORKER_METRICS_PORT it serves the same probes and /metrics as an
 * API process (plugins/health.ts, plugins/metrics.ts) on loopback, for its supervisor and scraper.
 */
export async function startWorkerProbes(options: {
  db: Database;
  clock: Clock;
  lifecycle: Lifecycle;
  port: number;
  metricsToken?: string;
  trustedProxies: readonly string[];
}) {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerClientAddress(app, options.trustedProxies);
  registerErrorHandler(app);
  await registerHealth(app, { db: options.db, lifecycle: options.lifecycle });
  await registerMetrics(app, { db: options.db, clock: options.clock, token: options.metricsToken });
  await app.listen({ port: options.port, host: '127.0.0.1' });
  return app;
}
