import { parseArgs } from 'node:util';
import { plainRussianError, ShopCreate } from '@b2bpay/domain';
import { z } from 'zod';
import { BANK_COMMANDS, BANK_USAGE, runBankCommand } from './cli-bank';
import { runStaffCommand, STAFF_USAGE } from './cli-staff';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { openDatabase } from './db/open-database';
import { registerShop, rotateKeys } from './modules/shops';
import { AppError } from './shared/errors';

const USAGE = `Использование:
  npm run cli -- shop create --name "…" --email "…" [--webhook-url URL]
  npm run cli -- shop rotate-keys --shop <id>
${BANK_USAGE}
${STAFF_USAGE}`;

/** Shop administration from the command line; prints one JSON object on one line of stdout. */
async function main(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      email: { type: 'string' },
      'webhook-url': { type: 'string' },
      shop: { type: 'string' },
      id: { type: 'string' },
      url: { type: 'string' },
      sla: { type: 'string' },
      grace: { type: 'string' },
      limit: { type: 'string' },
      role: { type: 'string' },
      sandbox: { type: 'boolean' },
    },
  });
  const command = positionals.join(' ');
  const bankCommand = BANK_COMMANDS.find((c) => c === command);
  if (command === 'staff create') {
    const config = loadConfig();
    const db = await openDatabase(config);
    try {
      const fail = (message: string): never => {
        throw new UsageError(message);
      };
      const result = await runStaffCommand({ db, config }, values, fail).catch(asUsageError);
      process.stdout.write(`${JSON.stringify(result)}\n`);
    } finally {
      await db.close();
    }
    return;
  }
  if (bankCommand) {
    const config = loadConfig();
    const db = await openDatabase(config);
    try {
      const fail = (message: string): never => {
        throw new UsageError(message);
      };
      const result = await runBankCommand({ db, config }, bankCommand, values, fail).catch(asUsageError);
      process.stdout.write(`${JSON.stringify(result)}\n`);
    } finally {
      await db.close();
    }
    return;
  }
  if (command !== 'shop create' && command !== 'shop rotate-keys') throw new UsageError(USAGE);
  z.config({ localeError: plainRussianError });
  const input =
    command === 'shop create'
      ? ShopCreate.safeParse({ name: values.name, email: values.email, webhook_url: values['webhook-url'] })
      : null;
  if (input && !input.success) {
    throw new UsageError(input.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('\n'));
  }
  if (command === 'shop rotate-keys' && !values.shop) throw new UsageError(`Нужен --shop <id>\n${USAGE}`);
  const config = loadConfig();
  const db = await openDatabase(config);
  try {
    const result = input?.success
      ? await registerShop({ db, config }, input.data).catch(asUsageError)
      : await rotateKeys(db, values.shop ?? '');
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await db.close();
  }
}

class UsageError extends Error {}

/** A refused field (the API would answer 400) is the operator's to correct: said as `--field: message`. */
function asUsageError(error: unknown): never {
  if (error instanceof AppError && error.code === 'VALIDATION_ERROR') {
    const option = error.field ? `--${error.field.replaceAll('_', '-')}: ` : '';
    throw new UsageError(`${option}${error.message}`);
  }
  throw error;
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const known =
    error instanceof UsageError || error instanceof ConfigError || error instanceof DataDirLockedError;
  console.error(
    known || !(error instanceof Error) ? String((error as Error).message ?? error) : error.message,
  );
  process.exit(known ? 2 : 1);
});
