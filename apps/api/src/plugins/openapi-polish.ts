import {
  ERROR_CATALOGUE,
  ORDER_EVENT_DESCRIPTIONS,
  ORDER_EVENT_TYPES,
  type OrderEventType,
  WEBHOOK_TEST_EVENT,
} from '@b2bpay/domain';

/**
 * What the generated document lacks and a client generator needs: described responses
 * instead of "Default Response", error bodies as JSON whatever a route produces, examples on request
 * bodies and answers, the `webhooks` section, no unused schemas, and answers open to new fields.
 */

type Json = Record<string, unknown>;
interface Response {
  description?: string;
  content?: Record<string, { schema?: Json; example?: unknown }>;
  headers?: Json;
}
interface Operation {
  responses?: Record<string, Response>;
  requestBody?: { content?: Record<string, { schema?: Json; example?: unknown }> };
}
export interface OpenApiDoc {
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Json>; [key: string]: unknown };
  webhooks?: Record<string, unknown>;
  tags?: { name: string; description: string }[];
  [key: string]: unknown;
}

const ERROR_DESCRIPTIONS: Record<string, string> = {};
for (const entry of ERROR_CATALOGUE) {
  for (const status of entry.statuses) {
    const text = `${entry.code}: ${entry.meaning}`;
    ERROR_DESCRIPTIONS[status] = ERROR_DESCRIPTIONS[status] ? `${ERROR_DESCRIPTIONS[status]} ${text}` : text;
  }
}

const RATE_LIMIT_HEADERS = {
  'Retry-After': { description: 'Через сколько секунд повторить', schema: { type: 'integer' } },
};
const REQUEST_ID_HEADER = {
  'X-Request-Id': {
    description:
      'Id запроса (присланный клиентом, если он корректен); тот же в error.request_id и в журнале сервера',
    schema: { type: 'string' },
  },
};

export const TAGS = [
  {
    name: 'orders',
    description: 'Заказы магазина: создание, чтение, список, товары, отмена, возвраты, выгрузка',
  },
  {
    name: 'events',
    description: 'Журнал событий: те же события, что приходят вебхуками, чтобы догнать пропущенное',
  },
  { name: 'webhooks', description: 'Доставка вебхуков, повторы, тестовый вебхук и настройки магазина' },
  { name: 'buyer', description: 'Анкета покупателя (доступ — ссылка на заказ) и подсказки по ИНН' },
  { name: 'shops', description: 'Публичные сведения о магазине' },
  { name: 'shop area', description: 'Кабинет магазина: ключи, статистика, живые события' },
  { name: 'landing', description: 'Заявка на подключение' },
  { name: 'admin', description: 'Администрирование (ADMIN_TOKEN)' },
  { name: 'service', description: 'Проверки живости и готовности' },
];

export function polishDocument<T>(input: T): T {
  const doc = input as OpenApiDoc;
  for (const operations of Object.values(doc.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      describeResponses(operation);
      exampleBodies(operation, doc);
    }
  }
  doc.webhooks = webhooks();
  doc.tags = TAGS;
  pruneUnusedSchemas(doc);
  openResponseSchemas(doc);
  return input;
}

function describeResponses(operation: Operation) {
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    const code = Number(status);
    if (code >= 400) {
      // A route that answers something else than JSON (the CSV export, the event stream) still
      // answers its errors with the one JSON error body.
      const content = response.content;
      if (content && !('application/json' in content)) {
        const [first] = Object.values(content);
        if (first) response.content = { 'application/json': first };
      }
      response.headers = { ...REQUEST_ID_HEADER, ...(code === 429 ? RATE_LIMIT_HEADERS : {}) };
    }
    if (response.description && response.description !== 'Default Response') continue;
    const schemaDescription = Object.values(response.content ?? {})[0]?.schema?.description;
    response.description =
      code >= 400
        ? (ERROR_DESCRIPTIONS[status] ?? 'Ошибка (тело — объект ошибки)')
        : typeof schemaDescription === 'string'
          ? schemaDescription
          : 'Успешный ответ';
  }
}

const refName = (schema: Json | undefined) =>
  typeof schema?.$ref === 'string' ? schema.$ref.replace('#/components/schemas/', '') : null;

/**
 * A request body or a 2xx answer whose schema has examples shows the first one as its example
 * (Swagger UI and Redoc show a media type's example, not the examples of a schema behind a $ref).
 */
function exampleBodies(operation: Operation, doc: OpenApiDoc) {
  const answers = Object.entries(operation.responses ?? {})
    .filter(([status]) => status.startsWith('2'))
    .map(([, response]) => response);
  const media = [operation.requestBody, ...answers].flatMap((part) => Object.values(part?.content ?? {}));
  for (const item of media) {
    // An optional body is `anyOf: [schema, null]`.
    const anyOf = item.schema?.anyOf;
    const name = refName(item.schema) ?? (Array.isArray(anyOf) ? refName(anyOf[0] as Json) : null);
    const schemas = doc.components?.schemas ?? {};
    const schema = name ? schemas[name] : item.schema;
    // zod leaves the examples out of the input variant of a schema with transforms: take the output's.
    const examples = schema?.examples ?? (name ? schemas[name.replace(/Input$/, '')]?.examples : undefined);
    if (item.example === undefined && Array.isArray(examples) && examples.length > 0) {
      item.example = examples[0];
    }
  }
}

const SIGNATURE_HEADERS = [
  ['webhook-id', 'event_id события: одинаковый при повторах — по нему отбрасывайте дубли'],
  ['webhook-timestamp', 'Время отправки, секунды Unix'],
  [
    'webhook-signature',
    'v1,<base64 HMAC-SHA256 от "{webhook-id}.{webhook-timestamp}.{тело}"> по секрету whsec_…; во время смены секрета — две подписи через пробел (Standard Webhooks)',
  ],
] as const;

