import { SANDBOX_SUMMARY } from '@b2bpay/domain';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { apiReferencePage, sendApiReference } from './api-reference-page';
import { polishDocument } from './openapi-polish';
import { adminDocument, bankDocument, shopDocument } from './openapi-split';

/**
 * OpenAPI 3.1 generated from the same zod schemas that validate requests, plus the Russian API reference
 * at /api/docs rendered from the shops' document (plugins/api-reference.ts).
 */
export async function registerOpenApi(app: FastifyInstance, publicUrl: string) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'B2BPay API',
        version: '1.0.0',
        description:
          'REST API B2BPay: заказы магазина, анкета покупателя, подсказки по ИНН. ' +
          'Деньги — рубли числом (не больше двух знаков после запятой). Ошибки: {detail, error: {code, message, ' +
          'field, request_id}, errors: [...]}; каждый ответ несёт X-Request-Id. Коды ошибок — в описании ' +
          `ответов и на странице документации. ${SANDBOX_SUMMARY}`,
        // The service has no public licence: the document says so, with an SPDX reference of our own
        // (LicenseRef-…), which is how SPDX names a licence that is not on its list.
        license: { name: 'Проприетарная (B2BPay)', identifier: 'LicenseRef-B2BPay-Proprietary' },
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: {
          SecretKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'sk_…',
            description:
              'Секретный ключ магазина sk_… в заголовке Authorization: Bearer. Только для сервера магазина. ' +
              'sk_live_… — боевой режим, sk_test_… — тестовый: у каждого режима свои заказы, настройки и события.',
          },
          PublishableKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'pk_…',
            description:
              'Публикуемый ключ магазина pk_… в заголовке Authorization: Bearer: виджет на сайте магазина ' +
              'создаёт им заказы (только там, где операция его называет). pk_test_… создаёт тестовые заказы.',
          },
          CabinetSession: {
            type: 'apiKey',
            in: 'cookie',
            name: 'b2bpay_session',
            description:
              'Сессия личного кабинета (после POST /api/cabinet/login). Для операций магазина — заголовок ' +
              'X-Shop-Id; для POST, PUT, PATCH и DELETE — заголовок X-CSRF-Token из ответа login или me.',
          },
          AdminAuth: { type: 'http', scheme: 'bearer', description: 'ADMIN_TOKEN сервера' },
          StaffSession: {
            type: 'apiKey',
            in: 'cookie',
            name: 'b2bpay_staff_session',
            description:
              'Сессия сотрудника B2BPay (после POST /api/admin/v1/login); для POST и PATCH — заголовок X-CSRF-Token.',
          },
          BankKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'bk_…',
            description:
              'Ключ банка-партнёра bk_… в заголовке Authorization: Bearer (npm run cli -- bank create).',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (input) => polishDocument(jsonSchemaTransformObject(input)),
  });
  // The reference is rendered once, on its first request (the document is complete only once the app is
  // ready), and kept for the life of the process.
  let reference: ReturnType<typeof apiReferencePage> | undefined;
  const page = () => {
    if (!reference) {
      const made = apiReferencePage(shopDocument(app.swagger() as unknown as Record<string, unknown>));
      // A failed compression is not kept: the next request tries again.
      made.catch(() => {
        if (reference === made) reference = undefined;
      });
      reference = made;
    }
    return reference;
  };
  for (const url of ['/api/docs', '/api/docs/']) {
    app.get(url, { schema: { hide: true } }, async (request, reply) =>
      sendApiReference(request, reply, await page()),
    );
  }
  app.get('/api/openapi.json', { schema: { hide: true } }, async () =>
    shopDocument(app.swagger() as unknown as Record<string, unknown>),
  );
  app.get('/api/admin/v1/openapi.json', { schema: { hide: true } }, async () =>
    adminDocument(app.swagger() as unknown as Record<string, unknown>),
  );
  app.get('/api/bank/v1/openapi.json', { schema: { hide: true } }, async () =>
    bankDocument(app.swagger() as unknown as Record<string, unknown>),
  );
}
