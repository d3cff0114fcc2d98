import { ERROR_CATALOGUE } from '@b2bpay/domain';
import { API_REFERENCE_STYLE } from './api-reference-style';

/**
 * The API reference at /api/docs: one static HTML page in Russian, rendered from the OpenAPI document
 * the API serves at /api/openapi.json (so it cannot disagree with it), without any script. Swagger UI,
 * Redoc and Scalar have no Russian interface (ARCHITECTURE.md), hence our own page.
 */

type Json = Record<string, unknown>;

interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  description?: string;
  schema?: Json;
}
interface Media {
  schema?: Json;
  example?: unknown;
}
interface Response {
  description?: string;
  content?: Record<string, Media>;
  headers?: Record<string, { description?: string; schema?: Json }>;
}
interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, Media> };
  responses?: Record<string, Response>;
  security?: Record<string, unknown>[];
  'x-permission'?: string;
}
export interface ReferenceDocument {
  info?: { title?: string; description?: string; version?: string };
  servers?: { url: string }[];
  paths?: Record<string, Record<string, unknown>>;
  webhooks?: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, Json>; securitySchemes?: Record<string, Json> } & Json;
  tags?: { name: string; description?: string }[];
  /** Set by renderApiReference: component schemas shown once, under «Объекты», and linked elsewhere. */
  shared?: ReadonlySet<string>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Russian headings for the document's tags (their names are the API's own identifiers). */
const TAG_TITLES: Record<string, string> = {
  orders: 'Заказы',
  events: 'Журнал событий',
  webhooks: 'Вебхуки и настройки магазина',
  buyer: 'Анкета покупателя',
  shops: 'Магазины',
  'shop area': 'Кабинет магазина',
  cabinet: 'Личный кабинет',
  landing: 'Заявка на подключение',
  admin: 'Администрирование',
  service: 'Служебные адреса',
};

/** How each security scheme is named in a sentence («Авторизация: секретный ключ или …»). */
const SCHEME_TITLES: Record<string, string> = {
  SecretKey: 'секретный ключ',
  PublishableKey: 'публикуемый ключ',
  CabinetSession: 'сессия личного кабинета',
  AdminAuth: 'ключ администратора (ADMIN_TOKEN)',
  BankKey: 'ключ банка',
  StaffSession: 'сессия сотрудника',
};

const PARAMETER_PLACES: [string, string][] = [
  ['path', 'Параметры пути'],
  ['query', 'Параметры запроса'],
  ['header', 'Заголовки'],
];

const SCALAR_TYPES: Record<string, [single: string, arrayOf: string]> = {
  string: ['строка', 'строк'],
  integer: ['целое число', 'целых чисел'],
  number: ['число', 'чисел'],
  boolean: ['логическое значение (true или false)', 'логических значений'],
  object: ['объект', 'объектов'],
  array: ['массив', 'массивов'],
};
const FORMATS: Record<string, string> = {
  uuid: 'строка (UUID)',
  email: 'строка (адрес e-mail)',
  'date-time': 'дата и время (ISO 8601)',
  date: 'дата (ГГГГ-ММ-ДД)',
  uri: 'строка (URL)',
};
/** JavaScript's safe-integer bounds, which zod writes on every integer: no constraint worth a line. */
const SAFE_INTEGER = 9_007_199_254_740_991;
const MAX_DEPTH = 6;

export const esc = (text: unknown) =>
  String(text)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
const code = (text: unknown) => `<code>${esc(text)}</code>`;
const literal = (value: unknown) => code(JSON.stringify(value));
const slug = (text: string) => text.replace(/[^\w-]+/g, '-');
export const operationAnchor = (operationId: string) => `op-${slug(operationId)}`;
export const eventAnchor = (type: string) => `event-${slug(type)}`;
const tagAnchor = (tag: string) => `tag-${slug(tag)}`;

// ————— schemas —————

interface Shape {
  /** The schema with $ref followed and allOf merged. */
  schema: Json;
  nullable: boolean;
  /** anyOf/oneOf members other than null, when more than one is left. */
  variants: Json[];
  /** The $ref names followed to get here (a cycle stops there). */
  refs: string[];
  /** The component this schema is, when it is one. */
  ref?: string;
  /** A component met again inside itself (Thing.parent is a Thing): named, not expanded. */
  cycle?: boolean;
}

