import { SANDBOX_DEFAULT_DECISION_DELAY_MS, SANDBOX_DEFAULT_PAYMENT_DELAY_MS } from '@b2bpay/domain';
import { z } from 'zod';
import type { SandboxBankCredentials } from './sandbox-bank';

export const DEFAULT_PORT = 4100;
export const DEFAULT_API_URL = 'http://127.0.0.1:3000';

export interface SandboxServerConfig {
  port: number;
  host: string;
  apiBaseUrl: string;
  banks: SandboxBankCredentials[];
  decisionDelayMs: number;
  paymentDelayMs: number;
}

const credentials = z
  .array(
    z.object({
      id: z.string().min(1),
      apiKey: z.string().min(1),
      signingSecret: z.string().min(1),
      previousSigningSecret: z.string().min(1).optional(),
    }),
  )
  .min(1);

/**
 * The standalone server's settings from the environment: PORT (4100), HOST (127.0.0.1), B2BPAY_API_URL,
 * SANDBOX_BANK_CREDENTIALS (a JSON array of {id, apiKey, signingSecret, previousSigningSecret?}, required),
 * SANDBOX_DECISION_DELAY_MS and SANDBOX_PAYMENT_DELAY_MS (the API's sandbox defaults). Throws with the
 * variable's name on a bad value.
 */
export function configFromEnv(env: NodeJS.ProcessEnv): SandboxServerConfig {
  return {
    port: integer(env, 'PORT', DEFAULT_PORT),
    host: env.HOST || '127.0.0.1',
    apiBaseUrl: env.B2BPAY_API_URL || DEFAULT_API_URL,
    banks: parseCredentials(env.SANDBOX_BANK_CREDENTIALS),
    decisionDelayMs: integer(env, 'SANDBOX_DECISION_DELAY_MS', SANDBOX_DEFAULT_DECISION_DELAY_MS),
    paymentDelayMs: integer(env, 'SANDBOX_PAYMENT_DELAY_MS', SANDBOX_DEFAULT_PAYMENT_DELAY_MS),
  };
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  if (!/^\d+$/.test(text)) throw new Error(`${name} must be a whole number ≥ 0, got ${JSON.stringify(text)}`);
  return Number(text);
}

function parseCredentials(text: string | undefined): SandboxBankCredentials[] {
  if (!text) throw new Error('SANDBOX_BANK_CREDENTIALS is required: [{"id","apiKey","signingSecret"}, …]');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error('SANDBOX_BANK_CREDENTIALS is not JSON');
  }
  const parsed = credentials.safeParse(json);
  if (!parsed.success) throw new Error(`SANDBOX_BANK_CREDENTIALS: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
