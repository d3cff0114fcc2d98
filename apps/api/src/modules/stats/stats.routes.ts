import { Stats, StatsQuery } from '@b2bpay/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { errorResponses, SHOP_AUTH } from '../../shared/route-schemas';
import type { Authenticator } from '../auth';
import { shopStats } from './stats.service';

export async function statsRoutes(app: FastifyInstance, deps: AppDeps & { auth: Authenticator }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/stats',
    {
      config: { permission: 'orders.read' },
      schema: {
        operationId: 'getStats',
        tags: ['shop area'],
        summary: 'Статистика магазина за период',
        description:
          'date_from / date_to — дни ГГГГ-ММ-ДД по Москве (по умолчанию последние 30 дней), не длиннее 366 дней.',
        security: SHOP_AUTH,
        querystring: StatsQuery,
        response: { 200: Stats, ...errorResponses(400, 401, 403, 429, 500) },
      },
    },
    async (request) => {
      const auth = await deps.auth.require(request);
      return shopStats(deps, auth.shop.id, request.query);
    },
  );
}