function shapeOf(input: Json | undefined, doc: ReferenceDocument, refs: string[] = []): Shape {
  let schema: Json = input ?? {};
  const followed = [...refs];
  const ref = typeof schema.$ref === 'string' ? schema.$ref.replace('#/components/schemas/', '') : undefined;
  while (typeof schema.$ref === 'string') {
    const name = schema.$ref.replace('#/components/schemas/', '');
    if (followed.includes(name))
      return {
        schema: { type: 'object' },
        nullable: false,
        variants: [],
        refs: followed,
        ref: name,
        cycle: true,
      };
    followed.push(name);
    const { $ref: _ref, ...rest } = schema;
    schema = { ...(doc.components?.schemas?.[name] ?? {}), ...rest };
  }
  if (Array.isArray(schema.allOf)) {
    const merged: Json = { ...schema, properties: {}, required: [] };
    delete merged.allOf;
    for (const member of schema.allOf as Json[]) {
      const part = shapeOf(member, doc, followed).schema;
      for (const [key, value] of Object.entries(part)) {
        if (key === 'properties') {
          const into = merged.properties as Record<string, Json>;
          for (const [name, property] of Object.entries(value as Record<string, Json>))
            into[name] = { ...(into[name] ?? {}), ...property };
        } else if (key === 'required') (merged.required as string[]).push(...(value as string[]));
        else if (!(key in merged) || key === 'type') merged[key] = value;
      }
    }
    schema = merged;
  }
  let nullable = false;
  let variants: Json[] = [];
  const union = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (Array.isArray(union)) {
    const members = union.filter((member) => member.type !== 'null');
    nullable = members.length < union.length;
    const { anyOf: _any, oneOf: _one, ...own } = schema;
    if (members.length === 1) {
      const inner = shapeOf(members[0], doc, followed);
      return {
        ...inner,
        schema: { ...inner.schema, ...own },
        nullable: nullable || inner.nullable,
        ...(ref ? { ref } : {}),
      };
    }
    schema = own;
    variants = members;
  }
  if (Array.isArray(schema.type)) {
    const types = schema.type.filter((type) => type !== 'null');
    nullable ||= types.length < schema.type.length;
    schema = { ...schema, type: types.length === 1 ? types[0] : types };
  }
  return { schema, nullable, variants, refs: followed, ...(ref ? { ref } : {}) };
}

/** A component shown once under «Объекты»: linked, not expanded again. */
const sharedName = (shape: Shape, doc: ReferenceDocument) =>
  shape.ref && doc.shared?.has(shape.ref) && shape.variants.length === 0 ? shape.ref : undefined;
const objectLink = (name: string) => `<a href="#schema-${slug(name)}">${esc(name)}</a>`;

const isObject = (schema: Json) =>
  schema.type === 'object' || (schema.type === undefined && schema.properties !== undefined);

/** The type in Russian words (HTML: a shared object's name links to its table). */
function typeLabel(shape: Shape, doc: ReferenceDocument): string {
  const { schema } = shape;
  const shared = sharedName(shape, doc);
  let label: string;
  if (shape.cycle && shape.ref) {
    label = `объект ${esc(shape.ref)} (такой же, как содержащий его)`;
  } else if (shared) {
    label = `объект ${objectLink(shared)}`;
  } else if (shape.variants.length > 0) {
    label = shape.variants.map((variant) => typeLabel(shapeOf(variant, doc, shape.refs), doc)).join(' или ');
  } else if (schema.type === 'array') {
    const item = shapeOf(schema.items as Json | undefined, doc, shape.refs);
    const itemType =
      typeof item.schema.type === 'string' ? item.schema.type : isObject(item.schema) ? 'object' : '';
    const plural = SCALAR_TYPES[itemType]?.[1];
    const itemShared = sharedName(item, doc);
    label = itemShared
      ? `массив объектов ${objectLink(itemShared)}`
      : plural && item.variants.length === 0
        ? `массив ${plural}`
        : 'массив';
  } else if (isObject(schema)) {
    label = schema.properties ? 'объект' : 'объект (ключ — значение)';
  } else if (typeof schema.format === 'string' && FORMATS[schema.format]) {
    label = FORMATS[schema.format] as string;
  } else if (typeof schema.type === 'string') {
    label = SCALAR_TYPES[schema.type]?.[0] ?? esc(schema.type);
  } else if (Array.isArray(schema.type)) {
    label = schema.type.map((type) => SCALAR_TYPES[String(type)]?.[0] ?? esc(type)).join(' или ');
  } else if (schema.const !== undefined) {
    label = typeof schema.const === 'string' ? 'строка' : 'значение';
  } else if (Array.isArray(schema.enum)) {
    label = 'строка';
  } else {
    label = 'любое значение';
  }
  return shape.nullable ? `${label} или null` : label;
}

