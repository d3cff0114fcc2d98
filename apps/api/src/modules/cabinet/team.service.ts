import { randomUUID } from 'node:crypto';
import {
  CABINET_MESSAGES,
  type CabinetRole,
  type CabinetSession,
  can,
  canManageRole,
  type InvitationAccept,
  type InvitationCreate,
  type InvitationPreview,
  type Permission,
  ROLE_LABELS,
  STAFF_MESSAGES,
  type Team,
  type TeamInvitation,
  type TeamMember,
} from '@b2bpay/domain';
import type { Queryable } from '../../db/database';
import type { AppDeps } from '../../deps';
import { randomToken, sha256Hex } from '../../shared/crypto';
import { AppError, forbidden, notFound, unauthorized, validationError } from '../../shared/errors';
import { isUuid } from '../../shared/uuid';
import { type AuditActor, recordAudit } from '../audit';
import type { SessionPrincipal } from '../auth';
import { invitationEmail, queueEmail } from '../notifications';
import * as sessions from '../sessions';
import { LINK_TOKEN_LENGTH, linkExpired } from './accounts.service';
import * as repo from './cabinet.repository';
import { assertPasswordNotLeaked, hashPassword, verifyPassword } from './passwords';
import { type NewSession, type RequestMeta, startSession } from './sessions';
import * as team from './team.repository';

const INVITATION_TTL_MS = 10 * 86_400_000;
const MEMBER_NOT_FOUND = 'Участник команды не найден';
const INVITATION_NOT_FOUND = 'Приглашение не найдено';
const ALREADY_MEMBER = 'Этот адрес уже в команде магазина';

/** The session's user in the shop named by the address: 403 unless a member with the permission. */
export interface TeamContext {
  shopId: string;
  user: SessionPrincipal['user'];
  role: CabinetRole;
  actor: AuditActor;
  ip: string | null;
}

export async function teamContext(
  deps: AppDeps,
  session: SessionPrincipal,
  shopId: string,
  permission: Permission | null,
  ip: string | null,
): Promise<TeamContext> {
  const membership = isUuid(shopId) ? await repo.findMembership(deps.db, session.user.id, shopId) : null;
  if (!membership) throw forbidden(CABINET_MESSAGES.notMember);
  if (membership.shop.suspended) throw new AppError('SHOP_SUSPENDED', STAFF_MESSAGES.shopSuspended);
  if (permission && !can(membership.role, permission)) throw forbidden(CABINET_MESSAGES.forbidden);
  return {
    shopId,
    user: session.user,
    role: membership.role,
    actor: { type: 'user', email: session.user.email },
    ip,
  };
}

export async function readTeam(deps: AppDeps, shopId: string): Promise<Team> {
  const [members, invitations] = await Promise.all([
    team.listMembers(deps.db, shopId),
    team.listOpenInvitations(deps.db, shopId, deps.clock.now()),
  ]);
  return { members, invitations: invitations.map(invitationView) };
}

const invitationView = (i: team.InvitationRow): TeamInvitation => ({
  id: i.id,
  email: i.email,
  role: i.role,
  created_at: i.created_at,
  expires_at: i.expires_at,
});

const link = (deps: AppDeps, token: string) =>
  `${deps.config.PUBLIC_URL.replace(/\/$/, '')}/cabinet/invite?token=${token}`;

async function sendInvitationLetter(
  deps: AppDeps,
  tx: Queryable,
  i: { shopId: string; email: string; role: CabinetRole; token: string },
  now: Date,
) {
  const shopName = (await team.shopName(tx, i.shopId)) ?? '';
  const letter = invitationEmail({ shopName, roleLabel: ROLE_LABELS[i.role], link: link(deps, i.token) });
  await queueEmail(tx, { kind: 'cabinet_invitation', to: i.email, orderId: null, ...letter }, now);
}

/** An invitation by e-mail (single use, bound to the address, 10 days); an admin cannot invite owners. */
export async function invite(
  deps: AppDeps,
  ctx: TeamContext,
  input: InvitationCreate,
): Promise<TeamInvitation> {
  if (!canManageRole(ctx.role, input.role)) throw forbidden(CABINET_MESSAGES.forbidden);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const members = await team.listMembers(tx, ctx.shopId);
    if (members.some((m) => m.email === input.email)) throw new AppError('ALREADY_MEMBER', ALREADY_MEMBER);
    await team.revokeOpenInvitationsOf(tx, ctx.shopId, input.email, now);
    const token = randomToken(LINK_TOKEN_LENGTH);
    const id = randomUUID();
    const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
    await team.insertInvitation(
      tx,
      {
        id,
        shopId: ctx.shopId,
        email: input.email,
        role: input.role,
        tokenHash: sha256Hex(token),
        invitedBy: ctx.user.id,
        expiresAt,
      },
      now,
    );
    await sendInvitationLetter(
      deps,
      tx,
      { shopId: ctx.shopId, email: input.email, role: input.role, token },
      now,
    );
    await recordAudit(
      tx,
      {
        shopId: ctx.shopId,
        actor: ctx.actor,
        action: 'member.invited',
        details: { email: input.email, role: input.role },
        ip: ctx.ip,
      },
      now,
    );
    return {
      id,
      email: input.email,
      role: input.role,
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
    };
  });
}

