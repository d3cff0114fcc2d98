import { Client, ClientPatch, OrderIdParams } from '@b2bpay/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { errorResponses } from '../../shared/route-schemas';
import * as service from './clients.service';

export async function clientsRoutes(app: FastifyInstance, deps: AppDeps) {
  app.withTypeProvider<ZodTypeProvider>().patch(
    '/api/order/orders/:order_id/client',
    {
      schema: {
        tags: ['buyer'],
        summary: 'Анкета покупателя',
        description:
          'Сохранить шаг 1 (surname, name, middlename, inn, organization_name). ' +
          'Без ключа: ссылка на заказ — это и есть доступ. Пока заказ ожидает данные клиента.',
        params: OrderIdParams,
        body: ClientPatch,
        response: { 200: Client, ...errorResponses(400, 404, 409, 429, 500) },
      },
    },
    async (request) => service.saveStep1(deps, request.params.order_id, request.body),
  );
}
