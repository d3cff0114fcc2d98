import fc from 'fast-check';
import { deref, type JsonSchema, type OpenApiDoc, type Operation } from './openapi';

/**
 * Request generation from the OpenAPI document: valid values from each schema (with realistic
 * values for the fields that gate deeper code: ids, INN, phones, e-mails, URLs), boundary values,
 * and hostile ones — wrong types, huge strings, unicode and control characters, negative and
 * fractional numbers, missing and extra fields, malformed JSON, wrong content types.
 */

/** Who calls: resolved to an Authorization header at send time (keys change when rotated). */
export const AUTH_LABELS = [
  'none',
  'shop-secret',
  'shop-publishable',
  'other-secret',
  'other-publishable',
  'revoked',
  'unknown-token',
  'malformed',
  'admin',
] as const;
export type AuthLabel = (typeof AUTH_LABELS)[number];

export interface FuzzRequest {
  method: string;
  url: string;
  auth: AuthLabel;
  headers: Record<string, string>;
  payload?: string;
  /** Which generator made it (for the coverage figures). */
  kind: string;
  remoteAddress: string;
}

/** Realistic values for named fields and parameters (ids of fixtures, valid INNs…). */
export type Hints = Record<string, fc.Arbitrary<unknown>>;

const WEIRD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\t\n\r',
  '0',
  '-1',
  'null',
  'true',
  '[]',
  '{}',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '"; DROP TABLE orders; --',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, on purpose
  '${7*7}',
  '{{7*7}}',
  '../../etc/passwd',
  '%00',
  '%',
  '\u202eevil',
  '\u200b',
  '\ufeff',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  'Ёжик в тумане',
  '😀'.repeat(100),
  'ꙮ'.repeat(300),
  '\ud800',
  '9'.repeat(400),
];

const WEIRD_NUMBERS = [
  0,
  -0,
  -1,
  0.5,
  0.001,
  0.01,
  0.015,
  0.1 + 0.2,
  350.1,
  1e-7,
  1e21,
  -1e21,
  1e308,
  -1e308,
  2 ** 31,
  2 ** 53 + 2,
  -(2 ** 53),
];

export const weirdString = fc.constantFrom(...WEIRD_STRINGS);

function genericString(s: JsonSchema): fc.Arbitrary<string> {
  const max = s.maxLength ?? 300;
  const min = s.minLength ?? 0;
  const cap = Math.min(max, 40);
  const options: fc.Arbitrary<string>[] = [
    fc.string({ minLength: Math.min(min, cap), maxLength: cap }),
    fc.string({ unit: 'grapheme', maxLength: Math.min(cap, 20) }),
    fc.string({ unit: 'binary', maxLength: Math.min(cap, 12) }),
    weirdString,
    // Exactly the limit and one past it, in two-byte letters.
    fc.constantFrom('я'.repeat(max), 'я'.repeat(max + 1)),
  ];
  if (s.pattern)
    options.unshift(fc.stringMatching(new RegExp(s.pattern)), fc.stringMatching(new RegExp(s.pattern)));
  if (s.format === 'uuid') options.unshift(fc.uuid(), fc.uuid());
  return fc.oneof(...options);
}

function genericNumber(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -1e6);
  const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : 1e6);
  const lo = Math.max(min, -1e9);
  const hi = Math.min(max, 1e9);
  return fc.oneof(
    fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) }),
    integer
      ? fc.integer({ min: Math.ceil(lo), max: Math.floor(Math.min(hi, lo + 100)) })
      : fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true }),
    fc.constantFrom(min, max, min - 1, max + 1, min - 0.01, max + 0.5, ...WEIRD_NUMBERS),
  );
}

/** A value the schema allows (mostly): the generator of "valid" input. */
export function fromSchema(
  doc: OpenApiDoc,
  schema: JsonSchema,
  hints: Hints,
  name?: string,
): fc.Arbitrary<unknown> {
  if (name && hints[name])
    return fc.oneof(
      { weight: 4, arbitrary: hints[name] },
      { weight: 1, arbitrary: fromSchema(doc, schema, {}, undefined) },
    );
  const s = deref(doc, schema);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((a) => fromSchema(doc, a, hints, name)));
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => fromSchema(doc, { ...s, type }, hints, name)));
  switch (types[0]) {
    case 'string':
      return genericString(s);
    case 'integer':
      return genericNumber(s, true);
    case 'number':
      return genericNumber(s, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const item = s.items ? fromSchema(doc, s.items, hints) : fc.anything();
      const min = s.minItems ?? 0;
      const max = s.maxItems ?? 10;
      return fc.oneof(
        {
          weight: 8,
          arbitrary: fc.array(item, { minLength: min, maxLength: Math.max(min, Math.min(max, 4)) }),
        },
        { weight: 1, arbitrary: fc.array(item, { minLength: max, maxLength: max }) },
        { weight: 1, arbitrary: fc.array(item, { minLength: max + 1, maxLength: max + 1 }) },
      );
    }
    case 'object': {
      const props = s.properties ?? {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, sub] of Object.entries(props)) model[key] = fromSchema(doc, sub, hints, key);
      return fc.record(model, { requiredKeys: s.required ?? [] });
    }
    default:
      return fc.anything({ maxDepth: 2 });
  }
}