/**
 * The first owner of a shop that B2BPay's staff made (DESIGN §14): an invitation to the personal
 * cabinet with the owner's role, in the caller's transaction, by the same letter as a team's.
 */
export async function inviteFirstOwner(
  deps: AppDeps,
  tx: Queryable,
  i: { shopId: string; email: string },
  now: Date,
) {
  const token = randomToken(LINK_TOKEN_LENGTH);
  await team.insertInvitation(
    tx,
    {
      id: randomUUID(),
      shopId: i.shopId,
      email: i.email,
      role: 'owner',
      tokenHash: sha256Hex(token),
      invitedBy: null,
      expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
    },
    now,
  );
  await sendInvitationLetter(deps, tx, { shopId: i.shopId, email: i.email, role: 'owner', token }, now);
}

async function manageableInvitation(deps: AppDeps, tx: Queryable, ctx: TeamContext, id: string) {
  const invitation = isUuid(id) ? await team.findOpenInvitation(tx, ctx.shopId, id, deps.clock.now()) : null;
  if (!invitation) throw notFound(INVITATION_NOT_FOUND);
  if (!canManageRole(ctx.role, invitation.role)) throw forbidden(CABINET_MESSAGES.forbidden);
  return invitation;
}

/** Sends the invitation again with a new link (the previous one stops working) and 10 more days. */
export async function resendInvitation(deps: AppDeps, ctx: TeamContext, id: string) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const invitation = await manageableInvitation(deps, tx, ctx, id);
    const token = randomToken(LINK_TOKEN_LENGTH);
    await team.renewInvitation(tx, id, sha256Hex(token), new Date(now.getTime() + INVITATION_TTL_MS));
    await sendInvitationLetter(
      deps,
      tx,
      { shopId: ctx.shopId, email: invitation.email, role: invitation.role, token },
      now,
    );
    await recordAudit(
      tx,
      {
        shopId: ctx.shopId,
        actor: ctx.actor,
        action: 'invitation.resent',
        details: { email: invitation.email },
        ip: ctx.ip,
      },
      now,
    );
  });
}

export async function revokeInvitation(deps: AppDeps, ctx: TeamContext, id: string) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const invitation = await manageableInvitation(deps, tx, ctx, id);
    await team.revokeInvitation(tx, id, now);
    await recordAudit(
      tx,
      {
        shopId: ctx.shopId,
        actor: ctx.actor,
        action: 'invitation.revoked',
        details: { email: invitation.email, role: invitation.role },
        ip: ctx.ip,
      },
      now,
    );
  });
}

export async function previewInvitation(deps: AppDeps, token: string): Promise<InvitationPreview> {
  const invitation = await team.findInvitationByToken(deps.db, sha256Hex(token), deps.clock.now());
  if (!invitation) throw linkExpired();
  const account = await repo.findUserByEmail(deps.db, invitation.email);
  return {
    email: invitation.email,
    shop: { id: invitation.shop_id, name: invitation.shop_name },
    role: invitation.role,
    account_exists: account?.confirmed_at != null,
  };
}

/**
 * Accepting joins the invited address to the shop and logs it in. A new address sets its name and
 * password here (the link proves the address, so the account is confirmed). An existing account
 * proves itself with its password, or with its own session already in the request.
 */
