import { randomUUID } from 'node:crypto';
import {
  CABINET_MESSAGES,
  type CabinetConfirmed,
  type CabinetLogin,
  type CabinetSignup,
} from '@b2bpay/domain';
import type { AppDeps } from '../../deps';
import { randomToken, sha256Hex } from '../../shared/crypto';
import { AppError, unauthorized } from '../../shared/errors';
import { recordAudit } from '../audit';
import { companyNameByInn } from '../companies';
import { alreadyRegisteredEmail, passwordResetEmail, queueEmail, signupConfirmEmail } from '../notifications';
import * as sessions from '../sessions';
import { createShopIn, setShopInn } from '../shops';
import * as repo from './cabinet.repository';
import { assertPasswordNotLeaked, decoyHash, hashPassword, verifyPassword } from './passwords';
import { type NewSession, type RequestMeta, startSession } from './sessions';

const CONFIRM_TTL_MS = 24 * 3_600_000;
const RESET_TTL_MS = 3_600_000;
/** A link's token: 256 bits of base62. */
export const LINK_TOKEN_LENGTH = 43;

export const linkExpired = () => new AppError('LINK_EXPIRED', CABINET_MESSAGES.linkUsedOrExpired);
const wrongCredentials = () => unauthorized(CABINET_MESSAGES.wrongCredentials);
const link = (deps: AppDeps, path: string) => `${deps.config.PUBLIC_URL.replace(/\/$/, '')}${path}`;

/**
 * Sign-up answers the same whether the address is known or not (no enumeration): both ways hash
 * the password (the slow part) and queue one letter. A new or unconfirmed address gets a
 * confirmation link; a confirmed one gets «вы уже зарегистрированы».
 */
export async function signup(deps: AppDeps, input: CabinetSignup, meta: RequestMeta): Promise<void> {
  await assertPasswordNotLeaked(input.password);
  const passwordHash = await hashPassword(input.password);
  const existing = await repo.findUserByEmail(deps.db, input.email);
  await deps.db.transaction(async (tx) => {
    if (existing?.confirmed_at) {
      const letter = alreadyRegisteredEmail(link(deps, '/cabinet/login'), link(deps, '/cabinet/forgot'));
      await queueEmail(
        tx,
        { kind: 'cabinet_registered', to: input.email, orderId: null, ...letter },
        meta.now,
      );
      return;
    }
    // An unconfirmed account holds the address; what the person asked for travels with the link,
    // and is applied only when the link is used.
    const userId = await repo.ensureUser(
      tx,
      { id: randomUUID(), email: input.email, name: input.name, password_hash: passwordHash },
      meta.now,
    );
    const token = randomToken(LINK_TOKEN_LENGTH);
    await repo.insertToken(
      tx,
      {
        hash: sha256Hex(token),
        purpose: 'confirm',
        userId,
        data: {
          name: input.name,
          password_hash: passwordHash,
          inn: input.company.inn,
          company_name: input.company.name ?? null,
        },
        expiresAt: new Date(meta.now.getTime() + CONFIRM_TTL_MS),
      },
      meta.now,
    );
    const letter = signupConfirmEmail(link(deps, `/cabinet/confirm?token=${token}`));
    await queueEmail(tx, { kind: 'cabinet_confirm', to: input.email, orderId: null, ...letter }, meta.now);
  });
}

interface ConfirmData {
  name: string;
  password_hash: string;
  inn: string;
  company_name: string | null;
}