/** Values of the wrong kind for any place of a body. */
const chaos: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  weirdString,
  fc.array(fc.anything({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.anything({ maxDepth: 1 }), { maxKeys: 3 }),
  // Large strings: some under the 100 KB body limit, some over.
  fc.integer({ min: 20_000, max: 120_000 }).map((n) => 'Ж'.repeat(Math.floor(n / 2))),
);

/** Fields a caller must never set (mass assignment) and prototype tricks. */
const FOREIGN_KEYS = [
  'status',
  'amount',
  'shop_id',
  'id',
  'order_number',
  'client_id',
  'sms_confirmed',
  'email_confirmed',
  'is_demo',
  'webhook_secret',
  'created_at',
  '__proto__',
  'constructor',
  'prototype',
  'x'.repeat(300),
];

type Mutation =
  | { kind: 'none' }
  | { kind: 'replace' | 'drop' | 'add'; at: number; key: string; value: unknown };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 5, arbitrary: fc.constant({ kind: 'none' as const }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constantFrom('replace' as const, 'drop' as const, 'add' as const),
      at: fc.nat(),
      key: fc.oneof(fc.constantFrom(...FOREIGN_KEYS), fc.string({ maxLength: 10 })),
      value: chaos,
    }),
  },
);

function containers(value: unknown, out: (Record<string, unknown> | unknown[])[] = []) {
  if (Array.isArray(value)) {
    out.push(value);
    for (const v of value) containers(v, out);
  } else if (value && typeof value === 'object') {
    out.push(value as Record<string, unknown>);
    for (const v of Object.values(value)) containers(v, out);
  }
  return out;
}

