import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { configFromEnv } from '../src/env';
import { type SandboxServer, startSandboxServer } from '../src/server';
import { type FakeB2BPay, startFakeB2BPay } from './support/fake-b2bpay';
import { applicationCreated } from './support/messages';
import { newSecret, signedDelivery } from './support/sign';

const SERVER = fileURLToPath(new URL('../src/server.ts', import.meta.url));

let fake: FakeB2BPay | undefined;
let server: SandboxServer | undefined;
let child: ChildProcess | undefined;
afterEach(async () => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await server?.close();
  await fake?.close();
  child = undefined;
  server = undefined;
  fake = undefined;
});

/** Posts a signed application.created for a new application of `bankId` to the server at `url`. */
async function deliverCreated(
  url: string,
  bankId: string,
  secret: string,
  fakeApi: FakeB2BPay,
  email: string,
) {
  const applicationId = randomUUID();
  fakeApi.addApplication(bankId, { id: applicationId, orderId: randomUUID(), amount: 1500.5 });
  const message = applicationCreated({
    applicationId,
    orderId: randomUUID(),
    amount: 1500.5,
    email,
    at: new Date(),
  });
  const delivery = signedDelivery(secret, message, { at: new Date() });
  const response = await fetch(`${url}/sandbox-bank/${bankId}`, {
    method: 'POST',
    headers: delivery.headers,
    body: delivery.rawBody,
  });
  return { applicationId, status: response.status, body: await response.json() };
}

/**
 * The first `listening on <url>` line the child prints. Its output is read on to the end (never left
 * closed), or the server's later log lines would fail with EPIPE.
 */
function listeningUrl(process: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    process.stdout?.on('data', (chunk) => {
      output += String(chunk);
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    process.once('exit', () => reject(new Error(`server exited without listening: ${output}`)));
  });
}

describe('server.ts as its own process', () => {
  it('reads its settings from the environment, answers a signed message, and stops on SIGTERM', async () => {
    fake = await startFakeB2BPay({ bk_sever_test: 'sever' });
    const secret = newSecret();
    child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
      env: {
        ...process.env,
        PORT: '0',
        B2BPAY_API_URL: fake.url,
        SANDBOX_BANK_CREDENTIALS: JSON.stringify([
          { id: 'sever', apiKey: 'bk_sever_test', signingSecret: secret },
        ]),
        SANDBOX_DECISION_DELAY_MS: '0',
        SANDBOX_PAYMENT_DELAY_MS: '0',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const url = await listeningUrl(child);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    const forged = await deliverCreated(url, 'sever', newSecret(), fake, 'buyer@firm.ru');
    expect(forged.status).toBe(401);
    const delivered = await deliverCreated(url, 'sever', secret, fake, 'buyer@firm.ru');
    expect([delivered.status, delivered.body]).toEqual([200, { received: true }]);
    await fake.waitForCalls(1);
    expect(fake.calls.map((call) => [call.path, call.status])).toEqual([
      [`/api/bank/v1/applications/${delivered.applicationId}/decision`, 200],
    ]);
    expect(fake.calls[0]?.body).toMatchObject({
      decision: 'approved',
      offers: [{ fee: 28.51 }, { fee: 97.53 }],
    });

    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    expect(await exited).toEqual([0, null]);
  });

  it('exits with a message when the credentials are missing', async () => {
    child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
      env: { ...process.env, PORT: '0', SANDBOX_BANK_CREDENTIALS: '' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk) => {
      stderr += String(chunk);
    });
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(stderr).toContain('SANDBOX_BANK_CREDENTIALS is required');
  });
});

describe('startSandboxServer in-process', () => {
  it('serves POST /sandbox-bank/:bankId with the real timer scheduler, and idle() waits for the work', async () => {
    fake = await startFakeB2BPay({ bk_volga_test: 'volga' });
    const secret = newSecret();
    server = await startSandboxServer({
      port: 0,
      apiBaseUrl: fake.url,
      banks: [{ id: 'volga', apiKey: 'bk_volga_test', signingSecret: secret }],
      decisionDelayMs: 0,
      paymentDelayMs: 0,
      log: () => {},
    });
    const delivered = await deliverCreated(server.url, 'volga', secret, fake, 'buyer@firm.ru');
    expect(delivered.status).toBe(200);
    await server.bank.idle();
    expect(fake.calls.map((call) => call.body)).toEqual([{ decision: 'rejected' }]);

    const notFound = await fetch(`${server.url}/elsewhere`, { method: 'POST', body: '{}' });
    expect(notFound.status).toBe(404);
    const wrongMethod = await fetch(`${server.url}/sandbox-bank/volga`);
    expect(wrongMethod.status).toBe(405);
    const tooLarge = await fetch(`${server.url}/sandbox-bank/volga`, {
      method: 'POST',
      body: 'x'.repeat(1024 * 1024 + 1),
    });
    expect(tooLarge.status).toBe(413);
  });
});

describe('configFromEnv', () => {
  it('takes defaults, and names the variable it cannot read', () => {
    const credentials = JSON.stringify([{ id: 'sever', apiKey: 'bk_1', signingSecret: 'whsec_c2VjcmV0' }]);
    expect(configFromEnv({ SANDBOX_BANK_CREDENTIALS: credentials })).toEqual({
      port: 4100,
      host: '127.0.0.1',
      apiBaseUrl: 'http://127.0.0.1:3000',
      banks: [{ id: 'sever', apiKey: 'bk_1', signingSecret: 'whsec_c2VjcmV0' }],
      decisionDelayMs: 5000,
      paymentDelayMs: 10000,
    });
    expect(() => configFromEnv({ SANDBOX_BANK_CREDENTIALS: credentials, PORT: 'http' })).toThrow(/PORT/);
    expect(() => configFromEnv({ SANDBOX_BANK_CREDENTIALS: '[{"id":"sever"}]' })).toThrow(
      /SANDBOX_BANK_CREDENTIALS/,
    );
    expect(() => configFromEnv({ SANDBOX_BANK_CREDENTIALS: '{' })).toThrow(/not JSON/);
  });
});