/** The sign-up link: confirms the account, makes its shop (named as the INN's company) and logs in. */
export async function confirm(
  deps: AppDeps,
  token: string,
  meta: RequestMeta,
): Promise<NewSession & { body: CabinetConfirmed }> {
  // The company's name is looked up before the transaction (DaData is a network call).
  const peek = await repo.findValidToken(deps.db, sha256Hex(token), 'confirm', meta.now);
  if (!peek) throw linkExpired();
  const data = peek.data as unknown as ConfirmData;
  const shopName = (await companyNameByInn(deps.config, data.inn)) ?? data.company_name ?? `ИНН ${data.inn}`;

  return deps.db.transaction(async (tx) => {
    const used = await repo.consumeToken(tx, sha256Hex(token), 'confirm', meta.now);
    if (!used) throw linkExpired();
    const user = await repo.findUserById(tx, used.user_id);
    if (!user) throw linkExpired();
    // One shop per sign-up: the account's other sign-up links end with this one.
    await repo.endTokensOf(tx, user.id, 'confirm', meta.now);
    // An account confirmed meanwhile (a password reset, an invitation) keeps its name and password.
    const name = user.confirmed_at ? user.name : data.name;
    if (!user.confirmed_at) {
      await repo.confirmUser(tx, user.id, { name, password_hash: data.password_hash }, meta.now);
    }
    const created = await createShopIn(tx, { name: shopName, email: user.email });
    // The back office finds shops by their company's INN.
    await setShopInn(tx, created.shop.id, data.inn);
    await repo.insertMember(tx, { shopId: created.shop.id, userId: user.id, role: 'owner' }, meta.now);
    const actor = { type: 'user' as const, email: user.email };
    await recordAudit(tx, { shopId: created.shop.id, actor, action: 'shop.created', ip: meta.ip }, meta.now);
    const session = await startSession(tx, deps.config, { ...user, name }, meta);
    return {
      cookie: session.cookie,
      body: {
        ...session.body,
        created_shop: {
          id: created.shop.id,
          name: created.shop.name,
          secret_key: created.secret_key,
          publishable_key: created.publishable_key,
          test_secret_key: created.test_secret_key,
          test_publishable_key: created.test_publishable_key,
        },
      },
    };
  });
}

/**
 * Checks the pair; one answer (401 «Неверный e-mail или пароль») for an unknown address, a wrong
 * password and an unconfirmed account. An unknown address is verified against a decoy hash so it
 * takes as long. Each attempt on an existing account is recorded in its shops' audit logs.
 */
export async function login(deps: AppDeps, input: CabinetLogin, meta: RequestMeta): Promise<NewSession> {
  const user = await repo.findUserByEmail(deps.db, input.email);
  const matches = await verifyPassword(input.password, user?.password_hash ?? (await decoyHash()));
  const ok = user !== null && matches && user.confirmed_at !== null;
  if (user) {
    const shops = await repo.userShops(deps.db, user.id);
    const action = ok ? 'login.succeeded' : 'login.failed';
    await deps.db.transaction(async (tx) => {
      for (const shop of shops) {
        await recordAudit(
          tx,
          { shopId: shop.id, actor: { type: 'user', email: user.email }, action, ip: meta.ip },
          meta.now,
        );
      }
    });
  }
  if (!ok || !user) throw wrongCredentials();
  return deps.db.transaction((tx) => startSession(tx, deps.config, user, meta));
}

/** Always the same answer; a confirmed account gets a reset link (1 h, single use). */
export async function forgotPassword(deps: AppDeps, email: string, meta: RequestMeta): Promise<void> {
  const user = await repo.findUserByEmail(deps.db, email);
  if (!user) return;
  await deps.db.transaction(async (tx) => {
    const token = randomToken(LINK_TOKEN_LENGTH);
    await repo.insertToken(
      tx,
      {
        hash: sha256Hex(token),
        purpose: 'reset',
        userId: user.id,
        data: {},
        expiresAt: new Date(meta.now.getTime() + RESET_TTL_MS),
      },
      meta.now,
    );
    const letter = passwordResetEmail(link(deps, `/cabinet/reset?token=${token}`));
    await queueEmail(tx, { kind: 'cabinet_reset', to: user.email, orderId: null, ...letter }, meta.now);
  });
}

/**
 * A new password from the reset link: every session of the account ends (whoever knew the old
 * password is logged out). The link proves the address, so an unconfirmed account is confirmed.
 */
export async function resetPassword(deps: AppDeps, token: string, password: string, now: Date) {
  await assertPasswordNotLeaked(password);
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    const used = await repo.consumeToken(tx, sha256Hex(token), 'reset', now);
    if (!used) throw linkExpired();
    await repo.confirmUser(tx, used.user_id, { password_hash: passwordHash }, now);
    await sessions.deleteUserSessions(tx, 'cabinet', used.user_id);
  });
}
