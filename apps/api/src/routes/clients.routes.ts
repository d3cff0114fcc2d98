import { Client, ClientPatch, OrderIdParams } from '@b2bpay/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../deps';
import { errorResponses } from '../shared/route-schemas';
import { saveBuyerDetails } from '../workflows/save-buyer-details';
import {
  classifyPatch,
  requestEmailCode,
  requestPhoneCode,
  submitApplication,
} from '../workflows/submit-application';

export async function clientsRoutes(app: FastifyInstance, deps: AppDeps) {
  app.withTypeProvider<ZodTypeProvider>().patch(
    '/api/order/orders/:order_id/client',
    {
      schema: {
        operationId: 'updateOrderClient',
        tags: ['buyer'],
        summary: 'Анкета покупателя',
        description:
          'Четыре применения: сохранить шаг 1 (surname, name, middlename, inn, organization_name); ' +
          'запросить код на телефон (client_id + phone_number); запросить код на e-mail (client_id + email); ' +
          'отправить заявку (все поля + sms_code_input + email_code_input + personal_data_consent: true + ' +
          'bank_transfer_consent: true). Коды: 6 цифр, 10 минут, не чаще раза в 60 с и 5 в час на адрес (429). ' +
          'Без ключа: ссылка на заказ — это и есть доступ. Пока заказ ожидает данные клиента.',
        security: [],
        params: OrderIdParams,
        body: ClientPatch,
        response: { 200: Client, ...errorResponses(400, 404, 409, 413, 415, 429, 500) },
      },
    },
    async (request) => {
      const { order_id: orderId } = request.params;
      const meta = { ip: request.clientAddress, userAgent: request.headers['user-agent'] ?? null };
      switch (classifyPatch(request.body)) {
        case 'phone_code':
          return requestPhoneCode(deps, orderId, request.body, meta);
        case 'email_code':
          return requestEmailCode(deps, orderId, request.body, meta);
        case 'submit':
          return submitApplication(deps, orderId, request.body, meta);
        default:
          return saveBuyerDetails(deps, orderId, request.body);
      }
    },
  );
}
