import {
  AuditList,
  AuditQuery,
  CabinetSent,
  CabinetSession,
  CabinetToken,
  InvitationAccept,
  InvitationCreate,
  InvitationIdParam,
  InvitationPreview,
  MemberRoleChange,
  MemberUserIdParam,
  ShopIdParam,
  Team,
  TeamInvitation,
  TeamMember,
} from '@b2bpay/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { CABINET_AUTH, errorResponses } from '../../shared/route-schemas';
import { readAudit } from '../audit';
import type { Authenticator } from '../auth';
import { requestMeta, setSessionCookie } from './cookies';
import {
  acceptInvitation,
  changeRole,
  invite,
  previewInvitation,
  readTeam,
  removeMember,
  resendInvitation,
  revokeInvitation,
  teamContext,
} from './team.service';

type Deps = AppDeps & { auth: Authenticator };

const ShopParams = z.strictObject({ id: ShopIdParam });
const InvitationParams = z.strictObject({ id: ShopIdParam, invitation_id: InvitationIdParam });
const MemberParams = z.strictObject({ id: ShopIdParam, user_id: MemberUserIdParam });

export async function teamRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  /** The session's member of the shop in the address, with the permission (null: any member). */
  const context = async (
    request: FastifyRequest,
    shopId: string,
    permission: 'team.manage' | 'audit.read' | null,
  ) => {
    const unsafe = request.method !== 'GET' && request.method !== 'HEAD';
    const session = await deps.auth.requireSession(request, { csrf: unsafe });
    return teamContext(deps, session, shopId, permission, request.clientAddress ?? null);
  };

  r.get(
    '/api/cabinet/shops/:id/members',
    {
      schema: {
        operationId: 'listTeam',
        tags: ['cabinet'],
        summary: 'Команда магазина',
        description: 'Участники с ролями и открытые приглашения. Видит каждый участник магазина.',
        security: CABINET_AUTH,
        params: ShopParams,
        response: { 200: Team, ...errorResponses(401, 403, 404, 429, 500) },
      },
    },
    async (request) => {
      const ctx = await context(request, request.params.id, null);
      return readTeam(deps, ctx.shopId);
    },
  );

  r.post(
    '/api/cabinet/shops/:id/invitations',
    {
      config: { permission: 'team.manage' },
      schema: {
        operationId: 'inviteTeamMember',
        tags: ['cabinet'],
        summary: 'Пригласить в команду',
        description:
          'Письмо со ссылкой (один раз, только для этого адреса, 10 дней). Владельца приглашает только владелец. ' +
          'Прежние открытые приглашения этого адреса перестают работать.',
        security: CABINET_AUTH,
        params: ShopParams,
        body: InvitationCreate,
        response: { 201: TeamInvitation, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 429, 500) },
      },
    },
    async (request, reply) => {
      const ctx = await context(request, request.params.id, 'team.manage');
      return reply.code(201).send(await invite(deps, ctx, request.body));
    },
  );

  r.post(
    '/api/cabinet/shops/:id/invitations/:invitation_id/resend',
    {
      config: { permission: 'team.manage' },
      schema: {
        operationId: 'resendTeamInvitation',
        tags: ['cabinet'],
        summary: 'Отправить приглашение ещё раз',
        description: 'Новая ссылка на 10 дней; прежняя перестаёт работать.',
        security: CABINET_AUTH,
        params: InvitationParams,
        response: { 202: CabinetSent, ...errorResponses(401, 403, 404, 413, 415, 429, 500) },
      },
    },
    async (request, reply) => {
      const ctx = await context(request, request.params.id, 'team.manage');
      await resendInvitation(deps, ctx, request.params.invitation_id);
      return reply.code(202).send({ status: 'sent' });
    },
  );

  r.delete(
    '/api/cabinet/shops/:id/invitations/:invitation_id',
    {
      config: { permission: 'team.manage' },
      schema: {
        operationId: 'revokeTeamInvitation',
        tags: ['cabinet'],
        summary: 'Отозвать приглашение',
        security: CABINET_AUTH,
        params: InvitationParams,
        response: {
          204: z.null().describe('Приглашение отозвано'),
          ...errorResponses(401, 403, 404, 413, 415, 429, 500),
        },
      },
    },
    async (request, reply) => {
      const ctx = await context(request, request.params.id, 'team.manage');
      await revokeInvitation(deps, ctx, request.params.invitation_id);
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/api/cabinet/invitations/preview',
    {
      schema: {
        operationId: 'previewTeamInvitation',
        tags: ['cabinet'],
        summary: 'Приглашение по ссылке',
        description:
          'Кого, в какой магазин и с какой ролью приглашают; есть ли у адреса аккаунт. Устаревшая ссылка — 410.',
        security: [],
        body: CabinetToken,
        response: { 200: InvitationPreview, ...errorResponses(400, 410, 413, 415, 429, 500) },
      },
    },
    async (request) => previewInvitation(deps, request.body.token),
  );

  r.post(
    '/api/cabinet/invitations/accept',
    {
      schema: {
        operationId: 'acceptTeamInvitation',
        tags: ['cabinet'],
        summary: 'Принять приглашение',
        description:
          'Новый адрес: name и password (не короче 10 символов), аккаунт подтверждается ссылкой. Существующий ' +
          'аккаунт: его password, если в запросе нет сессии этого пользователя. Открывает сессию (cookie).',
        // Documented as public although a session may stand in for the password: a route naming
        // CabinetSession is rate-limited per user, and this one must stay limited per address.
        security: [],
        body: InvitationAccept,
        response: { 200: CabinetSession, ...errorResponses(400, 401, 403, 410, 413, 415, 429, 500) },
      },
    },
    async (request, reply) => {
      // An existing session stands in for the password only with its CSRF header: a cross-site
      // form must not be able to add the victim's account to a shop.
      const current = request.body.password
        ? null
        : await deps.auth.requireSession(request, { csrf: true }).catch(() => null);
      const result = await acceptInvitation(
        deps,
        request.body,
        current,
        requestMeta(request, deps.clock.now()),
      );
      setSessionCookie(reply, deps.config, result.cookie);
      return result.body;
    },
  );

  r.patch(
    '/api/cabinet/shops/:id/members/:user_id',
    {
      config: { permission: 'team.manage' },
      schema: {
        operationId: 'changeTeamMemberRole',
        tags: ['cabinet'],
        summary: 'Изменить роль участника',
        description: 'Владельцев меняет только владелец; последнего владельца понизить нельзя (409).',
        security: CABINET_AUTH,
        params: MemberParams,
        body: MemberRoleChange,
        response: { 200: TeamMember, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 429, 500) },
      },
    },
    async (request) => {
      const ctx = await context(request, request.params.id, 'team.manage');
      return changeRole(deps, ctx, request.params.user_id, request.body.role);
    },
  );

  r.delete(
    '/api/cabinet/shops/:id/members/:user_id',
    {
      config: { permission: 'team.manage' },
      schema: {
        operationId: 'removeTeamMember',
        tags: ['cabinet'],
        summary: 'Удалить участника (или выйти из команды)',
        description:
          'Все сессии удалённого пользователя завершаются. Выйти сам может любой участник; последний владелец — нет (409).',
        security: CABINET_AUTH,
        params: MemberParams,
        response: {
          204: z.null().describe('Участник удалён'),
          ...errorResponses(401, 403, 404, 409, 413, 415, 429, 500),
        },
      },
    },
    async (request, reply) => {
      const leaving = await deps.auth.peekSession(request);
      const permission = leaving?.user.id === request.params.user_id ? null : 'team.manage';
      const ctx = await context(request, request.params.id, permission);
      await removeMember(deps, ctx, request.params.user_id);
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/api/cabinet/shops/:id/audit',
    {
      config: { permission: 'audit.read' },
      schema: {
        operationId: 'listAuditLog',
        tags: ['cabinet'],
        summary: 'Журнал действий магазина',
        description:
          'Кто (e-mail пользователя или последние 4 символа ключа), что, когда и с какого адреса: ключи, ' +
          'настройки вебхуков и виджета, команда, отмены, возвраты, выгрузки, входы. Новые сверху; дальше — ' +
          'starting_after = id последней записи, назад — ending_before = id первой.',
        security: CABINET_AUTH,
        params: ShopParams,
        querystring: AuditQuery,
        response: { 200: AuditList, ...errorResponses(400, 401, 403, 404, 429, 500) },
      },
    },
    async (request) => {
      const ctx = await context(request, request.params.id, 'audit.read');
      return readAudit(deps.db, ctx.shopId, request.query);
    },
  );
}
