import { ERROR_CODES, ORDER_EVENT_TYPES, ORDER_STATUSES, WEBHOOK_TEST_EVENT } from '@b2bpay/domain';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import openapiTS, { astToString } from 'openapi-typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../src/openapi-document';

/**
 * The OpenAPI document is a product an integrator's tools accept as it is — Redocly's
 * recommended rules find no error, openapi-typescript generates types, and every operation says
 * who may call it, what it answers and how its body looks.
 */

// biome-ignore lint/suspicious/noExplicitAny: the document is walked as plain JSON
type Doc = any;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

describe('the OpenAPI document', () => {
  let doc: Doc;
  const operations: { key: string; op: Doc }[] = [];

  beforeAll(async () => {
    doc = await openApiDocument('https://b2bpay.example.ru');
    for (const [path, item] of Object.entries(doc.paths as Record<string, Doc>)) {
      for (const method of METHODS)
        if (item[method]) operations.push({ key: `${method} ${path}`, op: item[method] });
    }
  });

  it('passes Redocly lint with the recommended rules: no errors, no warnings', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: JSON.stringify(doc),
      absoluteRef: 'openapi.json',
      config,
    });
    const found = (severity: string) =>
      problems
        .filter((p) => p.severity === severity)
        .map((p) => `${p.ruleId}: ${p.message} ${p.location[0]?.pointer ?? ''}`);
    expect(found('error')).toEqual([]);
    // The document names the server it is served from: a real address here (in development it is
    // localhost, which no-server-example.com rightly flags for a published document).
    expect(found('warn')).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('generates TypeScript types with openapi-typescript', async () => {
    const types = astToString(await openapiTS(doc));
    expect(types).toContain('listEvents: {');
    expect(types).toContain('createOrder: {');
    expect(types).toMatch(/export (interface|type) webhooks/);
    expect(types).toContain('"order.refund.created"');
  });

  it('gives every operation an operationId, a tag, a summary, security and described responses', () => {
    const ids = new Set<string>();
    for (const { key, op } of operations) {
      expect(op.operationId, key).toMatch(/^[a-zA-Z][a-zA-Z0-9_]+$/);
      expect(ids.has(op.operationId), `${key}: ${op.operationId} twice`).toBe(false);
      ids.add(op.operationId);
      expect(op.tags?.length, key).toBeGreaterThan(0);
      expect(op.summary, key).toBeTruthy();
      expect(Array.isArray(op.security), `${key} declares security (public: [])`).toBe(true);
      for (const [status, response] of Object.entries(op.responses as Record<string, Doc>)) {
        expect(response.description, `${key} ${status}`).not.toBe('Default Response');
        expect(response.description, `${key} ${status}`).toBeTruthy();
        if (Number(status) >= 400)
          expect(Object.keys(response.content ?? {}), `${key} ${status}`).toEqual(['application/json']);
      }
    }
    const publicOps = operations.filter(({ op }) => op.security.length === 0).map(({ key }) => key);
    expect(publicOps).toEqual(
      expect.arrayContaining([
        'patch /api/order/orders/{order_id}/client',
        'get /api/integration/company/suggest',
        'post /api/shop/enquire',
        'get /api/shop/{shop_id}',
      ]),
    );
  });

  it('names per operation exactly the schemes it accepts, all of them defined', () => {
    const schemes = doc.components.securitySchemes;
    expect(schemes.SecretKey).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'sk_…' });
    expect(schemes.PublishableKey).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'pk_…' });
    expect(schemes.CabinetSession).toEqual(
      expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'b2bpay_session' }),
    );
    expect(schemes.ShopAuth).toBeUndefined();
    for (const { key, op } of operations) {
      for (const requirement of op.security as Record<string, unknown>[]) {
        for (const name of Object.keys(requirement)) expect(schemes[name], `${key}: ${name}`).toBeDefined();
      }
    }
    const security = Object.fromEntries(
      operations.map(({ op }) => [
        op.operationId,
        (op.security as object[]).map((s) => Object.keys(s).join('+')),
      ]),
    );
    expect(security.createOrder).toEqual(['SecretKey', 'PublishableKey', 'CabinetSession']);
    expect(security.listOrders).toEqual(['SecretKey', 'CabinetSession']);
    expect(security.createRefund).toEqual(['SecretKey', 'CabinetSession']);
    expect(security.getOrder).toEqual(['SecretKey', 'CabinetSession', '']);
    expect(security.cabinetMe).toEqual(['CabinetSession']);
    expect(security.listTeam).toEqual(['CabinetSession']);
    expect(security.createShop).toEqual(['AdminAuth']);
    for (const buyer of ['updateOrderClient', 'checkOrderClientCode', 'suggestCompanies', 'getShop'])
      expect(security[buyer]).toEqual([]);
  });

  it('keeps answers open to new fields and request bodies strict', () => {
    const schemas = doc.components.schemas;
    /** Where `additionalProperties: false` stands in a schema, following its $refs. */
    const closedObjects = (root: Doc) => {
      const found: string[] = [];
      const seen = new Set<string>();
      const walk = (value: Doc, at: string) => {
        if (Array.isArray(value)) {
          for (const [i, item] of value.entries()) walk(item, `${at}/${i}`);
        } else if (value && typeof value === 'object') {
          if (value.additionalProperties === false) found.push(at);
          for (const [key, inner] of Object.entries(value)) {
            if (['example', 'examples', 'const', 'enum', 'default'].includes(key)) continue;
            if (key === '$ref' && typeof inner === 'string') {
              const name = inner.replace('#/components/schemas/', '');
              if (!seen.has(name)) {
                seen.add(name);
                walk(schemas[name], name);
              }
            } else walk(inner, `${at}/${key}`);
          }
        }
      };
      walk(root, '');
      return found;
    };
    for (const { key, op } of operations) {
      for (const [status, response] of Object.entries(op.responses as Record<string, Doc>)) {
        expect(closedObjects(response.content ?? {}), `${key} ${status}`).toEqual([]);
      }
    }
    for (const [event, item] of Object.entries(doc.webhooks as Record<string, Doc>)) {
      expect(closedObjects(item.post.requestBody), event).toEqual([]);
    }
    const strictBodies = operations.filter(({ op }) => op.requestBody);
    expect(strictBodies.length).toBeGreaterThan(15);
    for (const { key, op } of strictBodies) {
      const schema = op.requestBody.content['application/json'].schema;
      // An array body (the products) is strict in its items; an optional body is anyOf [body, null].
      expect(closedObjects(schema).length, key).toBeGreaterThan(0);
    }
    const createBody = schemas.OrderCreateInput;
    expect(createBody.additionalProperties).toBe(false);
    expect(schemas.Order.additionalProperties).toBeUndefined();
  });

  it('shows a valid example of every 2xx JSON answer', () => {
    const schemas = doc.components.schemas;
    // OpenAPI 3.1 schemas are JSON Schema 2020-12; `#/components/schemas/…` resolves against the root.
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const validate = (schema: Doc, example: unknown, where: string) => {
      const check = ajv.compile({ ...schema, components: { schemas } });
      expect(check(example) ? [] : check.errors, where).toEqual([]);
    };
    let answers = 0;
    for (const { key, op } of operations) {
      for (const [status, response] of Object.entries(op.responses as Record<string, Doc>)) {
        const media = response.content?.['application/json'];
        if (!status.startsWith('2') || !media) continue;
        answers++;
        const name = media.schema.$ref?.replace('#/components/schemas/', '');
        // The media type's example, its named examples (Example objects), or the schema's examples.
        const shown = [
          ...(media.example === undefined ? [] : [media.example]),
          ...Object.values((media.examples ?? {}) as Record<string, { value: unknown }>).map((e) => e.value),
          ...((name ? schemas[name].examples : media.schema.examples) ?? []),
        ];
        expect(shown.length, `${key} ${status} example`).toBeGreaterThan(0);
        for (const [i, example] of shown.entries()) validate(media.schema, example, `${key} ${status} #${i}`);
      }
    }
    expect(answers).toBeGreaterThan(35);
    // Every example a component schema carries (answers, bodies, webhook events) fits its schema.
    for (const [name, schema] of Object.entries(schemas as Record<string, Doc>)) {
      for (const [i, example] of (schema.examples ?? []).entries()) {
        validate({ $ref: `#/components/schemas/${name}` }, example, `${name} examples[${i}]`);
      }
    }
  });

  it('shows an example of every request body', () => {
    for (const { key, op } of operations) {
      for (const media of Object.values((op.requestBody?.content ?? {}) as Record<string, Doc>)) {
        expect(media.example, `${key} body example`).toBeDefined();
      }
    }
  });

  it('describes every parameter of the three documents in Russian', async () => {
    const documents: Record<string, Doc> = {
      '/api/openapi.json': doc,
      '/api/admin/v1/openapi.json': await openApiDocument(
        'https://b2bpay.example.ru',
        '/api/admin/v1/openapi.json',
      ),
      '/api/bank/v1/openapi.json': await openApiDocument(
        'https://b2bpay.example.ru',
        '/api/bank/v1/openapi.json',
      ),
    };
    const undescribed: string[] = [];
    let parameters = 0;
    for (const [url, document] of Object.entries(documents)) {
      for (const [path, item] of Object.entries(document.paths as Record<string, Doc>)) {
        for (const method of METHODS) {
          for (const parameter of (item[method]?.parameters ?? []) as Doc[]) {
            parameters++;
            // The reference at /api/docs and the SDK's types show the parameter's own description.
            if (!/[А-Яа-яЁё]/.test(parameter.description ?? ''))
              undescribed.push(`${url} ${method} ${path} ${parameter.in} ${parameter.name}`);
          }
        }
      }
    }
    expect(parameters).toBeGreaterThan(90);
    expect(undescribed).toEqual([]);
  });

  it('lists statuses, event types and error codes as enums from packages/domain', () => {
    const schemas = doc.components.schemas;
    expect(schemas.Order.properties.status.enum).toEqual([...ORDER_STATUSES]);
    expect(schemas.WebhookEvent.properties.event.enum).toEqual([...ORDER_EVENT_TYPES]);
    expect(schemas.WebhookDelivery.properties.event.enum).toEqual([...ORDER_EVENT_TYPES, 'webhook.test']);
    expect(schemas.Error.properties.error.properties.code.enum).toEqual([...ERROR_CODES]);
    expect(schemas.Error.properties.errors).toBeDefined();
    expect(schemas.Error.properties.error.properties.request_id).toBeDefined();
  });

  it('describes every event in the webhooks section with its body', () => {
    expect(Object.keys(doc.webhooks).sort()).toEqual([...ORDER_EVENT_TYPES, WEBHOOK_TEST_EVENT].sort());
    const test = doc.webhooks[WEBHOOK_TEST_EVENT].post.requestBody.content['application/json'].schema;
    expect(test.properties.event.const).toBe(WEBHOOK_TEST_EVENT);
    for (const type of ORDER_EVENT_TYPES) {
      const schema = doc.webhooks[type].post.requestBody.content['application/json'].schema;
      expect(schema.allOf[0].$ref).toBe('#/components/schemas/WebhookEvent');
      expect(schema.allOf[1].properties.event.const).toBe(type);
    }
  });

  it('declares the live stream as text/event-stream and the event log as a page of webhook bodies', () => {
    const stream = doc.paths['/api/events'].get.responses['200'].content;
    expect(Object.keys(stream)).toEqual(['text/event-stream']);
    const log = doc.paths['/api/order/events'].get;
    expect(log.responses['200'].content['application/json'].schema.$ref).toBe(
      '#/components/schemas/EventLog',
    );
    expect(doc.components.schemas.EventLog.properties.items.items.$ref).toBe(
      '#/components/schemas/WebhookEvent',
    );
  });

  it('documents the sandbox outcomes', () => {
    expect(doc.info.description).toContain('decline');
    expect(doc.info.description).toContain('pending');
    expect(doc.info.description).toContain('SANDBOX_DECISION_DELAY_MS');
  });
  // Life after the decision (DESIGN §11): cancel, returns, payouts, the shop's own reference and the export.
  it('describes cancel, returns, the payout, external_id/metadata and the CSV export', () => {
    const schemas = doc.components.schemas;
    const ops = Object.fromEntries(operations.map(({ op }) => [op.operationId, op]));
    for (const id of ['cancelOrder', 'createRefund', 'listRefunds', 'exportOrdersCsv']) {
      expect(ops[id]?.description, id).toBeTruthy();
    }
    expect(ops.cancelOrder.description).toContain('409');
    expect(ops.createRefund.parameters.map((p: Doc) => p.name)).toContain('idempotency-key');
    expect(ops.createRefund.responses['409']).toBeDefined();
    expect(Object.keys(ops.exportOrdersCsv.responses['200'].content)).toEqual(['text/csv']);
    for (const description of [ops.exportOrdersCsv.description, ops.listOrders.description]) {
      expect(description).toBeTruthy();
    }
    expect(ops.exportOrdersCsv.description).toContain('BOM');
    for (const id of ['listOrders', 'exportOrdersCsv']) {
      const externalId = ops[id].parameters.find((p: Doc) => p.name === 'external_id');
      expect(externalId?.description ?? externalId?.schema?.description, id).toContain('external_id');
    }
    expect(ops.createOrder.responses['409'].description).toContain('DUPLICATE_EXTERNAL_ID');

    const create = schemas.OrderCreateInput.properties;
    expect(create.external_id.description).toContain('64 символов');
    expect(create.metadata.description).toContain('20 ключей');
    const order = schemas.Order.properties;
    for (const field of ['external_id', 'metadata', 'refunded_amount']) {
      expect(order[field].description, `Order.${field}`).toBeTruthy();
    }
    expect(order.payout.anyOf[0].$ref).toBe('#/components/schemas/Payout');
    expect(schemas.Payout.description).toBeTruthy();
    expect(schemas.Payout.examples?.[0]?.fee).toBe(0);
    for (const field of ['bank', 'amount', 'fee', 'reference', 'paid_at']) {
      expect(schemas.Payout.properties[field].description, `Payout.${field}`).toBeTruthy();
    }
    expect(schemas.Refund.examples).toHaveLength(1);
    for (const field of ['amount', 'reason', 'products']) {
      expect(schemas.Refund.properties[field].description, `Refund.${field}`).toBeTruthy();
    }
    const event = schemas.WebhookEvent.properties;
    for (const field of ['external_id', 'metadata', 'refunded_amount', 'payout', 'refund']) {
      expect(event[field].description, `WebhookEvent.${field}`).toBeTruthy();
    }
  });
});