/** Numbers as Russian text writes them: «1 000 000», «0,01». */
const RU_NUMBER = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 20 });
const num = (value: unknown) => (typeof value === 'number' ? RU_NUMBER.format(value) : String(value));
const range = (min: unknown, max: unknown, unit: string) => {
  if (typeof min === 'number' && typeof max === 'number') return `от ${num(min)} до ${num(max)}${unit}`;
  if (typeof max === 'number') return `не больше ${num(max)}${unit}`;
  if (typeof min === 'number') return `не меньше ${num(min)}${unit}`;
  return null;
};
/** A sentence ends with a full stop (descriptions in the document sometimes lack it). */
const sentence = (text: string) => (/[.!?…:]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/** The constraints of a schema, one short Russian sentence each (HTML). */
function constraints(shape: Shape, doc: ReferenceDocument): string[] {
  const { schema } = shape;
  const notes: string[] = [];
  if (schema.const !== undefined) notes.push(`Всегда ${literal(schema.const)}.`);
  else if (Array.isArray(schema.enum)) notes.push(`Значения: ${schema.enum.map(literal).join(', ')}.`);
  const length = range(schema.minLength, schema.maxLength, ' символов');
  if (length) notes.push(`Длина ${length}.`);
  const bound = (value: unknown) => typeof value === 'number' && Math.abs(value) < SAFE_INTEGER;
  const min = bound(schema.minimum) ? schema.minimum : undefined;
  const max = bound(schema.maximum) ? schema.maximum : undefined;
  const numbers = range(min, max, '');
  if (numbers) notes.push(`${numbers[0]?.toUpperCase()}${numbers.slice(1)}.`);
  if (bound(schema.exclusiveMinimum)) notes.push(`Больше ${num(schema.exclusiveMinimum)}.`);
  if (bound(schema.exclusiveMaximum)) notes.push(`Меньше ${num(schema.exclusiveMaximum)}.`);
  const items = range(schema.minItems, schema.maxItems, '');
  if (items) notes.push(`Элементов: ${items}.`);
  if (typeof schema.pattern === 'string' && schema.format === undefined)
    notes.push(`Шаблон: ${code(schema.pattern)}.`);
  if (schema.default !== undefined) notes.push(`По умолчанию ${literal(schema.default)}.`);
  if (shape.variants.length === 0 && schema.type === 'array') {
    const item = shapeOf(schema.items as Json | undefined, doc, shape.refs);
    if (!isObject(item.schema)) notes.push(...constraints(item, doc).map((note) => `Элемент: ${note}`));
  }
  if (isObject(schema) && !schema.properties && schema.additionalProperties) {
    const keys = shapeOf(schema.propertyNames as Json | undefined, doc);
    const values = shapeOf(schema.additionalProperties as Json, doc);
    const keyNotes = constraints(keys, doc);
    if (keyNotes.length > 0) notes.push(`Ключ: ${keyNotes.join(' ')}`);
    if (Object.keys(values.schema).length > 0)
      notes.push(`Значение: ${typeLabel(values, doc)}. ${constraints(values, doc).join(' ')}`.trim());
  }
  return notes;
}

interface FieldRow {
  name: string;
  depth: number;
  required: boolean;
  type: string;
  notes: string[];
}

/** The fields of a schema as rows: nested objects, arrays of objects and variants as dotted names. */
function fieldRows(
  shape: Shape,
  doc: ReferenceDocument,
  prefix: string,
  depth: number,
  rows: FieldRow[],
  root = false,
) {
  if (depth > MAX_DEPTH || (!root && sharedName(shape, doc))) return;
  const { schema } = shape;
  if (shape.variants.length > 0) {
    shape.variants.forEach((variant, index) => {
      const inner = shapeOf(variant, doc, shape.refs);
      const before = rows.length;
      fieldRows(inner, doc, prefix, depth, rows);
      for (const row of rows.slice(before)) row.notes.unshift(`Вариант ${index + 1}.`);
    });
    return;
  }
  if (schema.type === 'array') {
    fieldRows(
      shapeOf(schema.items as Json | undefined, doc, shape.refs),
      doc,
      `${prefix}[]`,
      depth,
      rows,
      root,
    );
    return;
  }
  if (!isObject(schema) || !schema.properties) return;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  for (const [name, property] of Object.entries(schema.properties as Record<string, Json>)) {
    const inner = shapeOf(property, doc, shape.refs);
    const description = property.description ?? inner.schema.description;
    rows.push({
      name: prefix ? `${prefix}.${name}` : name,
      depth,
      required: required.has(name),
      type: typeLabel(inner, doc),
      notes: [
        ...(typeof description === 'string' ? [esc(sentence(description))] : []),
        ...constraints(inner, doc),
      ],
    });
    fieldRows(inner, doc, prefix ? `${prefix}.${name}` : name, depth + 1, rows);
  }
}

function fieldTable(caption: string, rows: FieldRow[], firstColumn = 'Поле'): string {
  if (rows.length === 0) return '';
  const body = rows
    .map(
      (row) =>
        `<tr><th scope="row" class="d${Math.min(row.depth, 4)}">${code(row.name)}` +
        `${row.required ? ' <span class="req">обязательное</span>' : ''}</th>` +
        `<td data-label="Тип">${row.type}</td><td>${row.notes.join(' ')}</td></tr>`,
    )
    .join('');
  return (
    `<table class="fields"><caption class="sr">${esc(caption)}</caption><thead><tr>` +
    `<th scope="col">${firstColumn}</th><th scope="col">Тип</th><th scope="col">Описание</th></tr></thead>` +
    `<tbody>${body}</tbody></table>`
  );
}

/** A body's fields; a shared object (or a list of them) is named and linked instead, unless `expand`. */
function schemaTable(
  caption: string,
  schema: Json | undefined,
  doc: ReferenceDocument,
  expand = false,
): string {
  const shape = shapeOf(schema, doc);
  const item =
    shape.schema.type === 'array' ? shapeOf(shape.schema.items as Json, doc, shape.refs) : undefined;
  const shared = expand ? undefined : sharedName(shape, doc);
  const sharedItem = expand || !item ? undefined : sharedName(item, doc);
  const nullable = shape.nullable ? ' или null' : '';
  if (shared) return `<p>Объект ${objectLink(shared)}${nullable}: поля — в разделе «Объекты».</p>`;
  if (sharedItem)
    return `<p>Массив объектов ${objectLink(sharedItem)}${nullable}: поля — в разделе «Объекты».</p>`;
  // A shared object narrowed by constants (a webhook's body: WebhookEvent with its own `event`).
  const [base, ...narrowing] = Array.isArray(schema?.allOf) ? (schema.allOf as Json[]) : [];
  const baseName = !expand && base ? sharedName(shapeOf(base, doc), doc) : undefined;
  const constants = narrowing.flatMap((part) =>
    Object.entries((part.properties as Record<string, Json> | undefined) ?? {}).map(([name, property]) =>
      property.const === undefined ? null : `поле ${code(name)} — всегда ${literal(property.const)}`,
    ),
  );
  if (baseName && constants.length > 0 && constants.every((text) => text !== null)) {
    return `<p>Объект ${objectLink(baseName)}: ${constants.join(', ')}; остальные поля — в разделе «Объекты».</p>`;
  }
  const rows: FieldRow[] = [];
  fieldRows(shape, doc, '', 0, rows, expand);
  return fieldTable(caption, rows);
}

const example = (label: string, value: unknown) =>
  value === undefined
    ? ''
    : `<p class="label">${esc(label)}</p><pre><code>${esc(JSON.stringify(value, null, 2))}</code></pre>`;

const paragraphs = (text: string | undefined) =>
  text
    ? text
        .split(/\n{2,}/)
        .map((part) => `<p>${esc(part.trim())}</p>`)
        .join('')
    : '';

// ————— operations —————

interface Entry {
  method: string;
  path: string;
  operation: Operation;
}

function operationsOf(items: Record<string, Record<string, unknown>> | undefined): Entry[] {
  return Object.entries(items ?? {}).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({
      method,
      path,
      operation: item[method] as Operation,
    })),
  );
}

