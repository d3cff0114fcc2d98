import { randomUUID } from 'node:crypto';
import { CABINET_MESSAGES, type StaffRole, type StaffSession } from '@b2bpay/domain';
import type { Config } from '../../config';
import type { Database, Queryable } from '../../db/database';
import type { AppDeps } from '../../deps';
import { randomToken, sha256Hex } from '../../shared/crypto';
import { pageCursor, pageOf, resolveCursor } from '../../shared/cursor';
import { AppError, unauthorized } from '../../shared/errors';
import { assertPasswordNotLeaked, decoyHash, hashPassword, verifyPassword } from '../cabinet';
import { createSession, deleteUserSessions, type RequestMeta } from '../sessions';
import * as repo from './staff.repository';

/** The staff's set-password link lives 24 hours and works once (DESIGN §14). */
const LINK_TTL_MS = 24 * 3_600_000;
const LINK_TOKEN_LENGTH = 43;

const setPasswordLink = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/$/, '')}/admin/set-password?token=${token}`;

/**
 * A staff member (CLI: `staff create`), or a new link for one who exists: the one-time link to set the
 * password is printed, never sent (the operator hands it over).
 */
export async function createStaff(
  deps: { db: Database; config: Pick<Config, 'PUBLIC_URL'> },
  input: { email: string; role: StaffRole },
  now: Date,
) {
  return deps.db.transaction(async (tx) => {
    const created = await repo.insertStaff(
      tx,
      { id: randomUUID(), email: input.email, role: input.role },
      now,
    );
    const staff = created ?? (await repo.findStaffByEmail(tx, input.email));
    if (!staff) throw new Error('staff member vanished after insert');
    if (!created && staff.role !== input.role) {
      throw new AppError('VALIDATION_ERROR', `Сотрудник ${input.email} уже есть с ролью ${staff.role}`, {
        field: 'role',
      });
    }
    const token = randomToken(LINK_TOKEN_LENGTH);
    const expiresAt = new Date(now.getTime() + LINK_TTL_MS);
    await repo.insertStaffToken(tx, { tokenHash: sha256Hex(token), userId: staff.id, expiresAt }, now);
    return {
      staff: { id: staff.id, email: staff.email, role: staff.role },
      set_password_link: setPasswordLink(deps.config.PUBLIC_URL, token),
      expires_at: expiresAt.toISOString(),
    };
  });
}

export interface NewStaffSession {
  cookie: string;
  body: StaffSession;
}

async function startStaffSession(
  tx: Queryable,
  config: Pick<Config, 'CABINET_SESSION_ABSOLUTE'>,
  staff: Pick<repo.StaffRow, 'id' | 'email' | 'role'>,
  meta: RequestMeta,
): Promise<NewStaffSession> {
  const { cookie, csrfToken } = await createSession(
    tx,
    'staff',
    staff.id,
    config.CABINET_SESSION_ABSOLUTE,
    meta,
  );
  return {
    cookie,
    body: { user: { id: staff.id, email: staff.email, role: staff.role }, csrf_token: csrfToken },
  };
}

/** The CLI's link sets the password (rules of the cabinet's), ends every other session, opens one. */
export async function setStaffPassword(
  deps: AppDeps,
  input: { token: string; password: string },
  meta: RequestMeta,
): Promise<NewStaffSession> {
  await assertPasswordNotLeaked(input.password);
  const hash = await hashPassword(input.password);
  return deps.db.transaction(async (tx) => {
    const staff = await repo.consumeStaffToken(tx, sha256Hex(input.token), meta.now);
    if (!staff) throw new AppError('LINK_EXPIRED', CABINET_MESSAGES.linkUsedOrExpired, { field: 'token' });
    await repo.setStaffPassword(tx, staff.id, hash);
    await deleteUserSessions(tx, 'staff', staff.id);
    await recordStaffAudit(tx, { email: staff.email, ip: meta.ip }, 'staff.password_set', {}, meta.now);
    return startStaffSession(tx, deps.config, staff, meta);
  });
}

/**
 * One answer (401 «Неверный e-mail или пароль») for an unknown address, a wrong password and a
 * person who has not set one; an unknown address is checked against a decoy so it takes as long.
 */
export async function staffLogin(
  deps: AppDeps,
  input: { email: string; password: string },
  meta: RequestMeta,
): Promise<NewStaffSession> {
  const staff = await repo.findStaffByEmail(deps.db, input.email);
  const matches = await verifyPassword(input.password, staff?.password_hash ?? (await decoyHash()));
  const ok = staff !== null && staff.password_hash !== null && matches;
  if (staff) {
    const action = ok ? 'staff.login_succeeded' : 'staff.login_failed';
    await deps.db.transaction((tx) =>
      recordStaffAudit(tx, { email: staff.email, ip: meta.ip }, action, {}, meta.now),
    );
  }
  if (!ok || !staff) throw unauthorized(CABINET_MESSAGES.wrongCredentials);
  return deps.db.transaction((tx) => startStaffSession(tx, deps.config, staff, meta));
}

/** A staff action in the staff audit log: who (e-mail), what, when and from where. */
export async function recordStaffAudit(
  tx: Queryable,
  actor: { email: string; ip: string | null },
  action: string,
  details: Record<string, unknown>,
  now: Date,
) {
  await repo.insertStaffAudit(
    tx,
    { id: randomUUID(), actor_email: actor.email, action, details, ip: actor.ip },
    now,
  );
}

export async function staffAudit(
  db: Queryable,
  query: { limit: number; starting_after?: string | undefined; ending_before?: string | undefined },
) {
  const cursor = await resolveCursor(
    pageCursor(query),
    (id) => repo.findStaffAuditSeq(db, id),
    'нет такой записи в журнале',
  );
  // One row more than the page tells whether more follow.
  const page = pageOf(await repo.listStaffAudit(db, query.limit + 1, cursor), query.limit, cursor);
  return {
    items: page.items.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() })),
    has_more: page.has_more,
  };
}
