import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { PARTNER_BANKS } from '@b2bpay/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type BankCredentials, createBank } from '../src/modules/banks';
import { signOffer } from './support/banks';
import { patchClient, prepareSubmission } from './support/buyer';
import { describeApi } from './support/describe-api';
import { createOrder, demoAuth } from './support/test-app';

const root = fileURLToPath(new URL('../../../', import.meta.url));

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The sandbox banks in a process of their own, on their own port: the journey still reaches
 * payment_sent, which proves that only HTTP joins the banks to the API (DESIGN §13).
 */
describeApi('the sandbox bank as a separate process', { timeout: 60_000 }, (t) => {
  let child: ChildProcess;
  let apiUrl: string;

  beforeAll(async () => {
    t.clock.set(new Date()); // the sandbox checks our signatures' timestamps against its own clock
    apiUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = await freePort();
    const banks: BankCredentials[] = [];
    for (const b of PARTNER_BANKS) {
      banks.push(
        await createBank(
          t.db,
          {
            id: b.id,
            name: b.name,
            endpointUrl: `http://127.0.0.1:${port}/sandbox-bank/${b.id}`,
            sandbox: true,
          },
          t.clock.now(),
        ),
      );
    }
    child = spawn(process.execPath, ['--import', 'tsx', 'apps/sandbox-bank/src/server.ts'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        B2BPAY_API_URL: apiUrl,
        SANDBOX_DECISION_DELAY_MS: '0',
        SANDBOX_PAYMENT_DELAY_MS: '0',
        SANDBOX_BANK_CREDENTIALS: JSON.stringify(
          banks.map((b) => ({ id: b.bank.id, apiKey: b.api_key, signingSecret: b.signing_secret })),
        ),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout?.on('data', (chunk) => {
        out += String(chunk);
        if (out.includes('listening on')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`sandbox exited ${code}: ${out}`)));
    });
  });
  afterAll(() => {
    child?.kill('SIGTERM');
  });

  /** Runs the worker (our messages to the bank) until the order reaches the status the bank's answers lead to. */
  async function untilStatus(orderId: string, status: string) {
    for (let i = 0; i < 200; i++) {
      await t.worker.drain();
      const view = (
        await t.app.inject({ method: 'GET', url: `/api/order/orders/${orderId}`, headers: demoAuth })
      ).json();
      if (view.status === status) return view;
      await new Promise((resolve) => setTimeout(resolve, 50)); // the other process answers in its own time
    }
    throw new Error(`order ${orderId} never reached ${status}`);
  }

  it('reaches payment_sent with the banks answering over HTTP from their own process', async () => {
    const order = await createOrder(t);
    const { body } = await prepareSubmission(t, order.id, {
      phone: '+79265550101',
      email: 'journey@buyer.ru',
    });
    expect((await patchClient(t, order.id, body)).statusCode).toBe(200);
    const approved = await untilStatus(order.id, 'app_approved');
    expect(approved.offers.length).toBeGreaterThanOrEqual(2);
    const signed = await signOffer(t, order.id);
    expect(signed.order.accepted_offer.bank).toBe(signed.offer.bank);
    const paid = await untilStatus(order.id, 'payment_sent');
    expect(paid.payout).toMatchObject({ bank: signed.offer.bank, amount: order.amount, fee: 0 });
    expect(paid.payout.reference).toMatch(/^(SEVER|URAL)-\d{6}$/);
  });
});
