import {
  CabinetConfirmed,
  CabinetForgot,
  CabinetLogin,
  CabinetReset,
  CabinetSent,
  CabinetSession,
  CabinetSessionList,
  CabinetSignup,
  CabinetToken,
  SessionIdParam,
} from '@b2bpay/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { AppError, notFound } from '../../shared/errors';
import { CABINET_AUTH, errorResponses } from '../../shared/route-schemas';
import { isUuid } from '../../shared/uuid';
import type { Authenticator } from '../auth';
import * as sessions from '../sessions';
import { loginThrottle } from '../sessions';
import { confirm, forgotPassword, login, resetPassword, signup } from './accounts.service';
import { clearSessionCookie, requestMeta, setSessionCookie } from './cookies';
import { assertPasswordNotLeaked, hashPassword } from './passwords';
import { sessionBody } from './sessions';

type Deps = AppDeps & { auth: Authenticator };

const SESSION_NOT_FOUND = 'Сеанс не найден';

/**
 * Sign-up and reset letters per address and hour (CABINET_LETTERS_PER_ADDRESS_PER_HOUR), so the
 * forms cannot flood someone's mailbox. Beyond it the answer is the same 202 and no letter goes.
 */
function letterBudget(app: FastifyInstance, deps: Deps) {
  const limiter = app.createRateLimit({
    max: deps.config.CABINET_LETTERS_PER_ADDRESS_PER_HOUR,
    timeWindow: 3_600_000,
    keyGenerator: (request) =>
      `cabinet-letters:${String((request.body as { email?: unknown })?.email ?? '').toLowerCase()}`,
  });
  return async (request: FastifyRequest) => {
    const result = await limiter(request);
    return result.isAllowed || !result.isExceeded;
  };
}

