import { expect } from 'vitest';
import type { TestApp } from '../../../apps/api/test/support/test-app';

/**
 * Both SDKs' quickstarts (sdks/typescript/examples/quickstart.mjs, sdks/php/examples/quickstart.php)
 * print the same lines: the checks on them, and that the order they made is in the database with its
 * new products. Returns the ids the webhook receiver must then have verified.
 */
export async function checkQuickstartOutput(
  out: string,
  t: TestApp,
  secretKey: string,
): Promise<{ eventId: string; testEventId: string }> {
  const [, orderId = '', amount] = out.match(/^created (\S+) (\S+) (\S+)$/m) ?? [];
  expect(amount).toBe('1050.3');
  expect(out).toMatch(/^status client_expected$/m);
  expect(out).toMatch(/^listed 1 true$/m);
  expect(out).toMatch(/^event order\.products\.updated \S+ 6040\.3$/m);
  const [, eventId = ''] = out.match(/^event order\.products\.updated (\S+) 6040\.3$/m) ?? [];
  const [, testEventId = ''] = out.match(/^test webhook (\S+)$/m) ?? [];
  expect(out).toMatch(/^error 400 VALIDATION_ERROR products \S.* [0-9a-f-]{36}$/m);

  const stored = await t.app.inject({
    method: 'GET',
    url: `/api/order/orders/${orderId}`,
    headers: { authorization: `Bearer ${secretKey}` },
  });
  expect(stored.json()).toMatchObject({ amount: 6040.3, status: 'client_expected' });
  return { eventId, testEventId };
}
