import { createConfig, lintFromString } from '@redocly/openapi-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../src/openapi-document';

// biome-ignore lint/suspicious/noExplicitAny: the document is walked as plain JSON
type Doc = any;

/** The partner banks' API has a document of its own, and the shops' document does not carry it. */
describe('the bank API document (/api/bank/v1/openapi.json)', () => {
  let bank: Doc;
  let shop: Doc;
  beforeAll(async () => {
    bank = await openApiDocument('https://b2bpay.example.ru', '/api/bank/v1/openapi.json');
    shop = await openApiDocument('https://b2bpay.example.ru');
  });

  it('holds exactly the bank API, each operation on the bank key', () => {
    const paths = Object.keys(bank.paths);
    expect(paths.sort()).toEqual([
      '/api/bank/v1/applications',
      '/api/bank/v1/applications/{application_id}',
      '/api/bank/v1/applications/{application_id}/decision',
      '/api/bank/v1/applications/{application_id}/payment',
      '/api/bank/v1/refunds/{refund_id}/confirmation',
    ]);
    for (const item of Object.values(bank.paths) as Doc[]) {
      for (const op of Object.values(item) as Doc[]) expect(op.security).toEqual([{ BankKey: [] }]);
    }
    expect(Object.keys(bank.components.securitySchemes)).toEqual(['BankKey']);
    expect(bank.components.schemas.BankApplication).toBeDefined();
    expect(bank.webhooks).toBeUndefined();
  });

  it('keeps the shops’ document free of the bank API', () => {
    expect(Object.keys(shop.paths).filter((p) => p.startsWith('/api/bank/'))).toEqual([]);
    expect(shop.components.securitySchemes.BankKey).toBeUndefined();
    expect(shop.components.schemas.BankApplication).toBeUndefined();
  });

  it('passes Redocly lint with the recommended rules: no errors, no warnings', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(bank), absoluteRef: 'bank.json', config });
    expect(
      problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} ${p.location[0]?.pointer ?? ''}`),
    ).toEqual([]);
  });
});

/** The back office's API has its own document too, on the staff session. */
describe('the back office document (/api/admin/v1/openapi.json)', () => {
  let admin: Doc;
  let shop: Doc;
  beforeAll(async () => {
    admin = await openApiDocument('https://b2bpay.example.ru', '/api/admin/v1/openapi.json');
    shop = await openApiDocument('https://b2bpay.example.ru');
  });

  it('holds the back office alone, each operation on the staff session or none (log-in)', () => {
    const paths = Object.keys(admin.paths);
    expect(paths.every((p) => p.startsWith('/api/admin/v1/'))).toBe(true);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/admin/v1/leads', '/api/admin/v1/shops/{id}/suspend']),
    );
    for (const item of Object.values(admin.paths) as Doc[]) {
      for (const op of Object.values(item) as Doc[]) {
        expect([[{ StaffSession: [] }], []]).toContainEqual(op.security);
      }
    }
    expect(Object.keys(shop.paths).filter((p) => p.startsWith('/api/admin/v1/'))).toEqual([]);
    expect(shop.components.securitySchemes.StaffSession).toBeUndefined();
  });

  it('passes Redocly lint with the recommended rules: no errors', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: JSON.stringify(admin),
      absoluteRef: 'admin.json',
      config,
    });
    expect(problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message}`)).toEqual(
      [],
    );
  });
});
