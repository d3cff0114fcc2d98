import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/** The parts of an OpenAPI 3.1 document the reliability suites read. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
}

export interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

interface MediaType {
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, MediaType> };
  responses: Record<string, { content?: Record<string, MediaType> }>;
  security?: Record<string, string[]>[];
}

export interface OpenApiDoc {
  openapi: string;
  paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>;
  components: { schemas: Record<string, JsonSchema> };
}

export const operationName = (op: Pick<Operation, 'method' | 'path'>) =>
  `${op.method.toUpperCase()} ${op.path}`;

/** Every operation of the document, in document order. */
export function operationsOf(doc: OpenApiDoc): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      ...op,
      method: method.toUpperCase(),
      path,
      parameters: op.parameters ?? [],
    })),
  );
}

/** Follows `#/components/schemas/X` references (only those exist in this document). */
export function deref(doc: OpenApiDoc, schema: JsonSchema): JsonSchema {
  let s = schema;
  for (let i = 0; s.$ref && i < 10; i++) {
    const name = s.$ref.replace('#/components/schemas/', '');
    const target = doc.components.schemas[name];
    if (!target) throw new Error(`unresolved $ref ${s.$ref}`);
    s = target;
  }
  return s;
}

const COMPONENTS_ID = 'b2bpay-openapi-components';

function rebase(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rebase);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `${COMPONENTS_ID}${v}` : rebase(v),
      ]),
    );
  }
  return value;
}

/**
 * Validates answers against the document's own response schemas (JSON Schema 2020-12, as OpenAPI
 * 3.1 uses, with formats): `check(op, status, contentType, body)` returns the problems, none when
 * the answer is what the document promises.
 */
export function responseChecker(doc: OpenApiDoc) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: COMPONENTS_ID, components: doc.components });
  const compiled = new Map<string, ValidateFunction>();
  const validatorFor = (op: Operation, status: string, mediaType: string) => {
    const key = `${operationName(op)} ${status} ${mediaType}`;
    let validate = compiled.get(key);
    if (!validate) {
      const schema = op.responses[status]?.content?.[mediaType]?.schema;
      if (!schema) return null;
      validate = ajv.compile(rebase(schema) as object);
      compiled.set(key, validate);
    }
    return validate;
  };

  return function check(op: Operation, statusCode: number, contentType: string | undefined, body: string) {
    const status = String(statusCode);
    const documented = op.responses[status];
    if (!documented) return [`HTTP ${status} is not documented for ${operationName(op)}`];
    const media = Object.keys(documented.content ?? {});
    if (media.length === 0) return body === '' ? [] : [`HTTP ${status} documents no body, got one`];
    const mediaType = (contentType ?? '').split(';')[0]?.trim() ?? '';
    if (!media.includes(mediaType)) return [`content-type ${contentType} is not one of ${media.join(', ')}`];
    if (mediaType !== 'application/json') return [];
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return ['the body is not JSON'];
    }
    const validate = validatorFor(op, status, mediaType);
    if (!validate) return [];
    if (validate(parsed)) return [];
    return (validate.errors ?? []).map((e) => `${e.instancePath || '(body)'} ${e.message}`);
  };
}
