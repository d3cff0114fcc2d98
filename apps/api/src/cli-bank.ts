import type { Config } from './config';
import type { Database } from './db/database';
import { createBank, findBank, listBankMessages, rotateBankKeys, setBankEnabled } from './modules/banks';
import { type Clock, systemClock } from './shared/clock';
import { parseDuration } from './shared/durations';

export const BANK_USAGE = `  npm run cli -- bank create --id <id> --name "…" --url URL [--sla 24h] [--sandbox]
  npm run cli -- bank rotate-keys --id <id> [--grace 24h]
  npm run cli -- bank disable --id <id>
  npm run cli -- bank enable --id <id>
  npm run cli -- bank messages --id <id> [--limit 20]`;

export const BANK_COMMANDS = [
  'bank create',
  'bank rotate-keys',
  'bank disable',
  'bank enable',
  'bank messages',
] as const;

export interface BankOptions {
  id?: string | undefined;
  name?: string | undefined;
  url?: string | undefined;
  sla?: string | undefined;
  grace?: string | undefined;
  limit?: string | undefined;
  /** A sandbox bank: gets test orders (and live ones only where no real bank is configured). */
  sandbox?: boolean | undefined;
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
  deps: { db: Database; config: Config; clock?: Clock },
  command: (typeof BANK_COMMANDS)[number],
  o: BankOptions,
  fail: (message: string) => never,
): Promise<object> {
  if (!o.id) fail(`Нужен --id <id>\n${BANK_USAGE}`);
  const id = o.id;
  const now = (deps.clock ?? systemClock).now();
  switch (command) {
    case 'bank create': {
      if (!o.name || !o.url) fail(`Нужны --name и --url\n${BANK_USAGE}`);
      const slaMs = durationOption('sla', o.sla, 24 * 3_600_000, fail);
      if (slaMs < 1000) fail('--sla: не меньше 1s');
      return createBank(
        deps.db,
        {
          id,
          name: o.name,
          endpointUrl: o.url,
          decisionSlaSeconds: Math.floor(slaMs / 1000),
          sandbox: o.sandbox === true,
        },
        now,
      );
    }
    case 'bank rotate-keys':
      return rotateBankKeys(deps.db, id, durationOption('grace', o.grace, 24 * 3_600_000, fail), now);
    case 'bank disable':
      return setBankEnabled(deps.db, id, false, now);
    case 'bank enable':
      return setBankEnabled(deps.db, id, true, now);
    case 'bank messages':
      return bankMessages(deps.db, id, o.limit, fail);
  }
}

/** What we sent a bank lately, newest first: each message's type, state, tries, last answer and time. */
async function bankMessages(db: Database, id: string, limit: string | undefined, fail: (m: string) => never) {
  const n = limit === undefined ? 20 : Number(limit);
  if (!Number.isInteger(n) || n < 1 || n > 500) fail('--limit: целое число от 1 до 500');
  if (!(await findBank(db, id))) fail(`Банк ${id} не найден`);
  const rows = await listBankMessages(db, id, n);
  return {
    bank: id,
    messages: rows.map((m) => ({
      id: m.id,
      type: m.type,
      application_id: m.application_id,
      status: m.status,
      attempts: m.attempts,
      last_status_code: m.last_status_code,
      last_error: m.last_error,
      last_duration_ms: m.last_duration_ms,
      created_at: m.created_at.toISOString(),
      delivered_at: m.delivered_at?.toISOString() ?? null,
    })),
  };
}
