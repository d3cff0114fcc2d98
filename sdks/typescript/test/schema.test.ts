import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateSchema, SCHEMA_FILE } from '../scripts/generate';

describe('@b2bpay/sdk types', () => {
  it('are what openapi-typescript generates from the OpenAPI document today', async () => {
    const generated = await generateSchema();
    expect(generated).toContain('createOrder: {');
    expect(generated).toContain('listEvents: {');
    expect(
      readFileSync(SCHEMA_FILE, 'utf8') === generated,
      'src/schema.generated.ts is out of date: run `npm run generate -w @b2bpay/sdk` and commit it',
    ).toBe(true);
  });
});