/** Applies one mutation to a copy of a JSON value. */
export function mutate(value: unknown, m: Mutation): unknown {
  if (m.kind === 'none') return value;
  const copy = value === undefined ? undefined : JSON.parse(JSON.stringify(value));
  const places = containers(copy);
  if (places.length === 0) return m.value;
  const target = places[m.at % places.length] as Record<string, unknown> | unknown[];
  if (Array.isArray(target)) {
    if (m.kind === 'drop') target.splice(m.at % Math.max(1, target.length), 1);
    else if (m.kind === 'add') target.push(m.value);
    else if (target.length > 0) target[m.at % target.length] = m.value;
    else target.push(m.value);
    return copy;
  }
  const keys = Object.keys(target);
  const existing = keys[m.at % Math.max(1, keys.length)];
  if (m.kind === 'drop' && existing !== undefined) delete target[existing];
  else if (m.kind === 'replace' && existing !== undefined) target[existing] = m.value;
  else
    Object.defineProperty(target, m.key, {
      value: m.value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return copy;
}

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** How the body travels: JSON as it should, or broken in one of the ways clients break it. */
type Encoding =
  | 'json'
  | 'json-charset'
  | 'json-upper'
  | 'truncated'
  | 'trailing'
  | 'single-quotes'
  | 'bom'
  | 'empty'
  | 'absent'
  | 'text'
  | 'form'
  | 'multipart'
  | 'xml'
  | 'vendor-json'
  | 'deep'
  | 'no-content-type';

const encoding = fc.oneof(
  { weight: 30, arbitrary: fc.constant<Encoding>('json') },
  {
    weight: 1,
    arbitrary: fc.constantFrom<Encoding>(
      'json-charset',
      'json-upper',
      'truncated',
      'trailing',
      'single-quotes',
      'bom',
      'empty',
      'absent',
      'text',
      'form',
      'multipart',
      'xml',
      'vendor-json',
      'deep',
      'no-content-type',
    ),
  },
);

function encode(
  value: unknown,
  how: Encoding,
  depth: number,
): { payload?: string; headers: Record<string, string> } {
  const json = JSON.stringify(value) ?? 'null';
  const ct = (v: string) => ({ 'content-type': v });
  switch (how) {
    case 'json':
      return { payload: json, headers: ct('application/json') };
    case 'json-charset':
      return { payload: json, headers: ct('application/json; charset=utf-8') };
    case 'json-upper':
      return { payload: json, headers: ct('Application/JSON') };
    case 'truncated':
      return {
        payload: json.slice(0, Math.max(1, Math.floor(json.length / 2))),
        headers: ct('application/json'),
      };
    case 'trailing':
      return { payload: `${json},}`, headers: ct('application/json') };
    case 'single-quotes':
      return { payload: json.replaceAll('"', "'"), headers: ct('application/json') };
    case 'bom':
      return { payload: `\ufeff${json}`, headers: ct('application/json') };
    case 'empty':
      return { payload: '', headers: ct('application/json') };
    case 'absent':
      return { headers: {} };
    case 'text':
      return { payload: json, headers: ct('text/plain') };
    case 'form':
      return { payload: 'products=1&status=payment_sent', headers: ct('application/x-www-form-urlencoded') };
    case 'multipart':
      return {
        payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
        headers: ct('multipart/form-data; boundary=x'),
      };
    case 'xml':
      return {
        payload: '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>',
        headers: ct('application/xml'),
      };
    case 'vendor-json':
      return { payload: json, headers: ct('application/vnd.api+json') };
    case 'deep':
      return { payload: nested(depth), headers: ct('application/json') };
    case 'no-content-type':
      return { payload: json, headers: {} };
  }
}

/** encodeURIComponent that does not throw on a lone surrogate (it becomes U+FFFD, as on the wire). */
const encodeSafely = (s: string) =>
  encodeURIComponent(
    s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'),
  );

function queryString(entries: [string, string][]) {
  if (entries.length === 0) return '';
  return `?${entries.map(([k, v]) => `${encodeSafely(k)}=${encodeSafely(v)}`).join('&')}`;
}

/** A query or header value as text; arrays become repeated parameters. */
function asText(value: unknown): string[] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value.flatMap(asText);
  if (value === null) return ['null'];
  return [typeof value === 'object' ? JSON.stringify(value) : String(value)];
}

/** Header values a real HTTP client can send: no CR, LF or NUL, Latin-1 only. */
const headerSafe = (v: string) => v.replace(/[^\x20-\x7e\xa0-\xff\t]/g, '');

/** Path segments: fixture ids mostly, and every kind of junk, percent-encoded or raw. */
function pathValue(hint: fc.Arbitrary<unknown> | undefined): fc.Arbitrary<string> {
  const junk = fc.oneof(
    fc.uuid(),
    fc.string({ maxLength: 30 }).map(encodeSafely),
    fc.string({ unit: 'binary', maxLength: 12 }).map(encodeSafely),
    weirdString.map(encodeSafely),
    fc.constantFrom(
      '%',
      '%zz',
      '%E0%A4%A',
      '..',
      '.',
      '%2e%2e%2f',
      '%2F',
      'x'.repeat(65),
      'x'.repeat(200),
      '1',
      '-1',
      '0',
    ),
  );
  return hint ? fc.oneof({ weight: 3, arbitrary: hint.map(String) }, { weight: 1, arbitrary: junk }) : junk;
}

const idempotencyKey = fc.oneof(
  { weight: 2, arbitrary: fc.constant(undefined) },
  { weight: 3, arbitrary: fc.stringMatching(/^[\x21-\x7e]{1,40}$/) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      'with space',
      'k'.repeat(255),
      'k'.repeat(256),
      'ключ',
      '\u00e9t\u00e9',
    ),
  },
);

const remoteAddress = fc.constantFrom(
  '127.0.0.1',
  '203.0.113.10',
  '203.0.113.11',
  '198.51.100.7',
  '2001:db8::1',
  '192.0.2.44',
);

