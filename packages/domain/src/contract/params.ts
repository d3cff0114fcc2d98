import { z } from 'zod';

/**
 * Parameters several routes share, each declared once with its Russian description: the OpenAPI
 * documents show it for every route that takes the parameter (the reference at /api/docs, the SDK's
 * generated types), and a test fails on a parameter without one.
 */

/**
 * An id in the path. Any text up to 64 characters passes validation: an id the route does not hold,
 * malformed or not, is answered 404 like a missing one.
 */
export const pathId = (description: string) => z.string().max(64).meta({ description });

export const OrderIdParam = pathId('Идентификатор заказа (UUID)');
export const OfferIdParam = pathId('Идентификатор предложения банка (UUID): id из offers заказа');
export const ShopIdParam = pathId('Идентификатор магазина (UUID)');
export const DeliveryIdParam = pathId('Идентификатор доставки вебхука (UUID)');
export const WebhookEndpointIdParam = pathId('Идентификатор адреса вебхука (UUID)');
export const SessionIdParam = pathId('Идентификатор сессии личного кабинета (UUID) из списка сессий');
export const InvitationIdParam = pathId('Идентификатор приглашения в команду магазина (UUID)');
export const MemberUserIdParam = pathId('Идентификатор пользователя — участника команды магазина (UUID)');
export const BankIdParam = pathId('Код банка-партнёра: латиница в нижнем регистре, например sever');
export const ApplicationIdParam = pathId('Идентификатор заявки в банк (UUID)');
export const RefundIdParam = pathId('Идентификатор возврата (UUID)');

/** The page number of the lists that still take offset pages beside the cursors (the shop area's). */
export const OffsetPage = z.coerce
  .number()
  .int()
  .min(1)
  .max(1_000_000)
  .default(1)
  .meta({
    description:
      'Номер страницы, с 1: пропускаются (page − 1) × limit записей. Страницы сдвигаются, когда приходят ' +
      'новые записи; курсоры starting_after и ending_before — нет.',
  });

/** Idempotency-Key of the shops' POSTs (modules/orders/idempotency.ts: 24 hours, per shop). */
export const ShopIdempotencyKey = z
  .string()
  .optional()
  .meta({
    description:
      'Ключ идемпотентности, необязателен: 1–255 печатных символов ASCII без пробелов. Повтор запроса с тем же ' +
      'ключом и телом в течение 24 часов возвращает первый ответ, ничего не создавая заново; тот же ключ с ' +
      'другим телом — 422, пока первый запрос ещё выполняется — 409.',
  });