const schemeLink = (name: string) => `<a href="#auth-${slug(name)}">${esc(SCHEME_TITLES[name] ?? name)}</a>`;

function authText(security: Record<string, unknown>[] | undefined): string {
  if (!security || security.length === 0) return 'не нужна';
  const ways = security.filter((way) => Object.keys(way).length > 0);
  const text = ways.map((way) => Object.keys(way).map(schemeLink).join(' и ')).join(' или ');
  return ways.length < security.length ? `${text} или без неё` : text;
}

const usesErrorBody = (response: Response) =>
  Object.values(response.content ?? {}).some((media) => media.schema?.$ref === '#/components/schemas/Error');

function parametersHtml(entry: Entry, doc: ReferenceDocument, id: string): string {
  const parameters = entry.operation.parameters ?? [];
  return PARAMETER_PLACES.map(([place, title]) => {
    const list = parameters.filter((parameter) => parameter.in === place);
    if (list.length === 0) return '';
    const rows = list.map((parameter) => {
      const shape = shapeOf(parameter.schema, doc);
      const description = parameter.description ?? shape.schema.description;
      return {
        name: parameter.name,
        depth: 0,
        required: parameter.required === true,
        type: typeLabel(shape, doc),
        notes: [
          ...(typeof description === 'string' ? [esc(sentence(description))] : []),
          ...constraints(shape, doc),
        ],
      };
    });
    return (
      `<h4 id="${id}-${place}">${title}</h4>` +
      fieldTable(`${title}: ${entry.method.toUpperCase()} ${entry.path}`, rows, 'Имя')
    );
  }).join('');
}

