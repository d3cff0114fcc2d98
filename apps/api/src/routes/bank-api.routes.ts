import {
  ApplicationIdParam,
  BankApplication,
  BankApplicationList,
  BankApplicationListQuery,
  BankDecisionInput,
  BankPaymentInput,
  RefundConfirmation,
  RefundConfirmationInput,
  RefundIdParam,
} from '@b2bpay/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Queryable } from '../db/database';
import type { AppDeps } from '../deps';
import {
  authenticateBank,
  type BankRow,
  findBankApplicationCursor,
  listBankApplications,
} from '../modules/banks';
import { findOrder, runIdempotent, validateIdempotencyKey } from '../modules/orders';
import { splitCommaLists } from '../shared/comma-lists';
import { pageCursor, pageOf, resolveCursor } from '../shared/cursor';
import { AppError } from '../shared/errors';
import { errorResponses } from '../shared/route-schemas';
import { readBankApplication, viewOf } from '../workflows/bank-application-view';
import { confirmBankRefund } from '../workflows/confirm-bank-refund';
import { recordBankDecision } from '../workflows/record-bank-decision';
import { recordBankPayment } from '../workflows/record-bank-payment';

/** Where the partner banks' API lives; its OpenAPI document is served apart (plugins/openapi.ts). */
export const BANK_API_PREFIX = '/api/bank/v1';
export const BANK_AUTH = [{ BankKey: [] }];

const ApplicationParams = z.strictObject({ application_id: ApplicationIdParam });
const RefundParams = z.strictObject({ refund_id: RefundIdParam });
const IdempotencyHeaders = z.object({
  'idempotency-key': z.string().optional().meta({
    description:
      'Обязателен: 1–255 печатных символов ASCII. Повтор с тем же ключом и телом вернёт первый ответ.',
  }),
});

const KEY_REQUIRED = 'Нужен заголовок Idempotency-Key: банк повторяет запрос с тем же ключом';

/**
 * The partner banks' API (DESIGN §13, docs/banks.md): a bank authenticates with its `bk_…` key, sees
 * only its own applications (another's is 404, as an unknown one), and every POST carries an
 * Idempotency-Key — its work and stored answer are one commit, so a retried request is answered as
 * the first was and never acts twice.
 */
export async function bankApiRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const bankOf = (request: FastifyRequest) =>
    authenticateBank(deps.db, request.headers.authorization, deps.clock.now());

  async function idempotent<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    work: (bank: BankRow, tx: Queryable) => Promise<T>,
  ): Promise<T> {
    const bank = await bankOf(request);
    const raw = request.headers['idempotency-key'];
    const key = validateIdempotencyKey(Array.isArray(raw) ? raw[0] : raw);
    if (key === null) throw new AppError('VALIDATION_ERROR', KEY_REQUIRED, { field: 'Idempotency-Key' });
    const result = await runIdempotent(
      deps.db,
      { bankId: bank.id, key, request: { url: request.url, body: request.body }, now: deps.clock.now() },
      (tx) => work(bank, tx),
    );
    if (result.replayed) reply.header('idempotent-replayed', 'true');
    return result.body;
  }

  r.get(
    `${BANK_API_PREFIX}/applications`,
    {
      preValidation: splitCommaLists('status'),
      schema: {
        operationId: 'listBankApplications',
        tags: ['banks'],
        summary: 'Заявки банка',
        description:
          'Заявки этого банка, новые первыми; status — фильтр (можно повторять или через запятую), ' +
          'starting_after — id последней заявки страницы (следующая страница), ending_before — id первой ' +
          '(предыдущая); has_more — есть ли ещё в ту сторону.',
        security: BANK_AUTH,
        querystring: BankApplicationListQuery,
        response: { 200: BankApplicationList, ...errorResponses(400, 401, 429, 500) },
      },
    },
    async (request) => {
      const bank = await bankOf(request);
      const q = request.query;
      const cursor = await resolveCursor(
        pageCursor(q),
        (id) => findBankApplicationCursor(deps.db, bank.id, id),
        'нет такой заявки банка',
      );
      // One row more than the page tells whether more follow.
      const rows = await listBankApplications(deps.db, bank.id, {
        statuses: q.status,
        cursor,
        limit: q.limit + 1,
      });
      const page = pageOf(rows, q.limit, cursor);
      const items: BankApplication[] = [];
      for (const a of page.items) {
        const order = await findOrder(deps.db, a.order_id);
        if (order) items.push(await viewOf(deps.db, order, a));
      }
      return { items, has_more: page.has_more };
    },
  );

  r.get(
    `${BANK_API_PREFIX}/applications/:application_id`,
    {
      schema: {
        operationId: 'getBankApplication',
        tags: ['banks'],
        summary: 'Заявка',
        security: BANK_AUTH,
        params: ApplicationParams,
        response: { 200: BankApplication, ...errorResponses(401, 404, 429, 500) },
      },
    },
    async (request) => {
      const bank = await bankOf(request);
      return readBankApplication(deps.db, bank.id, request.params.application_id);
    },
  );

  r.post(
    `${BANK_API_PREFIX}/applications/:application_id/decision`,
    {
      schema: {
        operationId: 'decideBankApplication',
        tags: ['banks'],
        summary: 'Решение по заявке',
        description:
          'approved — с предложениями (хотя бы одно), rejected — без них. То же решение повторно — 200; другое — ' +
          '409 DECISION_CONFLICT; после respond_by или отзыва — 409 APPLICATION_CLOSED.',
        security: BANK_AUTH,
        params: ApplicationParams,
        headers: IdempotencyHeaders,
        body: BankDecisionInput,
        response: { 200: BankApplication, ...errorResponses(400, 401, 404, 409, 422, 429, 500) },
      },
    },
    async (request, reply) =>
      idempotent(request, reply, (bank, tx) =>
        recordBankDecision(deps, bank, request.params.application_id, request.body, tx),
      ),
  );

  r.post(
    `${BANK_API_PREFIX}/applications/:application_id/payment`,
    {
      schema: {
        operationId: 'payBankApplication',
        tags: ['banks'],
        summary: 'Оплата магазину',
        description:
          'Только после offer.accepted по предложению этого банка (иначе 409 OFFER_NOT_ACCEPTED), ровно сумма ' +
          'заказа (иначе 400 PAYMENT_AMOUNT_MISMATCH). Заказ переходит в payment_sent.',
        security: BANK_AUTH,
        params: ApplicationParams,
        headers: IdempotencyHeaders,
        body: BankPaymentInput,
        response: { 200: BankApplication, ...errorResponses(400, 401, 404, 409, 422, 429, 500) },
      },
    },
    async (request, reply) =>
      idempotent(request, reply, (bank, tx) =>
        recordBankPayment(deps, bank, request.params.application_id, request.body, tx),
      ),
  );

  r.post(
    `${BANK_API_PREFIX}/refunds/:refund_id/confirmation`,
    {
      schema: {
        operationId: 'confirmBankRefund',
        tags: ['banks'],
        summary: 'Подтверждение возврата',
        description: 'Ответ на refund.created: номер документа банка. Повтор отвечает первым подтверждением.',
        security: BANK_AUTH,
        params: RefundParams,
        headers: IdempotencyHeaders,
        body: RefundConfirmationInput,
        response: { 200: RefundConfirmation, ...errorResponses(400, 401, 404, 422, 429, 500) },
      },
    },
    async (request, reply) =>
      idempotent(request, reply, (bank, tx) =>
        confirmBankRefund(deps, bank, request.params.refund_id, request.body.reference, tx),
      ),
  );
}
