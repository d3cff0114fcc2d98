import { PARTNER_BANKS } from '@b2bpay/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from './deps';
import { ensureSandboxBanks } from './modules/banks';

type SandboxModule = typeof import('@b2bpay/sandbox-bank');
type SandboxBank = ReturnType<SandboxModule['createSandboxBank']>;

/**
 * The sandbox banks on this server (SANDBOX_BANKS, development by default): apps/sandbox-bank is an
 * outside system that only speaks the bank protocol, mounted on the same port so that `npm start`
 * runs the whole journey. Its route is registered before the server listens; its credentials and
 * address are known only once it does (PORT may be 0), so requests before `start` are refused with
 * 503 and retried by our delivery job like any bank's outage.
 */
export async function mountSandboxBanks(app: FastifyInstance, deps: AppDeps) {
  const sandbox: SandboxModule = await import('@b2bpay/sandbox-bank');
  let current: SandboxBank | null = null;
  const deferred: SandboxBank = {
    get bankIds() {
      return current?.bankIds ?? [];
    },
    handle: async (bankId, headers, rawBody) =>
      current ? current.handle(bankId, headers, rawBody) : { status: 503, body: { error: 'starting' } },
    idle: async () => current?.idle(),
    close: () => current?.close(),
  } as SandboxBank;
  await app.register(sandbox.sandboxBankRoutes, { bank: deferred });
  return {
    /** Registers (or re-points) the sandbox banks at this server's loopback address and starts them. */
    async start(baseUrl: string) {
      const credentials = await ensureSandboxBanks(
        deps.db,
        PARTNER_BANKS.map((b) => ({
          id: b.id,
          name: b.name,
          endpointUrl: `${baseUrl}/sandbox-bank/${b.id}`,
        })),
        deps.clock.now(),
      );
      current = sandbox.createSandboxBank({
        apiBaseUrl: baseUrl,
        banks: credentials,
        decisionDelayMs: deps.config.SANDBOX_DECISION_DELAY_MS,
        paymentDelayMs: deps.config.SANDBOX_PAYMENT_DELAY_MS,
        log: (message, extra) => app.log.info(extra ?? {}, `sandbox bank: ${message}`),
      });
    },
    close: () => current?.close(),
  };
}