function requestBodyHtml(entry: Entry, doc: ReferenceDocument, id: string): string {
  const body = entry.operation.requestBody;
  const [type, media] = Object.entries(body?.content ?? {})[0] ?? [];
  if (!body || !type || !media) return '';
  const shape = shapeOf(media.schema, doc);
  const optional = !body.required || shape.nullable;
  return (
    `<h4 id="${id}-body">Тело запроса</h4>` +
    `<p>${code(type)}${optional ? '; тело можно не передавать' : ''}.</p>` +
    schemaTable(`Тело запроса: ${entry.method.toUpperCase()} ${entry.path}`, media.schema, doc) +
    example('Пример тела запроса', media.example)
  );
}

/**
 * An error answer's description as the document writes it (openapi-polish.ts: «CODE: meaning.» for
 * every code of the status, from the error catalogue) becomes the list of its codes, explained once in
 * the catalogue at the end of the page; any other text stays as written. Plain text: the page is long,
 * and thousands of small elements would only slow it (and its accessibility checks) down.
 */
function errorCodes(description: string | undefined): string {
  const text = description ?? '';
  const entries = ERROR_CATALOGUE.filter((entry) => text.includes(`${entry.code}: `));
  const generated = entries.map((entry) => `${entry.code}: ${entry.meaning}`).join(' ');
  if (entries.length === 0 || generated !== text) return esc(text);
  return entries.map((entry) => esc(entry.code)).join(', ');
}

