import { once } from 'node:events';
import { createServer } from 'node:net';
import { ManualScheduler, startSandboxServer } from '@b2bpay/sandbox-bank';
import { seedBanks } from '../../../../apps/api/test/support/banks';
import type { TestApp } from '../../../../apps/api/test/support/test-app';

/** How long the sandbox banks take, on their own clock the test moves (ManualScheduler). */
const DECISION_DELAY_MS = 2000;
const PAYMENT_DELAY_MS = 3000;

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface SandboxBanks {
  /** Moves the banks' clock, running what falls due (their decisions and payments, over HTTP). */
  advance: (ms: number) => Promise<void>;
  /** What the banks logged, for a failure's message. */
  log: () => string;
  close: () => Promise<void>;
}

/**
 * The sandbox banks (apps/sandbox-bank) for the in-process B2BPay: an outside system on a port of
 * its own, registered as banks are (seedBanks), answering B2BPay's signed messages through the bank
 * API at `apiBaseUrl`. Their time is the test's: the scheduler runs only when the test moves it, and
 * their clock (signature timestamps, offers' validity) is the app's.
 */
export async function startSandboxBanks(t: TestApp, apiBaseUrl: string): Promise<SandboxBanks> {
  const port = await freePort();
  const banks = await seedBanks(t, (id) => `http://127.0.0.1:${port}/sandbox-bank/${id}`);
  const scheduler = new ManualScheduler(t.clock.now());
  const lines: string[] = [];
  const server = await startSandboxServer({
    port,
    host: '127.0.0.1',
    apiBaseUrl,
    banks: Object.values(banks).map((b) => ({
      id: b.bank.id,
      apiKey: b.api_key,
      signingSecret: b.signing_secret,
    })),
    decisionDelayMs: DECISION_DELAY_MS,
    paymentDelayMs: PAYMENT_DELAY_MS,
    scheduler,
    now: () => t.clock.now(),
    log: (message, extra) => lines.push(`${message} ${extra ? JSON.stringify(extra) : ''}`),
  });
  return {
    advance: (ms) => scheduler.advance(ms),
    log: () => lines.join('\n'),
    close: () => server.close(),
  };
}
