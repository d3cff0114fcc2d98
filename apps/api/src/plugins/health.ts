import { Health, Readiness } from '@b2bpay/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Database, ping } from '../db/database';
import { pendingMigrations } from '../db/migrate';
import type { Lifecycle } from '../shared/lifecycle';

/** Paths of the probes: never rate-limited, never counted as API traffic by a load balancer's checks. */
export const HEALTH_PATHS = ['/api/health', '/api/health/live', '/api/health/ready'] as const;

/**
 * Three probes. `/api/health` (the database answers) stays as the specification has it;
 * `/api/health/live` says only that the process answers (restart it when this fails);
 * `/api/health/ready` says whether to send it traffic: the database answers, its migrations are all
 * applied and the process is not draining after SIGTERM. It also names the rate limiter's Redis when
 * there is one; Redis out of reach is `degraded`, not a reason to take the process out of service.
 */
export async function registerHealth(
  app: FastifyInstance,
  deps: {
    db: Database;
    lifecycle: Lifecycle;
    /** The rate limiter's Redis (undefined without REDIS_URL); degraded keeps the process ready. */
    redis?: () => 'ok' | 'degraded' | undefined;
  },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/api/health',
    {
      schema: {
        operationId: 'getHealth',
        tags: ['service'],
        summary: 'Жив ли сервис и отвечает ли база',
        security: [],
        response: { 200: Health, 503: Health },
      },
    },
    async (_request, reply) => {
      try {
        await ping(deps.db);
        return { status: 'ok' as const };
      } catch {
        return reply.code(503).send({ status: 'unavailable' as const });
      }
    },
  );
  routes.get(
    '/api/health/live',
    {
      schema: {
        operationId: 'getLiveness',
        tags: ['service'],
        summary: 'Процесс отвечает (liveness)',
        security: [],
        response: { 200: Health },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
  routes.get(
    '/api/health/ready',
    {
      schema: {
        operationId: 'getReadiness',
        tags: ['service'],
        summary: 'Готов ли процесс принимать запросы (readiness)',
        description:
          '200, когда база отвечает, все миграции применены и процесс не останавливается; иначе 503 с причиной. ' +
          'redis: degraded (Redis не отвечает, лимиты считаются в процессе) готовности не отменяет.',
        security: [],
        response: { 200: Readiness, 503: Readiness },
      },
    },
    async (_request, reply) => {
      const redis = deps.redis?.();
      const checks: Readiness['checks'] = {
        database: 'ok',
        migrations: 'ok',
        draining: deps.lifecycle.draining,
        ...(redis ? { redis } : {}),
      };
      try {
        checks.migrations = (await pendingMigrations(deps.db)).length === 0 ? 'ok' : 'pending';
      } catch {
        checks.database = 'unavailable';
        checks.migrations = 'unknown';
      }
      const ready = checks.database === 'ok' && checks.migrations === 'ok' && !checks.draining;
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', checks });
    },
  );
}