function responsesHtml(entry: Entry, doc: ReferenceDocument, id: string): string {
  const responses = Object.entries(entry.operation.responses ?? {});
  const plain = responses.filter(([, response]) => !usesErrorBody(response));
  const errors = responses.filter(([, response]) => usesErrorBody(response));
  const parts = plain.map(([status, response]) => {
    const [type, media] = Object.entries(response.content ?? {})[0] ?? [];
    const isJson = type === 'application/json';
    return (
      `<h5>${esc(status)} — ${esc(response.description ?? '')}</h5>` +
      (type && !isJson ? `<p>Тело: ${code(type)}.</p>` : '') +
      (media && isJson
        ? schemaTable(`Ответ ${status}: ${entry.method.toUpperCase()} ${entry.path}`, media.schema, doc) +
          example(`Пример ответа ${status}`, media.example)
        : '')
    );
  });
  const errorList =
    errors.length === 0
      ? ''
      : '<h5>Ошибки</h5><p>Тело — <a href="#errors">объект ошибки</a> (там же — что значит каждый код); ' +
        `в каждом ответе — заголовок ${code('X-Request-Id')}.</p><ul class="codes">` +
        errors
          .map(([status, response]) => `<li>${esc(status)} — ${errorCodes(response.description)}</li>`)
          .join('') +
        '</ul>';
  return `<h4 id="${id}-responses">Ответы</h4>${parts.join('')}${errorList}`;
}

function operationHtml(
  entry: Entry,
  doc: ReferenceDocument,
  anchor: string,
  heading: string,
  signed = false,
): string {
  const { operation } = entry;
  const permission = operation['x-permission'];
  return (
    `<section class="op" id="${anchor}" aria-labelledby="${anchor}-title">` +
    `<h3 id="${anchor}-title">${heading}</h3>` +
    (operation.operationId ? `<p class="opid">operationId: ${code(operation.operationId)}</p>` : '') +
    paragraphs(operation.description) +
    (signed
      ? '<p><strong>Подпись:</strong> заголовки webhook-id, webhook-timestamp и webhook-signature (Standard Webhooks).</p>'
      : `<p><strong>Авторизация:</strong> ${authText(operation.security)}` +
        (permission ? `; право ${code(permission)}` : '') +
        '.</p>') +
    parametersHtml(entry, doc, anchor) +
    requestBodyHtml(entry, doc, anchor) +
    responsesHtml(entry, doc, anchor) +
    '</section>'
  );
}

const methodBadge = (method: string) => `<span class="m m-${method}">${method.toUpperCase()}</span>`;
const operationHeading = (entry: Entry) =>
  `${methodBadge(entry.method)} <span class="path">${esc(entry.path)}</span>` +
  (entry.operation.summary ? `<span class="sum">${esc(entry.operation.summary)}</span>` : '');

// ————— the page —————

interface Group {
  tag: string;
  title: string;
  description?: string;
  entries: Entry[];
}

function groupsOf(doc: ReferenceDocument): Group[] {
  const entries = operationsOf(doc.paths);
  const described = new Map((doc.tags ?? []).map((tag) => [tag.name, tag.description]));
  const order = [...described.keys()];
  for (const entry of entries) {
    const tag = entry.operation.tags?.[0] ?? 'other';
    if (!order.includes(tag)) order.push(tag);
  }
  return order
    .map((tag) => ({
      tag,
      title: TAG_TITLES[tag] ?? described.get(tag) ?? 'Прочее',
      ...(described.get(tag) ? { description: described.get(tag) } : {}),
      entries: entries.filter((entry) => (entry.operation.tags?.[0] ?? 'other') === tag),
    }))
    .filter((group) => group.entries.length > 0);
}

function contents(groups: Group[], events: Entry[], doc: ReferenceDocument): string {
  const schemes = Object.keys(doc.components?.securitySchemes ?? {});
  const groupItems = groups
    .map(
      (group) =>
        `<li><a href="#${tagAnchor(group.tag)}">${esc(group.title)}</a><ul>` +
        group.entries
          .map(
            (entry) =>
              `<li><a href="#${operationAnchor(entry.operation.operationId ?? `${entry.method}-${entry.path}`)}">` +
              `${methodBadge(entry.method)} ${esc(entry.operation.summary ?? entry.path)}</a></li>`,
          )
          .join('') +
        '</ul></li>',
    )
    .join('');
  const eventItems = events
    .map((entry) => `<li><a href="#${eventAnchor(entry.path)}">${code(entry.path)}</a></li>`)
    .join('');
  const objects = [...(doc.shared ?? [])]
    .map((name) => `<li><a href="#schema-${slug(name)}">${code(name)}</a></li>`)
    .join('');
  return (
    '<nav class="toc" aria-labelledby="toc-title"><h2 id="toc-title">Содержание</h2><ul>' +
    (schemes.length > 0 ? '<li><a href="#auth">Авторизация</a></li>' : '') +
    groupItems +
    (events.length > 0 ? `<li><a href="#webhooks">Вебхуки: события</a><ul>${eventItems}</ul></li>` : '') +
    (objects ? `<li><a href="#objects">Объекты</a><ul>${objects}</ul></li>` : '') +
    '<li><a href="#errors">Объект ошибки и коды</a></li></ul></nav>'
  );
}