export async function acceptInvitation(
  deps: AppDeps,
  input: InvitationAccept,
  current: SessionPrincipal | null,
  meta: RequestMeta,
): Promise<NewSession & { body: CabinetSession }> {
  const preview = await team.findInvitationByToken(deps.db, sha256Hex(input.token), meta.now);
  if (!preview) throw linkExpired();
  const existing = await repo.findUserByEmail(deps.db, preview.email);
  let newPassword: string | null = null;
  if (existing?.confirmed_at) {
    const bySession = current?.user.id === existing.id;
    if (!bySession) {
      if (!input.password || !(await verifyPassword(input.password, existing.password_hash))) {
        throw unauthorized(CABINET_MESSAGES.wrongCredentials);
      }
    }
  } else {
    if (!input.name) throw validationError('name', CABINET_MESSAGES.nameRequired);
    if (!input.password || input.password.length < 10) {
      throw validationError('password', CABINET_MESSAGES.passwordTooShort);
    }
    await assertPasswordNotLeaked(input.password);
    newPassword = await hashPassword(input.password);
  }

  return deps.db.transaction(async (tx) => {
    const invitation = await team.findInvitationByToken(tx, sha256Hex(input.token), meta.now, true);
    if (!invitation) throw linkExpired();
    let userId = existing?.id;
    if (newPassword !== null && input.name) {
      userId = await repo.ensureUser(
        tx,
        { id: randomUUID(), email: invitation.email, name: input.name, password_hash: newPassword },
        meta.now,
      );
      await repo.confirmUser(tx, userId, { name: input.name, password_hash: newPassword }, meta.now);
    }
    const user = userId ? await repo.findUserById(tx, userId) : null;
    if (!user) throw linkExpired();
    await repo.insertMember(
      tx,
      { shopId: invitation.shop_id, userId: user.id, role: invitation.role },
      meta.now,
    );
    await team.markInvitationAccepted(tx, invitation.id, meta.now);
    await recordAudit(
      tx,
      {
        shopId: invitation.shop_id,
        actor: { type: 'user', email: user.email },
        action: 'member.joined',
        details: { email: user.email, role: invitation.role },
        ip: meta.ip,
      },
      meta.now,
    );
    return startSession(tx, deps.config, user, meta);
  });
}

async function targetMember(tx: Queryable, shopId: string, userId: string) {
  const members = await team.lockMembers(tx, shopId);
  const target = members.find((m) => m.user_id === userId);
  if (!target) throw notFound(MEMBER_NOT_FOUND);
  const owners = members.filter((m) => m.role === 'owner').length;
  return { target, owners };
}

/** A new role; only an owner touches owners, and the last owner keeps the role (409). */
export async function changeRole(
  deps: AppDeps,
  ctx: TeamContext,
  userId: string,
  role: CabinetRole,
): Promise<TeamMember> {
  if (!isUuid(userId)) throw notFound(MEMBER_NOT_FOUND);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const { target, owners } = await targetMember(tx, ctx.shopId, userId);
    if (!canManageRole(ctx.role, target.role) || !canManageRole(ctx.role, role)) {
      throw forbidden(CABINET_MESSAGES.forbidden);
    }
    if (target.role === 'owner' && role !== 'owner' && owners <= 1)
      throw new AppError('LAST_OWNER', CABINET_MESSAGES.lastOwner);
    if (target.role !== role) {
      await team.updateMemberRole(tx, ctx.shopId, userId, role);
      const member = (await team.listMembers(tx, ctx.shopId)).find((m) => m.user_id === userId);
      await recordAudit(
        tx,
        {
          shopId: ctx.shopId,
          actor: ctx.actor,
          action: 'member.role_changed',
          details: { email: member?.email, from: target.role, to: role },
          ip: ctx.ip,
        },
        now,
      );
    }
    const member = (await team.listMembers(tx, ctx.shopId)).find((m) => m.user_id === userId);
    if (!member) throw notFound(MEMBER_NOT_FOUND);
    return member;
  });
}

/**
 * Removes a member (or the member leaves: anyone may remove themselves). The removed user's
 * sessions all end, so whatever they had open is closed at its next request; the last owner stays.
 */
export async function removeMember(deps: AppDeps, ctx: TeamContext, userId: string) {
  if (!isUuid(userId)) throw notFound(MEMBER_NOT_FOUND);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const { target, owners } = await targetMember(tx, ctx.shopId, userId);
    const leaving = userId === ctx.user.id;
    if (!leaving && !canManageRole(ctx.role, target.role)) throw forbidden(CABINET_MESSAGES.forbidden);
    if (target.role === 'owner' && owners <= 1) throw new AppError('LAST_OWNER', CABINET_MESSAGES.lastOwner);
    const removed = await repo.findUserById(tx, userId);
    await team.deleteMember(tx, ctx.shopId, userId);
    await sessions.deleteUserSessions(tx, 'cabinet', userId);
    await recordAudit(
      tx,
      {
        shopId: ctx.shopId,
        actor: ctx.actor,
        action: leaving ? 'member.left' : 'member.removed',
        details: { email: removed?.email, role: target.role },
        ip: ctx.ip,
      },
      now,
    );
  });
}
