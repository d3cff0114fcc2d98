import { randomInt, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../../db/database';
import { toNumber } from '../../db/database';
import type { AppDeps } from '../../deps';
import { sha256Hex } from '../../shared/crypto';
import { AppError } from '../../shared/errors';
import { deleteExpiredCodes } from './verification.repository';

export type Channel = 'sms' | 'email';

/** One-time code rules (DESIGN §5, OWASP ASVS 5 §6.6). */
export const CODE_RULES = {
  ttlMs: 10 * 60_000,
  resendMs: 60_000,
  sendsPerDestinationPerHour: 5,
  /** Per IP across all orders: stops one client from spraying codes at many numbers. */
  sendsPerIpPerHour: 30,
  maxWrongAttempts: 5,
} as const;

const HOUR_MS = 3_600_000;

const hashCode = (orderId: string, channel: Channel, code: string) =>
  sha256Hex(`${orderId}:${channel}:${code}`);

function tooMany(message: string, retryAfterMs: number) {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError('RATE_LIMITED', message.replace('{s}', String(seconds)), {
    headers: { 'retry-after': String(seconds) },
  });
}

/**
 * Issues a new code for the order's channel and returns it in plain text for sending; only its hash
 * is stored. Enforces 60 s between sends (per order channel and per destination) and 5 sends per
 * destination per hour; the advisory lock makes parallel requests for one destination take turns.
 */
export async function issueCode(
  tx: Queryable,
  r: { orderId: string; channel: Channel; destination: string; ip: string | null; now: Date },
): Promise<string> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`code:${r.destination}`]);
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`code:${r.orderId}:${r.channel}`]);
  const hourAgo = new Date(r.now.getTime() - HOUR_MS);
  const recent = await tx.query<{ created_at: Date }>(
    `SELECT created_at FROM verification_codes
      WHERE (destination = $1 OR (order_id = $2 AND channel = $3)) AND created_at > $4
      ORDER BY created_at DESC LIMIT 1`,
    [r.destination, r.orderId, r.channel, hourAgo],
  );
  const last = recent[0];
  if (last) {
    const wait = new Date(last.created_at).getTime() + CODE_RULES.resendMs - r.now.getTime();
    if (wait > 0) throw tooMany('Повторно запросить код можно через {s} с.', wait);
  }
  const destinationCount = await tx.query<{ n: unknown; oldest: Date | null }>(
    'SELECT count(*) AS n, min(created_at) AS oldest FROM verification_codes WHERE destination = $1 AND created_at > $2',
    [r.destination, hourAgo],
  );
  const sent = toNumber(destinationCount[0]?.n ?? 0);
  if (sent >= CODE_RULES.sendsPerDestinationPerHour) {
    const oldest = new Date(destinationCount[0]?.oldest ?? r.now).getTime();
    throw tooMany(
      'Слишком много кодов на этот адрес. Повторите через {s} с.',
      oldest + HOUR_MS - r.now.getTime(),
    );
  }
  if (r.ip) {
    const byIp = await tx.query<{ n: unknown; oldest: Date | null }>(
      'SELECT count(*) AS n, min(created_at) AS oldest FROM verification_codes WHERE ip = $1 AND created_at > $2',
      [r.ip, hourAgo],
    );
    if (toNumber(byIp[0]?.n ?? 0) >= CODE_RULES.sendsPerIpPerHour) {
      const oldest = new Date(byIp[0]?.oldest ?? r.now).getTime();
      throw tooMany(
        'Слишком много запросов кодов. Повторите через {s} с.',
        oldest + HOUR_MS - r.now.getTime(),
      );
    }
  }
  // Only the newest code of a channel is valid.
  await tx.query(
    `UPDATE verification_codes SET voided_at = $3
      WHERE order_id = $1 AND channel = $2 AND used_at IS NULL AND voided_at IS NULL`,
    [r.orderId, r.channel, r.now],
  );
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await tx.query(
    `INSERT INTO verification_codes (order_id, channel, destination, code_hash, ip, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      r.orderId,
      r.channel,
      r.destination,
      hashCode(r.orderId, r.channel, code),
      r.ip,
      r.now,
      new Date(r.now.getTime() + CODE_RULES.ttlMs),
    ],
  );
  return code;
}

export type CheckResult =
  | { ok: true; codeId: number }
  | { ok: false; message: string; notRequested?: boolean };

/**
 * Checks a code against the channel's newest code. A wrong code counts against the code (5 wrong
 * tries void it); the caller commits that count even when it refuses the request.
 */
export async function checkCode(
  tx: Queryable,
  r: { orderId: string; channel: Channel; destination: string; input: string; now: Date },
): Promise<CheckResult> {
  const rows = await tx.query<{
    id: unknown;
    destination: string;
    code_hash: string;
    wrong_attempts: number;
    expires_at: Date;
  }>(
    `SELECT id, destination, code_hash, wrong_attempts, expires_at FROM verification_codes
      WHERE order_id = $1 AND channel = $2 AND used_at IS NULL AND voided_at IS NULL
      ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
    [r.orderId, r.channel],
  );
  const row = rows[0];
  const what = r.channel === 'sms' ? 'номер' : 'адрес';
  if (!row) return { ok: false, message: 'Получите код подтверждения', notRequested: true };
  if (row.destination !== r.destination) {
    return {
      ok: false,
      message: `Код был отправлен на другой ${what}. Запросите код заново.`,
      notRequested: true,
    };
  }
  if (new Date(row.expires_at).getTime() <= r.now.getTime()) {
    return { ok: false, message: 'Срок действия кода истёк. Запросите новый код.' };
  }
  const expected = Buffer.from(row.code_hash, 'hex');
  const given = Buffer.from(hashCode(r.orderId, r.channel, r.input), 'hex');
  if (timingSafeEqual(expected, given)) return { ok: true, codeId: toNumber(row.id) };
  const wrong = toNumber(row.wrong_attempts) + 1;
  const exhausted = wrong >= CODE_RULES.maxWrongAttempts;
  await tx.query('UPDATE verification_codes SET wrong_attempts = $2, voided_at = $3 WHERE id = $1', [
    row.id,
    wrong,
    exhausted ? r.now : null,
  ]);
  if (exhausted) return { ok: false, message: 'Слишком много неверных попыток. Запросите новый код.' };
  const left = CODE_RULES.maxWrongAttempts - wrong;
  return { ok: false, message: `Неверный код. Осталось попыток: ${left}` };
}

export async function markUsed(tx: Queryable, codeIds: readonly number[], now: Date) {
  await tx.query('UPDATE verification_codes SET used_at = $2 WHERE id = ANY($1::bigint[])', [codeIds, now]);
}

/** Retention (modules/retention): one batch of codes expired more than RETENTION_CODES ago. */
export function purgeExpiredCodes(deps: AppDeps, batch: number): Promise<number> {
  return deleteExpiredCodes(
    deps.db,
    new Date(deps.clock.now().getTime() - deps.config.RETENTION_CODES),
    batch,
  );
}
