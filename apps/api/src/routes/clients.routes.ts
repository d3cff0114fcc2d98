import { Client, ClientCodeCheck, ClientCodeValid, ClientPatch, OrderIdParams } from '@b2bpay/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../deps';
import { errorResponses } from '../shared/route-schemas';
import { checkBuyerCode } from '../workflows/check-buyer-code';
import { requestEmailCode, requestPhoneCode } from '../workflows/request-buyer-code';
import { saveBuyerDetails } from '../workflows/save-buyer-details';
import { submitApplication } from '../workflows/submit-application';

type Use = 'step1' | 'phone_code' | 'email_code' | 'submit';

/** The four uses of the client patch (DESIGN §5), told apart by the fields a body carries. */
export function classifyPatch(body: ClientPatch): Use {
  const keys = Object.keys(body).filter(
    (k) => k !== 'client_id' && body[k as keyof ClientPatch] !== undefined,
  );
  const submitKeys = [
    'sms_code_input',
    'email_code_input',
    'personal_data_consent',
    'bank_transfer_consent',
    'order_version',
  ];
  if (keys.some((k) => submitKeys.includes(k))) return 'submit';
  if (keys.length === 1 && keys[0] === 'phone_number') return 'phone_code';
  if (keys.length === 1 && keys[0] === 'email') return 'email_code';
  return 'step1';
}

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

  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/order/orders/:order_id/client/code-check',
    {
      schema: {
        operationId: 'checkOrderClientCode',
        tags: ['buyer'],
        summary: 'Проверить код анкеты',
        description:
          'Проверка кода шага 2, как только покупатель ввёл шесть цифр: phone_number + sms_code_input или ' +
          'email + email_code_input (и client_id). Код не расходуется — его снова проверит отправка заявки; ' +
          'неверный код считается попыткой, как при отправке (5 неверных аннулируют код): 400 с текстом ' +
          '«Неверный код. Осталось попыток: N». Пока заказ ожидает данные клиента.',
        security: [],
        params: OrderIdParams,
        body: ClientCodeCheck,
        response: { 200: ClientCodeValid, ...errorResponses(400, 404, 409, 413, 415, 429, 500) },
      },
    },
    async (request) => checkBuyerCode(deps, request.params.order_id, request.body),
  );
}