export async function accountsRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const throttle = loginThrottle(app, deps.config, 'login');
  const mayWrite = letterBudget(app, deps);
  const meta = (request: FastifyRequest) => requestMeta(request, deps.clock.now());

  r.post(
    '/api/cabinet/signup',
    {
      schema: {
        operationId: 'cabinetSignup',
        tags: ['cabinet'],
        summary: 'Регистрация в личном кабинете',
        description:
          'Всегда 202 с одним и тем же ответом, известен адрес или нет. Новому адресу приходит письмо со ' +
          'ссылкой подтверждения (24 часа, один раз), уже зарегистрированному — письмо «вы уже зарегистрированы».',
        security: [],
        body: CabinetSignup,
        response: { 202: CabinetSent, ...errorResponses(400, 413, 415, 429, 500) },
      },
    },
    async (request, reply) => {
      if (await mayWrite(request)) await signup(deps, request.body, meta(request));
      else {
        // The same checks and about the same time as a letter that goes.
        await assertPasswordNotLeaked(request.body.password);
        await hashPassword(request.body.password);
      }
      return reply.code(202).send({ status: 'sent' });
    },
  );

  r.post(
    '/api/cabinet/confirm',
    {
      schema: {
        operationId: 'cabinetConfirm',
        tags: ['cabinet'],
        summary: 'Подтвердить регистрацию',
        description:
          'Создаёт магазин (название — по ИНН), его ключи (показываются один раз) и владельца, и открывает ' +
          'сессию (cookie). Использованная или устаревшая ссылка — 410 LINK_EXPIRED.',
        security: [],
        body: CabinetToken,
        response: { 200: CabinetConfirmed, ...errorResponses(400, 410, 413, 415, 429, 500) },
      },
    },
    async (request, reply) => {
      const result = await confirm(deps, request.body.token, meta(request));
      setSessionCookie(reply, deps.config, result.cookie);
      return result.body;
    },
  );

  r.post(
    '/api/cabinet/login',
    {
      schema: {
        operationId: 'cabinetLogin',
        tags: ['cabinet'],
        summary: 'Войти в личный кабинет',
        description:
          'Открывает новую сессию (cookie b2bpay_session, HttpOnly). Неверная пара — 401 с одним текстом; ' +
          'после частых неудач по аккаунту или адресу — 429 с Retry-After.',
        security: [],
        body: CabinetLogin,
        response: { 200: CabinetSession, ...errorResponses(400, 401, 413, 415, 429, 500) },
      },
    },
    async (request, reply) => {
      await throttle.check(request);
      try {
        const session = await login(deps, request.body, meta(request));
        // The session this browser had ends: a log-in never keeps using an id set before it.
        const previous = await deps.auth.peekSession(request);
        if (previous) await sessions.deleteSession(deps.db, 'cabinet', previous.user.id, previous.session_id);
        setSessionCookie(reply, deps.config, session.cookie);
        return session.body;
      } catch (error) {
        if (error instanceof AppError && error.status === 401) await throttle.failed(request);
        throw error;
      }
    },
  );

  r.post(
    '/api/cabinet/logout',
    {
      schema: {
        operationId: 'cabinetLogout',
        tags: ['cabinet'],
        summary: 'Выйти',
        description: 'Завершает текущую сессию и стирает cookie.',
        security: CABINET_AUTH,
        response: {
          204: z.null().describe('Сессия завершена'),
          ...errorResponses(401, 403, 413, 415, 429, 500),
        },
      },
    },
    async (request, reply) => {
      const session = await deps.auth.requireSession(request, { csrf: true });
      await sessions.deleteSession(deps.db, 'cabinet', session.user.id, session.session_id);
      clearSessionCookie(reply, deps.config);
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/api/cabinet/me',
    {
      schema: {
        operationId: 'cabinetMe',
        tags: ['cabinet'],
        summary: 'Кто вошёл',
        description: 'Пользователь сессии, его магазины с ролями и csrf_token для изменяющих запросов.',
        security: CABINET_AUTH,
        response: { 200: CabinetSession, ...errorResponses(401, 429, 500) },
      },
    },
    async (request) => {
      const session = await deps.auth.requireSession(request);
      return sessionBody(deps.db, session.user, session.csrf_token);
    },
  );

  r.get(
    '/api/cabinet/sessions',
    {
      schema: {
        operationId: 'listCabinetSessions',
        tags: ['cabinet'],
        summary: 'Открытые сессии пользователя',
        security: CABINET_AUTH,
        response: { 200: CabinetSessionList, ...errorResponses(401, 429, 500) },
      },
    },
    async (request) => {
      const session = await deps.auth.requireSession(request);
      const now = deps.clock.now();
      const rows = await sessions.listSessions(
        deps.db,
        'cabinet',
        session.user.id,
        now,
        new Date(now.getTime() - deps.config.CABINET_SESSION_IDLE),
      );
      return { data: rows.map((row) => ({ ...row, current: row.id === session.session_id })) };
    },
  );

  r.delete(
    '/api/cabinet/sessions/:id',
    {
      schema: {
        operationId: 'deleteCabinetSession',
        tags: ['cabinet'],
        summary: 'Завершить сессию',
        description: 'Завершает одну из своих сессий (например, на потерянном устройстве).',
        security: CABINET_AUTH,
        params: z.strictObject({ id: SessionIdParam }),
        response: {
          204: z.null().describe('Сессия завершена'),
          ...errorResponses(401, 403, 404, 413, 415, 429, 500),
        },
      },
    },
    async (request, reply) => {
      const session = await deps.auth.requireSession(request, { csrf: true });
      const { id } = request.params;
      if (!isUuid(id) || !(await sessions.deleteSession(deps.db, 'cabinet', session.user.id, id))) {
        throw notFound(SESSION_NOT_FOUND);
      }
      if (id === session.session_id) clearSessionCookie(reply, deps.config);
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/api/cabinet/password/forgot',
    {
      schema: {
        operationId: 'cabinetForgotPassword',
        tags: ['cabinet'],
        summary: 'Забыли пароль',
        description:
          'Всегда 202. Если адрес зарегистрирован, на него уходит ссылка сброса (1 час, один раз).',
        security: [],
        body: CabinetForgot,
        response: { 202: CabinetSent, ...errorResponses(400, 413, 415, 429, 500) },
      },
    },
    async (request, reply) => {
      if (await mayWrite(request)) await forgotPassword(deps, request.body.email, meta(request));
      return reply.code(202).send({ status: 'sent' });
    },
  );

  r.post(
    '/api/cabinet/password/reset',
    {
      schema: {
        operationId: 'cabinetResetPassword',
        tags: ['cabinet'],
        summary: 'Задать новый пароль по ссылке',
        description: 'Завершает все сессии пользователя. Использованная или устаревшая ссылка — 410.',
        security: [],
        body: CabinetReset,
        response: {
          204: z.null().describe('Пароль изменён'),
          ...errorResponses(400, 410, 413, 415, 429, 500),
        },
      },
    },
    async (request, reply) => {
      await resetPassword(deps, request.body.token, request.body.password, deps.clock.now());
      return reply.code(204).send(null);
    },
  );
}