/** Requests for one operation: path, query, headers and body from the document, then broken a little. */
export function requestsFor(doc: OpenApiDoc, op: Operation, hints: Hints): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  const headerParams = op.parameters.filter((p) => p.in === 'header');
  const bodySchema = op.requestBody?.content['application/json']?.schema;

  const path = fc.record(
    Object.fromEntries(pathParams.map((p) => [p.name, pathValue(hints[`path:${p.name}`])])),
  );
  const query = fc.record(
    Object.fromEntries(
      queryParams.map((p) => [
        p.name,
        fc.oneof(
          { weight: 2, arbitrary: fc.constant(undefined) },
          { weight: 5, arbitrary: fromSchema(doc, p.schema, hints, `query:${p.name}`) },
          { weight: 1, arbitrary: chaos.filter((v) => typeof v !== 'string' || v.length < 3000) },
        ),
      ]),
    ),
  );
  const extraQuery = fc.oneof(
    { weight: 6, arbitrary: fc.constant<[string, string][]>([]) },
    {
      weight: 1,
      arbitrary: fc.array(
        fc.tuple(
          fc.oneof(fc.constantFrom(...FOREIGN_KEYS), fc.string({ maxLength: 8 })),
          fc.string({ maxLength: 8 }),
        ),
        {
          minLength: 1,
          maxLength: 2,
        },
      ),
    },
  );
  const auth = fc.oneof(
    { weight: 6, arbitrary: fc.constant<AuthLabel>(op.security?.length ? 'shop-secret' : 'none') },
    { weight: 6, arbitrary: fc.constantFrom<AuthLabel>(...AUTH_LABELS) },
  );
  const headerValues = fc.record(
    Object.fromEntries(
      headerParams.map((p) => [
        p.name,
        p.name === 'idempotency-key'
          ? idempotencyKey
          : fc.oneof(fc.constant(undefined), fromSchema(doc, p.schema, hints, `header:${p.name}`)),
      ]),
    ),
  );
  // A hand-written recipe of realistic bodies (`body:METHOD /path`) reaches the deeper code paths.
  const recipe = hints[`body:${op.method} ${op.path}`];
  const validBody = bodySchema
    ? recipe
      ? fc.oneof(fromSchema(doc, bodySchema, hints), recipe)
      : fromSchema(doc, bodySchema, hints)
    : fc.constant(undefined);
  const body = bodySchema
    ? fc.tuple(validBody, mutation, encoding, fc.integer({ min: 10, max: 20_000 }))
    : fc.tuple(
        fc.constant(undefined),
        fc.constant<Mutation>({ kind: 'none' }),
        fc.oneof(
          { weight: 9, arbitrary: fc.constant<Encoding>('absent') },
          { weight: 1, arbitrary: encoding },
        ),
        fc.integer({ min: 10, max: 20_000 }),
      );

  return fc
    .record({
      path,
      query,
      extraQuery,
      auth,
      headerValues,
      body,
      remoteAddress,
      xff: fc.option(remoteAddress, { freq: 8 }),
    })
    .map(
      ({ path, query, extraQuery, auth, headerValues, body: [value, m, how, depth], remoteAddress, xff }) => {
        let url = op.path;
        for (const [name, v] of Object.entries(path)) url = url.replace(`{${name}}`, v);
        const entries: [string, string][] = [];
        for (const [name, v] of Object.entries(query))
          for (const text of asText(v)) entries.push([name, text]);
        url += queryString([...entries, ...extraQuery]);
        const headers: Record<string, string> = {};
        for (const [name, v] of Object.entries(headerValues)) {
          const text = asText(v)[0];
          if (text !== undefined) headers[name] = headerSafe(text);
        }
        if (xff) headers['x-forwarded-for'] = xff;
        const mutated = mutate(value, m);
        const encoded = bodySchema || how !== 'absent' ? encode(mutated ?? {}, how, depth) : { headers: {} };
        return {
          method: op.method,
          url,
          auth,
          headers: { ...headers, ...encoded.headers },
          ...(encoded.payload !== undefined ? { payload: encoded.payload } : {}),
          kind: `${m.kind === 'none' ? 'valid-shape' : `mutated-${m.kind}`}/${how}`,
          remoteAddress,
        };
      },
    );
}

/** Methods and paths nobody documented: the 404/405 answers must still be the error body. */
export const strayRequests: fc.Arbitrary<FuzzRequest> = fc
  .record({
    method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE'),
    path: fc.oneof(
      fc.constantFrom(
        '/api',
        '/api/',
        '/api/order',
        '/api/order/orders/x/y/z',
        '/api/shop',
        '/api/admin',
        '/api/webhooks',
        '/api/health/x',
        '/api/%',
        '/api/..%2f..%2fetc%2fpasswd',
      ),
      fc.string({ maxLength: 20 }).map((s) => `/api/${encodeSafely(s)}`),
    ),
    auth: fc.constantFrom<AuthLabel>(...AUTH_LABELS),
  })
  .map(({ method, path, auth }): FuzzRequest => {
    const bodyless = method === 'GET' || method === 'DELETE';
    return {
      method,
      url: path,
      auth,
      headers: bodyless ? {} : { 'content-type': 'application/json' },
      ...(bodyless ? {} : { payload: '{}' }),
      kind: 'stray',
      remoteAddress: '127.0.0.1',
    };
  });