function authSection(doc: ReferenceDocument): string {
  const schemes = Object.entries(doc.components?.securitySchemes ?? {});
  if (schemes.length === 0) return '';
  return (
    '<section id="auth" aria-labelledby="auth-title"><h2 id="auth-title">Авторизация</h2>' +
    '<p>У каждой операции указано, чем она авторизуется; «или» — любой из способов.</p><dl class="schemes">' +
    schemes
      .map(([name, scheme]) => {
        const title = SCHEME_TITLES[name] ?? name;
        const how =
          scheme.type === 'http'
            ? `Заголовок ${code(`Authorization: Bearer ${scheme.bearerFormat ?? '…'}`)}.`
            : scheme.in === 'cookie'
              ? `Cookie ${code(scheme.name)}.`
              : '';
        return (
          `<dt id="auth-${slug(name)}">${esc(title[0]?.toUpperCase() + title.slice(1))} ${code(name)}</dt>` +
          `<dd>${scheme.description ? esc(sentence(String(scheme.description))) : ''} ${how}</dd>`
        );
      })
      .join('') +
    '</dl></section>'
  );
}

function webhooksSection(events: Entry[], doc: ReferenceDocument): string {
  if (events.length === 0) return '';
  return (
    '<section id="webhooks" aria-labelledby="webhooks-title"><h2 id="webhooks-title">Вебхуки: события</h2>' +
    '<p>B2BPay отправляет на адрес вебхука магазина POST с телом события в JSON, подписанный по Standard ' +
    'Webhooks. Ниже — каждое событие, его заголовки и тело.</p>' +
    events
      .map((entry) =>
        operationHtml(
          entry,
          doc,
          eventAnchor(entry.path),
          `${methodBadge(entry.method)} <span class="path">${esc(entry.path)}</span>`,
          true,
        ),
      )
      .join('') +
    '</section>'
  );
}

function errorsSection(doc: ReferenceDocument): string {
  const errorSchema = doc.components?.schemas?.Error;
  const rows = ERROR_CATALOGUE.map(
    (entry) =>
      `<tr id="error-${slug(entry.code)}"><th scope="row">${code(entry.code)}</th><td data-label="HTTP">${entry.statuses.join(', ')}</td>` +
      `<td>${esc(entry.meaning)}</td><td data-label="Что делать">${esc(entry.action)}</td></tr>`,
  ).join('');
  return (
    '<section id="errors" aria-labelledby="errors-title"><h2 id="errors-title">Объект ошибки и коды</h2>' +
    '<p>Каждая ошибка приходит в одном виде: JSON с полями ниже и заголовок X-Request-Id.</p>' +
    (errorSchema ? schemaTable('Поля объекта ошибки', { $ref: '#/components/schemas/Error' }, doc) : '') +
    '<h3 id="error-codes">Коды ошибок</h3><table class="fields codes-table"><caption class="sr">Коды ошибок' +
    '</caption><thead><tr><th scope="col">Код</th><th scope="col">HTTP</th><th scope="col">Что случилось</th>' +
    `<th scope="col">Что делать</th></tr></thead><tbody>${rows}</tbody></table></section>`
  );
}

/** Every component a part of the document refers to, directly or through other components. */
function reachable(doc: ReferenceDocument, roots: unknown[]): Set<string> {
  const found = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...node);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')) {
          const name = value.slice('#/components/schemas/'.length);
          if (!found.has(name)) {
            found.add(name);
            stack.push(doc.components?.schemas?.[name]);
          }
        } else stack.push(value);
      }
    }
  }
  return found;
}

