import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** OpenAPI 3.1 generated from the same zod schemas that validate requests, plus Swagger UI. */
export async function registerOpenApi(app: FastifyInstance, publicUrl: string) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'B2BPay API',
        version: '1.0.0',
        description:
          'REST API B2BPay: заказы магазина, анкета покупателя, подсказки по ИНН. ' +
          'Деньги — рубли числом (не больше двух знаков после запятой). Ошибки: {detail, error: {code, message, field}}.',
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: {
          ShopAuth: {
            type: 'http',
            scheme: 'bearer',
            description: 'Секретный sk_… или публикуемый pk_… ключ магазина',
          },
          AdminAuth: { type: 'http', scheme: 'bearer', description: 'ADMIN_TOKEN сервера' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (input) => errorsAsJson(jsonSchemaTransformObject(input)),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}

type Doc = ReturnType<typeof jsonSchemaTransformObject>;

/**
 * A route that answers something else than JSON (`produces: ['text/csv']`, the accounting export)
 * still answers its errors with the one JSON error body: say so in the document, whatever `produces`
 * made of the error responses.
 */
function errorsAsJson(doc: Doc): Doc {
  const paths = (doc as { paths?: Record<string, Record<string, { responses?: Record<string, unknown> }>> })
    .paths;
  for (const operations of Object.values(paths ?? {})) {
    for (const operation of Object.values(operations)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const content = (response as { content?: Record<string, unknown> }).content;
        if (Number(status) < 400 || !content || 'application/json' in content) continue;
        const [first] = Object.values(content);
        (response as { content: Record<string, unknown> }).content = { 'application/json': first };
      }
    }
  }
  return doc;
}
