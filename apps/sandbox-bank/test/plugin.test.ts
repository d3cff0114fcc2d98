import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { sandboxBankRoutes } from '../src/plugin';
import type { SandboxBank } from '../src/sandbox-bank';
import { DECISION_DELAY_MS, type Harness, START, startHarness } from './support/harness';
import { applicationCreated } from './support/messages';
import { signedDelivery } from './support/sign';

let harness: Harness;
let app: FastifyInstance;
afterEach(async () => {
  await app?.close();
  await harness?.close();
});

/** An app as the API would be: its own JSON routes, with the sandbox banks mounted beside them. */
async function appWith(bank: SandboxBank): Promise<FastifyInstance> {
  const fastify = Fastify();
  fastify.post('/echo', async (request) => ({ parsed: request.body }));
  await fastify.register(sandboxBankRoutes, { bank });
  await fastify.ready();
  return fastify;
}

describe('sandboxBankRoutes', () => {
  it('hands the exact bytes to the bank: a body whose JSON re-serialised would differ still verifies', async () => {
    harness = await startHarness();
    app = await appWith(harness.bank);
    const applicationId = randomUUID();
    harness.fake.addApplication('sever', { id: applicationId, orderId: randomUUID(), amount: 1000 });
    const message = applicationCreated({
      applicationId,
      orderId: randomUUID(),
      amount: 1000,
      email: 'a@b.ru',
      at: START,
    });
    // Indented, with a trailing newline and an escaped «ё»: JSON.stringify(JSON.parse(raw)) is not raw.
    const raw = `${JSON.stringify(message, null, 2).replace('Иван"', '\\u0418ван"')}\n`;
    expect(JSON.stringify(JSON.parse(raw))).not.toBe(raw);
    const delivery = signedDelivery(harness.secrets.sever, raw, { at: START });
    const response = await app.inject({
      method: 'POST',
      url: '/sandbox-bank/sever',
      headers: delivery.headers,
      payload: delivery.rawBody,
    });
    expect([response.statusCode, response.json()]).toEqual([200, { received: true }]);
    await harness.scheduler.advance(DECISION_DELAY_MS);
    expect(harness.fake.calls.map((call) => call.path)).toEqual([
      `/api/bank/v1/applications/${applicationId}/decision`,
    ]);
  });

  it('passes on the bank’s 401, 404 and 400, whatever the content type', async () => {
    harness = await startHarness();
    app = await appWith(harness.bank);
    const message = applicationCreated({
      applicationId: randomUUID(),
      orderId: randomUUID(),
      amount: 1,
      email: 'a@b.ru',
      at: START,
    });
    const delivery = signedDelivery(harness.secrets.sever, message, { at: START });
    const tampered = await app.inject({
      method: 'POST',
      url: '/sandbox-bank/sever',
      headers: delivery.headers,
      payload: delivery.rawBody.replace('"amount":1,', '"amount":2,'),
    });
    expect([tampered.statusCode, tampered.json()]).toEqual([401, { error: 'invalid_signature' }]);
    const unknown = await app.inject({
      method: 'POST',
      url: '/sandbox-bank/nobank',
      headers: delivery.headers,
      payload: delivery.rawBody,
    });
    expect(unknown.statusCode).toBe(404);
    const text = signedDelivery(harness.secrets.sever, 'not json', { at: START });
    const badBody = await app.inject({
      method: 'POST',
      url: '/sandbox-bank/sever',
      headers: { ...text.headers, 'content-type': 'text/plain' },
      payload: text.rawBody,
    });
    expect(badBody.statusCode).toBe(400);
    expect(harness.scheduler.pending).toBe(0);
  });

  it('keeps its raw parser to its own scope: the app’s other routes still get parsed JSON', async () => {
    harness = await startHarness();
    app = await appWith(harness.bank);
    const response = await app.inject({ method: 'POST', url: '/echo', payload: { a: 1 } });
    expect(response.json()).toEqual({ parsed: { a: 1 } });
  });
});
