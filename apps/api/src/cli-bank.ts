import type { Config } from './config';
import type { Database } from './db/database';
import { createBank, rotateBankKeys, setBankEnabled } from './modules/banks';
import { systemClock } from './shared/clock';
import { parseDuration } from './shared/durations';

export const BANK_USAGE = `  npm run cli -- bank create --id <id> --name "…" --url URL [--sla 24h]
  npm run cli -- bank rotate-keys --id <id> [--grace 24h]
  npm run cli -- bank disable --id <id>
  npm run cli -- bank enable --id <id>`;

export const BANK_COMMANDS = ['bank create', 'bank rotate-keys', 'bank disable', 'bank enable'] as const;

export interface BankOptions {
  id?: string | undefined;
  name?: string | undefined;
  url?: string | undefined;
  sla?: string | undefined;
  grace?: string | undefined;
}

/** A duration option, or `fallback` when it is absent; throws the operator's message when malformed. */
function durationOption(
  name: string,
  value: string | undefined,
  fallbackMs: number,
  fail: (m: string) => never,
) {
  if (value === undefined) return fallbackMs;
  const ms = parseDuration(value);
  if (ms === null || ms < 0) fail(`--${name}: ожидается длительность вида 24h, 30m, 90s`);
  return ms;
}

/**
 * The partner banks' administration (DESIGN §13): each prints one JSON object; `create` and
 * `rotate-keys` print the key and secret, which are never shown again.
 */
export async function runBankCommand(
  deps: { db: Database; config: Config },
  command: (typeof BANK_COMMANDS)[number],
  o: BankOptions,
  fail: (message: string) => never,
): Promise<object> {
  if (!o.id) fail(`Нужен --id <id>\n${BANK_USAGE}`);
  const id = o.id;
  const now = systemClock.now();
  switch (command) {
    case 'bank create': {
      if (!o.name || !o.url) fail(`Нужны --name и --url\n${BANK_USAGE}`);
      const slaMs = durationOption('sla', o.sla, 24 * 3_600_000, fail);
      if (slaMs < 1000) fail('--sla: не меньше 1s');
      return createBank(
        deps.db,
        { id, name: o.name, endpointUrl: o.url, decisionSlaSeconds: Math.floor(slaMs / 1000) },
        now,
      );
    }
    case 'bank rotate-keys':
      return rotateBankKeys(deps.db, id, durationOption('grace', o.grace, 24 * 3_600_000, fail), now);
    case 'bank disable':
      return setBankEnabled(deps.db, id, false, now);
    case 'bank enable':
      return setBankEnabled(deps.db, id, true, now);
  }
}
