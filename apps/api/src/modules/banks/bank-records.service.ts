import type { Database, Queryable } from '../../db/database';
import { newWebhookSecret, randomToken, sha256Hex } from '../../shared/crypto';
import { AppError } from '../../shared/errors';
import * as repo from './bank-records.repository';

export type { BankRow } from './bank-records.repository';

/** A partner bank as the CLI and the back office show it: never its key or secret. */
export interface BankPublic {
  id: string;
  name: string;
  endpoint_url: string;
  decision_sla_seconds: number;
  enabled: boolean;
  /** A sandbox bank: test orders (and live ones where no real bank exists). */
  sandbox: boolean;
  created_at: string;
}

export const toBankPublic = (b: repo.BankRow): BankPublic => ({
  id: b.id,
  name: b.name,
  endpoint_url: b.endpoint_url,
  decision_sla_seconds: b.decision_sla_seconds,
  enabled: b.enabled,
  sandbox: b.sandbox,
  created_at: b.created_at.toISOString(),
});

export interface BankCredentials {
  bank: BankPublic;
  /** `bk_…`: shown once; only its hash is kept. */
  api_key: string;
  /** `whsec_…`: what our messages to the bank are signed with. */
  signing_secret: string;
}

const newBankKey = () => `bk_${randomToken(40)}`;
const BANK_ID = /^[a-z][a-z0-9_-]{1,31}$/;
export const DEFAULT_DECISION_SLA_SECONDS = 24 * 3600;

export interface NewBank {
  id: string;
  name: string;
  endpointUrl: string;
  decisionSlaSeconds?: number;
  /** A sandbox bank (DESIGN §16): gets test orders, and live ones only where no real bank exists. */
  sandbox?: boolean;
}

function checkNewBank(b: NewBank) {
  if (!BANK_ID.test(b.id)) {
    throw new AppError('VALIDATION_ERROR', 'id: 2–32 символа, латиница в нижнем регистре, цифры, - и _', {
      field: 'id',
    });
  }
  if (b.name.trim() === '')
    throw new AppError('VALIDATION_ERROR', 'Укажите название банка', { field: 'name' });
  let url: URL | null = null;
  try {
    url = new URL(b.endpointUrl);
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new AppError('VALIDATION_ERROR', 'url: адрес банка для сообщений, http(s)://…', { field: 'url' });
  }
}

/** Registers a partner bank; its key and secret are returned this once. */
export async function createBank(db: Database, b: NewBank, now: Date): Promise<BankCredentials> {
  checkNewBank(b);
  const apiKey = newBankKey();
  const secret = newWebhookSecret();
  const row = await db.transaction((tx) =>
    repo.insertBank(
      tx,
      {
        id: b.id,
        name: b.name.trim(),
        endpoint_url: b.endpointUrl,
        decision_sla_seconds: b.decisionSlaSeconds ?? DEFAULT_DECISION_SLA_SECONDS,
        api_key_hash: sha256Hex(apiKey),
        signing_secret: secret,
        sandbox: b.sandbox ?? false,
      },
      now,
    ),
  );
  if (!row) throw new AppError('VALIDATION_ERROR', `Банк ${b.id} уже есть`, { field: 'id' });
  return { bank: toBankPublic(row), api_key: apiKey, signing_secret: secret };
}

const unknownBank = (id: string) => new AppError('NOT_FOUND', `Банк ${id} не найден`);

/**
 * A new key and secret. For `graceMs` the old key is still accepted and our messages carry both
 * signatures, as a shop's rotation does: the bank switches without a moment of refusals.
 */
export async function rotateBankKeys(db: Database, id: string, graceMs: number, now: Date) {
  const apiKey = newBankKey();
  const secret = newWebhookSecret();
  const row = await db.transaction((tx) =>
    repo.rotateBankKeys(
      tx,
      id,
      { api_key_hash: sha256Hex(apiKey), signing_secret: secret },
      graceMs > 0 ? new Date(now.getTime() + graceMs) : null,
      now,
    ),
  );
  if (!row) throw unknownBank(id);
  return {
    bank: toBankPublic(row),
    api_key: apiKey,
    signing_secret: secret,
    previous_valid_until: row.previous_valid_until?.toISOString() ?? null,
  };
}

/** A disabled bank gets no new applications and its key is refused; what it holds stays. */
export async function setBankEnabled(db: Database, id: string, enabled: boolean, now: Date) {
  const row = await db.transaction((tx) => repo.updateBankSettings(tx, id, { enabled }, now));
  if (!row) throw unknownBank(id);
  return { bank: toBankPublic(row) };
}

/** The bank a request's `Authorization: Bearer bk_…` names, or 401. */
export async function authenticateBank(db: Queryable, header: string | undefined, now: Date) {
  const match = /^Bearer (bk_[A-Za-z0-9]{10,100})$/.exec(header ?? '');
  const bank = match?.[1] ? await repo.findBankByKeyHash(db, sha256Hex(match[1]), now) : null;
  if (!bank?.enabled) {
    throw new AppError('UNAUTHORIZED', 'Нужен действующий ключ банка: Authorization: Bearer bk_…');
  }
  return bank;
}

/** The secrets our messages to the bank are signed with now: the current one, and the old during a rotation. */
export function signingSecrets(b: repo.BankRow, now: Date) {
  const previousValid = b.previous_valid_until !== null && b.previous_valid_until.getTime() > now.getTime();
  return { secret: b.signing_secret, previous: previousValid ? b.previous_signing_secret : null };
}

export const findBank = repo.findBank;
export const listBanks = repo.listBanks;

/**
 * The sandbox banks' credentials. Their key is derived from their secret so that every process that
 * reads the record (the API with the sandbox mounted, a separate worker) arrives at the same key
 * without the key itself being stored: the record keeps only its hash, as for any bank. Sandbox
 * banks exist only where SANDBOX_BANKS is on (never in production unless configured).
 */
export const sandboxApiKey = (secret: string) => `bk_sandbox${sha256Hex(`${secret}:api-key`).slice(0, 40)}`;

export interface SandboxBankSpec {
  id: string;
  name: string;
  endpointUrl: string;
}

/** Creates the sandbox banks that are missing and points them at the mounted sandbox; their credentials. */
export async function ensureSandboxBanks(db: Database, specs: readonly SandboxBankSpec[], now: Date) {
  return db.transaction(async (tx) => {
    const out: { id: string; apiKey: string; signingSecret: string; previousSigningSecret?: string }[] = [];
    for (const spec of specs) {
      let row = await repo.findBank(tx, spec.id, { forUpdate: true });
      if (!row) {
        const secret = newWebhookSecret();
        row = await repo.insertBank(
          tx,
          {
            id: spec.id,
            name: spec.name,
            endpoint_url: spec.endpointUrl,
            decision_sla_seconds: DEFAULT_DECISION_SLA_SECONDS,
            api_key_hash: sha256Hex(sandboxApiKey(secret)),
            signing_secret: secret,
            sandbox: true,
          },
          now,
        );
      } else {
        if (!row.sandbox) await repo.markSandbox(tx, spec.id);
        if (row.endpoint_url !== spec.endpointUrl) {
          row = await repo.updateBankSettings(tx, spec.id, { endpoint_url: spec.endpointUrl }, now);
        }
      }
      if (!row) continue;
      out.push({ id: row.id, apiKey: sandboxApiKey(row.signing_secret), signingSecret: row.signing_secret });
    }
    return out;
  });
}
