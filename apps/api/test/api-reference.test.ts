import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ERROR_CATALOGUE } from '@b2bpay/domain';
import { describe, expect, it } from 'vitest';
import { eventAnchor, operationAnchor, renderApiReference } from '../src/plugins/api-reference';
import { describeApi } from './support/describe-api';

/**
 * The API reference at /api/docs is rendered from the same document as /api/openapi.json: every
 * operation and every webhook event of that document is on the page, in Russian, with working anchors.
 */

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
// biome-ignore lint/suspicious/noExplicitAny: the document is walked as plain JSON
type Doc = any;

/** The text of the element with this id up to the next operation's section. */
function sectionOf(html: string, id: string): string {
  const start = html.indexOf(`id="${id}"`);
  expect(start, id).toBeGreaterThan(0);
  const end = html.indexOf('<section class="op"', start + 1);
  return html.slice(start, end > 0 ? end : undefined);
}

describeApi('the API reference page', (t) => {
  it('answers Russian HTML with every operation and every webhook event of the OpenAPI document', async () => {
    const doc: Doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = page.body;
    expect(html).toMatch(/^<!doctype html><html lang="ru">/);
    expect(html).not.toMatch(/swagger/i);
    for (const label of [
      'Справочник API',
      'Содержание',
      'Параметры пути',
      'Параметры запроса',
      'Тело запроса',
    ]) {
      expect(html, label).toContain(label);
    }
    for (const label of [
      'Ответы',
      'обязательное',
      'Вебхуки: события',
      'Объект ошибки и коды',
      'Авторизация',
    ]) {
      expect(html, label).toContain(label);
    }

    let operations = 0;
    for (const [path, item] of Object.entries(doc.paths as Record<string, Doc>)) {
      for (const method of METHODS.filter((m) => item[m])) {
        operations += 1;
        const op = item[method];
        const section = sectionOf(html, operationAnchor(op.operationId));
        expect(section, op.operationId).toContain(
          `>${method.toUpperCase()}</span> <span class="path">${path}<`,
        );
        expect(section, op.operationId).toContain(op.summary);
        for (const parameter of op.parameters ?? []) {
          expect(section, `${op.operationId} ${parameter.name}`).toContain(`<code>${parameter.name}</code>`);
        }
        // The contents list links to it.
        expect(html, op.operationId).toContain(`href="#${operationAnchor(op.operationId)}"`);
      }
    }
    expect(operations).toBeGreaterThan(40);

    const events = Object.keys(doc.webhooks);
    expect(events).toContain('order.created');
    for (const type of events) {
      const section = sectionOf(html, eventAnchor(type));
      expect(section, type).toContain(`<span class="path">${type}</span>`);
      expect(section, type).toContain(`&quot;${type}&quot;`);
      expect(html, type).toContain(`href="#${eventAnchor(type)}"`);
    }
    for (const entry of ERROR_CATALOGUE) expect(html, entry.code).toContain(`id="error-${entry.code}"`);
  });

  it('every link inside the page has its target, and no id is used twice', async () => {
    const html = (await t.app.inject({ method: 'GET', url: '/api/docs' })).body;
    const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
    const targets = new Set([...html.matchAll(/href="#([^"]+)"/g)].map((m) => m[1]));
    expect(targets.size).toBeGreaterThan(50);
    for (const target of targets) expect(ids, target).toContain(target);
  });

  it('answers /api/docs/ too, gzip when asked, and 304 for its ETag', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const slash = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(slash.statusCode).toBe(200);
    expect(slash.body).toBe(plain.body);
    const gzip = await t.app.inject({
      method: 'GET',
      url: '/api/docs',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    // The encoding is negotiated: brotli when preferred, and nothing a client refuses (q=0).
    const brotli = await t.app.inject({
      method: 'GET',
      url: '/api/docs',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString('utf8')).toBe(plain.body);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/docs',
      headers: { 'accept-encoding': 'gzip;q=0, identity' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/docs',
      headers: { 'if-none-match': String(plain.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});

describe('renderApiReference', () => {
  const page = renderApiReference({
    info: { title: 'Тест API', version: '2.0.0' },
    paths: {
      '/things/{id}': {
        patch: {
          operationId: 'patchThing',
          summary: 'Изменить вещь',
          tags: ['things'],
          security: [{ SecretKey: [] }, {}],
          parameters: [
            { in: 'path', name: 'id', required: true, schema: { type: 'string', format: 'uuid' } },
          ],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: { $ref: '#/components/schemas/Thing' },
                example: { kind: 'big', size: 1000000 },
              },
            },
          },
          responses: {
            200: {
              description: 'Вещь',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        Thing: {
          type: 'object',
          required: ['kind'],
          properties: {
            kind: { type: 'string', enum: ['big', 'small'], description: 'Какая вещь' },
            size: { type: 'integer', minimum: 1, maximum: 1_000_000 },
            parent: { anyOf: [{ $ref: '#/components/schemas/Thing' }, { type: 'null' }] },
            tags: { type: 'array', items: { type: 'string', maxLength: 40 } },
            owner: {
              oneOf: [
                { type: 'object', properties: { email: { type: 'string', format: 'email' } } },
                { type: 'object', properties: { key: { type: 'string' } } },
              ],
            },
          },
        },
      },
      securitySchemes: { SecretKey: { type: 'http', scheme: 'bearer', bearerFormat: 'sk_…' } },
    },
  });

  it('names types, constraints and requirement in Russian and follows $ref, variants and cycles', () => {
    const row = (name: string) =>
      page.match(new RegExp(`<tr><th scope="row"[^>]*><code>${name}</code>.*?</tr>`))?.[0];
    expect(row('kind')).toContain('обязательное');
    expect(row('kind')).toContain(
      'Какая вещь. Значения: <code>&quot;big&quot;</code>, <code>&quot;small&quot;</code>.',
    );
    expect(row('size')).toContain('целое число');
    expect(row('size')).toContain('От 1 до 1\u00a0000\u00a0000.');
    expect(row('size')).not.toContain('обязательное');
    expect(row('parent')).toContain('объект Thing (такой же, как содержащий его) или null');
    expect(row('tags')).toContain('массив строк');
    expect(row('tags')).toContain('Элемент: Длина не больше 40 символов.');
    expect(row('owner\\.email')).toContain('Вариант 1.');
    expect(row('owner\\.email')).toContain('строка (адрес e-mail)');
    expect(row('owner\\.key')).toContain('Вариант 2.');
    // The cycle (parent is a Thing) is named, not expanded again.
    expect(row('parent\\.kind')).toBeUndefined();
    expect(row('id')).toContain('строка (UUID)');
    expect(page).toContain('<a href="#auth-SecretKey">секретный ключ</a> или без неё');
    expect(page).toContain('&quot;size&quot;: 1000000');
    expect(page).toContain('<h1>Справочник API Тест</h1>');
  });
});
