import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/database';
import { queueStats } from '../modules/jobs';
import { isLoopbackAddress } from '../shared/client-address';
import type { Clock } from '../shared/clock';
import { forbidden } from '../shared/errors';
import { processRegistry } from '../shared/metrics';

/** Loopback (a scraper on the host), or `Authorization: Bearer <METRICS_TOKEN>` when that is set. */
function mayScrape(request: FastifyRequest, token: string | undefined): boolean {
  if (isLoopbackAddress(request.clientAddress)) return true;
  if (!token) return false;
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  const given = Buffer.from(match?.[1] ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

export interface MetricsDeps {
  db: Database;
  clock: Clock;
  /** METRICS_TOKEN: lets a scraper off the host in. */
  token?: string;
  /** The rate limiter's Redis (undefined without REDIS_URL). */
  redis?: () => 'ok' | 'degraded' | undefined;
}

/**
 * `GET /metrics` in the Prometheus text format: the process's own metrics (shared/metrics.ts), the
 * request duration by route template and status, the background queue per lane and job kind (due, running,
 * the oldest due job's age — read from the database at scrape time, so any process tells the
 * truth about the shared queue), and the database pool.
 */
export async function registerMetrics(app: FastifyInstance, deps: MetricsDeps) {
  const registry = new Registry();
  const requestSeconds = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route template and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const gauge = (name: string, help: string) =>
    new Gauge({ name, help, labelNames: ['lane', 'kind'], registers: [registry] });
  const due = gauge('b2bpay_jobs_due', 'Jobs due now and not yet claimed, by lane and kind.');
  const running = gauge('b2bpay_jobs_running', 'Jobs claimed and running, by lane and kind.');
  const oldest = gauge(
    'b2bpay_jobs_oldest_due_age_seconds',
    'How long the oldest due job of a lane and kind has waited past its time.',
  );
  const pool = new Gauge({
    name: 'b2bpay_db_pool_connections',
    help: 'Database pool connections by state (in_use, idle, waiting = requests queued for one).',
    labelNames: ['state'],
    registers: [registry],
  });

  new Gauge({
    name: 'b2bpay_rate_limit_store_degraded',
    help: 'Rate limits counted in this process because Redis (REDIS_URL) does not answer: 1, else 0.',
    registers: [registry],
    collect() {
      this.set(deps.redis?.() === 'degraded' ? 1 : 0);
    },
  });

  async function collectQueueAndPool() {
    for (const g of [due, running, oldest]) g.reset();
    try {
      for (const s of await queueStats(deps.db, deps.clock.now())) {
        const labels = { lane: s.lane, kind: s.kind };
        due.set(labels, s.due);
        running.set(labels, s.running);
        oldest.set(labels, s.oldestDueAgeSeconds);
      }
    } catch {
      // A database that does not answer: the queue gauges stay empty, the readiness probe says why.
    }
    pool.reset();
    const stats = deps.db.poolStats?.();
    if (stats) {
      pool.set({ state: 'in_use' }, stats.total - stats.idle);
      pool.set({ state: 'idle' }, stats.idle);
      pool.set({ state: 'waiting' }, stats.waiting);
    }
  }

  // One series per method, route template and status: its child is looked up by one string instead of
  // prom-client hashing the three labels on every answer. The routes are the app's own templates (or
  // 'unmatched'), so the map stays as small as the series themselves.
  const series = new Map<string, ReturnType<typeof requestSeconds.labels>>();
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route !== '/metrics') {
      const key = `${request.method} ${reply.statusCode} ${route}`;
      let child = series.get(key);
      if (!child) {
        child = requestSeconds.labels({ method: request.method, route, status: String(reply.statusCode) });
        series.set(key, child);
      }
      child.observe(reply.elapsedTime / 1000);
    }
    done();
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!mayScrape(request, deps.token))
      throw forbidden('Метрики доступны только с этого хоста или с METRICS_TOKEN');
    await collectQueueAndPool();
    const merged = Registry.merge([processRegistry, registry]);
    reply.header('content-type', merged.contentType);
    return merged.metrics();
  });
}