const RETRIES_TEXT =
  'Ответ 2xx — доставлено; иначе повторы по WEBHOOK_RETRY_SCHEDULE (через 1, 5, 15 мин, 1, 3, 6, 12 ч, ' +
  'затем раз в сутки — до 3 суток).';

/** One event the shop's address receives: a signed POST with this body. */
function webhookOperation(type: string, description: string, schema: Json) {
  return {
    post: {
      operationId: `webhook_${type.replaceAll('.', '_')}`,
      tags: ['webhooks'],
      summary: type,
      description,
      security: [],
      parameters: SIGNATURE_HEADERS.map(([name, text]) => ({
        in: 'header',
        name,
        required: true,
        description: text,
        schema: { type: 'string' },
      })),
      requestBody: { required: true, content: { 'application/json': { schema } } },
      responses: {
        200: { description: 'Любой ответ 2xx: событие доставлено' },
        400: { description: 'Любой другой ответ (или нет ответа за 10 с): будет повтор' },
      },
    },
  };
}

/** The test event a shop sends itself (POST /api/webhooks/test): not an order's, never in the event log. */
const TEST_EVENT_BODY: Json = {
  type: 'object',
  required: ['event', 'event_id', 'shop_id', 'timestamp'],
  properties: {
    event: { const: WEBHOOK_TEST_EVENT },
    event_id: { type: 'string', format: 'uuid' },
    shop_id: { type: 'string', format: 'uuid' },
    timestamp: { type: 'string', format: 'date-time' },
  },
};

/** The OpenAPI 3.1 `webhooks` section: every event the shop's address receives, with its body. */
function webhooks() {
  const orderEvents = ORDER_EVENT_TYPES.map((type: OrderEventType) => [
    type,
    webhookOperation(
      type,
      `${ORDER_EVENT_DESCRIPTIONS[type]} POST на каждый адрес вебхука (/api/webhooks/endpoints) режима ` +
        'заказа, который выбрал это событие в enabled_events, и на webhook_url заказа; подписан секретом ' +
        `адреса по Standard Webhooks. ${RETRIES_TEXT} То же тело — в журнале событий GET /api/order/events.`,
      {
        allOf: [
          { $ref: '#/components/schemas/WebhookEvent' },
          { type: 'object', properties: { event: { const: type } } },
        ],
      },
    ),
  ]);
  const testEvent = webhookOperation(
    WEBHOOK_TEST_EVENT,
    'Проверочное событие, которое магазин отправляет себе сам (POST /api/webhooks/test): подписано так же, ' +
      'как события заказов, в журнал событий не попадает.',
    TEST_EVENT_BODY,
  );
  return Object.fromEntries([...orderEvents, [WEBHOOK_TEST_EVENT, testEvent]]);
}

/** The component schemas `roots` refer to, directly or through other schemas. */
function reachableSchemas(schemas: Record<string, Json>, roots: unknown[]): Set<string> {
  const found = new Set<string>();
  const visit = (value: unknown) => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
    } else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key === '$ref' && typeof inner === 'string' && inner.startsWith('#/components/schemas/')) {
          const name = inner.slice('#/components/schemas/'.length);
          if (!found.has(name)) {
            found.add(name);
            visit(schemas[name]);
          }
        } else visit(inner);
      }
    }
  };
  visit(roots);
  return found;
}

/** Schemas nothing refers to (zod's input and output variants of one schema): left out. */
function pruneUnusedSchemas(doc: OpenApiDoc) {
  const schemas = doc.components?.schemas;
  if (!schemas) return;
  const used = reachableSchemas(schemas, [doc.paths, doc.webhooks]);
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
}

const operationsOf = (doc: OpenApiDoc) =>
  Object.values(doc.paths ?? {}).flatMap((item) => Object.values(item)) as (Operation & {
    parameters?: unknown;
  })[];

/**
 * What the API answers (responses, and the webhook bodies a shop receives) is open to new fields:
 * a field added to an order must not break a client whose generated validator rejects unknown keys.
 * zod writes `additionalProperties: false` for every plain `z.object` in its output variant (output
 * strips unknown keys); that is dropped here from every schema only answers reach. Request bodies,
 * query strings and parameters stay strict: the API refuses a field it does not know.
 */
function openResponseSchemas(doc: OpenApiDoc) {
  const schemas = doc.components?.schemas ?? {};
  const operations = operationsOf(doc);
  const requestSide = reachableSchemas(
    schemas,
    operations.map((op) => [op.requestBody, op.parameters]),
  );
  const responses = operations.map((op) => op.responses);
  const answerSide = reachableSchemas(schemas, [responses, doc.webhooks]);
  for (const name of answerSide) {
    const schema = schemas[name];
    if (schema && !requestSide.has(name)) allowUnknownFields(schema);
  }
  // Schemas written inline in a response (not a component) too.
  for (const response of responses.flatMap((r) => Object.values(r ?? {}))) {
    for (const media of Object.values(response.content ?? {}))
      if (media.schema) allowUnknownFields(media.schema);
  }
}

/** Keywords whose values are data, not subschemas: an example may hold any key. */
const DATA_KEYWORDS = new Set(['example', 'examples', 'const', 'enum', 'default']);

function allowUnknownFields(schema: unknown) {
  if (Array.isArray(schema)) {
    for (const item of schema) allowUnknownFields(item);
  } else if (schema && typeof schema === 'object') {
    const object = schema as Json;
    if (object.additionalProperties === false) delete object.additionalProperties;
    for (const [key, inner] of Object.entries(object)) if (!DATA_KEYWORDS.has(key)) allowUnknownFields(inner);
  }
}