/** Objects big enough (SHARED_ROWS fields or more) and used by two operations or more: shown once. */
const SHARED_ROWS = 8;
function sharedSchemas(doc: ReferenceDocument, entries: Entry[]): string[] {
  const uses = new Map<string, number>();
  for (const { operation } of entries) {
    const answers = Object.values(operation.responses ?? {}).filter((response) => !usesErrorBody(response));
    for (const name of reachable(doc, [operation.requestBody, answers, operation.parameters]))
      uses.set(name, (uses.get(name) ?? 0) + 1);
  }
  return [...uses]
    .filter(([name, count]) => {
      if (count < 2 || name === 'Error') return false;
      const rows: FieldRow[] = [];
      fieldRows(shapeOf({ $ref: `#/components/schemas/${name}` }, doc), doc, '', 0, rows, true);
      return rows.length >= SHARED_ROWS;
    })
    .map(([name]) => name);
}

function objectsSection(names: string[], doc: ReferenceDocument): string {
  if (names.length === 0) return '';
  return (
    '<section id="objects" aria-labelledby="objects-title"><h2 id="objects-title">Объекты</h2>' +
    '<p>Объекты, которые встречаются в нескольких операциях, описаны здесь один раз.</p>' +
    names
      .map((name) => {
        const schema = doc.components?.schemas?.[name] ?? {};
        const anchor = `schema-${slug(name)}`;
        const examples = schema.examples;
        return (
          `<section class="op" id="${anchor}" aria-labelledby="${anchor}-title">` +
          `<h3 id="${anchor}-title">${esc(name)}</h3>` +
          (typeof schema.description === 'string' ? `<p>${esc(sentence(schema.description))}</p>` : '') +
          schemaTable(`Поля объекта ${name}`, { $ref: `#/components/schemas/${name}` }, doc, true) +
          (Array.isArray(examples) ? example(`Пример: ${name}`, examples[0]) : '') +
          '</section>'
        );
      })
      .join('') +
    '</section>'
  );
}

/** The whole page for one OpenAPI document. */
export function renderApiReference(input: ReferenceDocument): string {
  const events = operationsOf(input.webhooks);
  const objects = sharedSchemas(input, [...operationsOf(input.paths), ...events]);
  const doc: ReferenceDocument = { ...input, shared: new Set(objects) };
  const groups = groupsOf(doc);
  const title = doc.info?.title ?? 'API';
  // «B2BPay API» → «Справочник API B2BPay».
  const name = title.replace(/\s*API$/, '');
  const server = doc.servers?.[0]?.url;
  const groupsHtml = groups
    .map(
      (group) =>
        `<section class="group" id="${tagAnchor(group.tag)}" aria-labelledby="${tagAnchor(group.tag)}-title">` +
        `<h2 id="${tagAnchor(group.tag)}-title">${esc(group.title)}</h2>` +
        (group.description ? `<p>${esc(group.description)}</p>` : '') +
        group.entries
          .map((entry) =>
            operationHtml(
              entry,
              doc,
              operationAnchor(entry.operation.operationId ?? `${entry.method}-${entry.path}`),
              operationHeading(entry),
            ),
          )
          .join('') +
        '</section>',
    )
    .join('');
  return (
    '<!doctype html><html lang="ru"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<link rel="icon" type="image/svg+xml" href="/favicon.svg">' +
    `<title>Справочник API ${esc(name)}</title><style>${API_REFERENCE_STYLE}</style></head><body>` +
    '<a class="skip" href="#main">Перейти к справочнику</a>' +
    '<header class="top"><p class="brand"><a href="/">B2BPay</a></p>' +
    '<p class="links"><a href="/shops/api-docs">Руководство по API</a> · ' +
    '<a href="/api/openapi.json">Документ OpenAPI 3.1 (JSON)</a></p></header>' +
    `<div class="layout">${contents(groups, events, doc)}<main id="main" tabindex="-1">` +
    `<h1>Справочник API ${esc(name)}</h1>` +
    (doc.info?.version ? `<p class="muted">Версия ${esc(doc.info.version)}.</p>` : '') +
    paragraphs(doc.info?.description) +
    (server ? `<p>Адрес сервера: ${code(server)}.</p>` : '') +
    authSection(doc) +
    groupsHtml +
    webhooksSection(events, doc) +
    objectsSection(objects, doc) +
    errorsSection(doc) +
    '</main></div></body></html>'
  );
}
