import { randomInt, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../../db/database';
import { toNumber } from '../../db/database';
import type { AppDeps } from '../../deps';
import { sha256Hex } from '../../shared/crypto';
import { AppError } from '../../shared/errors';
import { observeShopCodeCap } from '../../shared/metrics';
import { queueCodeCapEmail } from '../notifications';
import { findShopContact } from '../shops';
import type { Channel } from './verification.repository';
import * as repo from './verification.repository';

export type { Channel } from './verification.repository';

/**
 * One-time code rules (DESIGN §5, OWASP ASVS 5 §6.6; ARCHITECTURE.md "One-time codes").
 * Every limit is scoped so that whoever spends it can only block themselves: the order's own limits
 * can be spent only through the order link (the buyer's capability), and the limits that guard a
 * phone or an e-mail against floods across orders are counted per client address. A stranger who
 * knows the buyer's phone but not the link fills only their own address's budget for it. The one
 * exception is the shop's own cap (checkShopCaps): it bounds what SMS pumping can cost a shop, and
 * whoever fills it from many addresses holds that shop's buyers back until the window moves on.
 */
export const CODE_RULES = {
  ttlMs: 10 * 60_000,
  /**
   * 60 s between two codes to one destination, of one order's channel or from one address (a signing
   * code waits for the order's last one whichever offer it signs: they all go to one phone).
   */
  resendMs: 60_000,
  /** Codes per order channel per hour (whoever holds the link). */
  sendsPerOrderChannelPerHour: 5,
  /** Codes to one destination from one client address per hour, over all orders. */
  sendsPerDestinationPerHour: 5,
  /** Per IP across all orders: stops one client from spraying codes at many numbers (SMS pumping). */
  sendsPerIpPerHour: 30,
  maxWrongAttempts: 5,
} as const;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A shop's caps on codes over all its orders (CODES_PER_SHOP_PER_HOUR / _PER_DAY). */
export interface ShopCodeCaps {
  perHour: number;
  perDay: number;
}

export type CapWindow = 'hour' | 'day';

/**
 * 429 for a code request over its shop's cap. It carries what the shop's alert needs: the refused
 * request's transaction is rolled back, so the alert is written afterwards (`noteShopCodeCap`).
 */
export class ShopCodeCapReached extends AppError {
  constructor(
    readonly shopId: string,
    readonly window: CapWindow,
    readonly limit: number,
    retryAfterMs: number,
  ) {
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    super('RATE_LIMITED', `Слишком много запросов кодов в этом магазине. Повторите через ${seconds} с.`, {
      headers: { 'retry-after': String(seconds) },
    });
  }
}

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
 * is stored. Enforces CODE_RULES; the advisory locks make parallel requests for one order channel or
 * one destination take turns.
 */
export async function issueCode(
  tx: Queryable,
  r: {
    orderId: string;
    shopId: string;
    caps: ShopCodeCaps;
    channel: Channel;
    destination: string;
    ip: string | null;
    now: Date;
  },
): Promise<string> {
  await repo.lockForTransaction(tx, `code:${r.destination}`);
  await repo.lockForTransaction(tx, `code:${r.orderId}:${r.channel}`);
  const hourAgo = new Date(r.now.getTime() - HOUR_MS);
  const last = await repo.lastCodeSentAt(tx, { ...r, since: hourAgo, anyDestination: r.channel === 'sign' });
  if (last) {
    const wait = new Date(last).getTime() + CODE_RULES.resendMs - r.now.getTime();
    if (wait > 0) throw tooMany('Повторно запросить код можно через {s} с.', wait);
  }
  const orderCount = await repo.countSentForOrderChannel(tx, r.orderId, r.channel, hourAgo);
  const destinationCount = await repo.countSentToDestination(tx, r.destination, r.ip, hourAgo);
  for (const [count, limit] of [
    [orderCount, CODE_RULES.sendsPerOrderChannelPerHour],
    [destinationCount, CODE_RULES.sendsPerDestinationPerHour],
  ] as const) {
    if (count.count >= limit) {
      const oldest = new Date(count.oldest ?? r.now).getTime();
      throw tooMany(
        'Слишком много кодов на этот адрес. Повторите через {s} с.',
        oldest + HOUR_MS - r.now.getTime(),
      );
    }
  }
  if (r.ip) {
    const byIp = await repo.countSentForIp(tx, r.ip, hourAgo);
    if (byIp.count >= CODE_RULES.sendsPerIpPerHour) {
      const oldest = new Date(byIp.oldest ?? r.now).getTime();
      throw tooMany(
        'Слишком много запросов кодов. Повторите через {s} с.',
        oldest + HOUR_MS - r.now.getTime(),
      );
    }
  }
  await checkShopCaps(tx, r);
  // Only the newest code of a channel is valid.
  await repo.voidOpenCodes(tx, r.orderId, r.channel, r.now);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await repo.insertCode(tx, {
    orderId: r.orderId,
    shopId: r.shopId,
    channel: r.channel,
    destination: r.destination,
    codeHash: hashCode(r.orderId, r.channel, code),
    ip: r.ip,
    createdAt: r.now,
    expiresAt: new Date(r.now.getTime() + CODE_RULES.ttlMs),
  });
  return code;
}

/**
 * A shop's codes over all its orders, per hour and per day: whoever floods one shop's orders with code
 * requests from many addresses (SMS pumping through the public widget key) is stopped at the shop's cap
 * rather than at the sum of per-address limits. Counted in the database under the shop's advisory
 * lock, so every API process sees the same count and parallel requests cannot both take the last place.
 */
async function checkShopCaps(tx: Queryable, r: { shopId: string; caps: ShopCodeCaps; now: Date }) {
  await repo.lockForTransaction(tx, `code-shop:${r.shopId}`);
  const now = r.now.getTime();
  const sent = await repo.countSentForShop(tx, r.shopId, new Date(now - HOUR_MS), new Date(now - DAY_MS));
  const windows: { window: CapWindow; limit: number; count: repo.SendCount; span: number }[] = [
    { window: 'day', limit: r.caps.perDay, count: sent.day, span: DAY_MS },
    { window: 'hour', limit: r.caps.perHour, count: sent.hour, span: HOUR_MS },
  ];
  const over = windows
    .filter((c) => c.count.count >= c.limit)
    // A place frees up when the window's oldest code leaves it; when both caps are full, the later one.
    .map((c) => ({ ...c, retryMs: new Date(c.count.oldest ?? r.now).getTime() + c.span - now }))
    .sort((a, b) => b.retryMs - a.retryMs)[0];
  if (over) throw new ShopCodeCapReached(r.shopId, over.window, over.limit, over.retryMs);
}

/**
 * After a refusal by the shop's cap (its transaction rolled back): counts it and, at most once an hour
 * per shop however many processes refuse at once, queues an e-mail telling the shop — the alert's
 * claim and the e-mail in one transaction, as the webhook failure alert is.
 */
export async function noteShopCodeCap(deps: AppDeps, cap: ShopCodeCapReached): Promise<void> {
  const now = deps.clock.now();
  const alerted = await deps.db.transaction(async (tx) => {
    if (!(await repo.claimCapAlert(tx, cap.shopId, now, new Date(now.getTime() - HOUR_MS)))) return false;
    const shop = await findShopContact(tx, cap.shopId);
    if (!shop) return false;
    await queueCodeCapEmail(
      tx,
      {
        to: shop.email,
        shopName: shop.name,
        window: cap.window,
        limit: cap.limit,
        ordersLink: `${deps.config.PUBLIC_URL}/shops/${cap.shopId}`,
      },
      now,
    );
    return true;
  });
  observeShopCodeCap(cap.window, alerted);
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
  const row = await repo.findNewestOpenCode(tx, r.orderId, r.channel);
  const what = r.channel === 'sms' ? 'номер' : 'адрес';
  if (!row) return { ok: false, message: 'Получите код подтверждения', notRequested: true };
  if (row.destination !== r.destination) {
    // A signing code names its offer in its destination: it signs that offer and no other.
    const message =
      r.channel === 'sign'
        ? 'Код был запрошен для другого предложения. Запросите код заново.'
        : `Код был отправлен на другой ${what}. Запросите код заново.`;
    return { ok: false, message, notRequested: true };
  }
  if (new Date(row.expires_at).getTime() <= r.now.getTime()) {
    return { ok: false, message: 'Срок действия кода истёк. Запросите новый код.' };
  }
  const expected = Buffer.from(row.code_hash, 'hex');
  const given = Buffer.from(hashCode(r.orderId, r.channel, r.input), 'hex');
  if (timingSafeEqual(expected, given)) return { ok: true, codeId: toNumber(row.id) };
  const wrong = toNumber(row.wrong_attempts) + 1;
  const exhausted = wrong >= CODE_RULES.maxWrongAttempts;
  await repo.recordWrongAttempt(tx, row.id, wrong, exhausted ? r.now : null);
  if (exhausted) return { ok: false, message: 'Слишком много неверных попыток. Запросите новый код.' };
  const left = CODE_RULES.maxWrongAttempts - wrong;
  return { ok: false, message: `Неверный код. Осталось попыток: ${left}` };
}

/** Marks the codes used, once the request they confirmed is accepted. */
export async function markUsed(tx: Queryable, codeIds: readonly number[], now: Date) {
  await repo.markUsed(tx, codeIds, now);
}

/** Retention (modules/retention): one batch of codes expired more than RETENTION_CODES ago. */
export function purgeExpiredCodes(deps: AppDeps, batch: number): Promise<number> {
  return repo.deleteExpiredCodes(
    deps.db,
    new Date(deps.clock.now().getTime() - deps.config.RETENTION_CODES),
    batch,
  );
}
