export { BANK_API_PATH } from './api-client';
export { configFromEnv, type SandboxServerConfig } from './env';
export { BANK_FEE_RATES, type FeeRates, feeKopecks, sandboxOffers, type WireOffer } from './offers';
export { type SandboxBankRoutesOptions, sandboxBankRoutes } from './plugin';
export { RETRY_DELAYS_MS, RETRY_EVERY_MS, RETRY_WINDOW_MS } from './retry';
export {
  createSandboxBank,
  type SandboxBank,
  type SandboxBankAnswer,
  type SandboxBankCredentials,
  type SandboxBankOptions,
} from './sandbox-bank';
export { sandboxReference, sandboxScenario } from './scenario';
export { ManualScheduler, type Scheduler, timeoutScheduler } from './scheduler';
export { type SandboxServer, type SandboxServerOptions, startSandboxServer } from './server';
