import {
  CancelBody,
  Order,
  OrderCreate,
  OrderExportQuery,
  OrderGetQuery,
  OrderIdParams,
  OrderList,
  OrderListQuery,
  ProductList,
  Refund,
  RefundCreate,
  RefundList,
  ShopIdempotencyKey,
  StatusHistory,
} from '@b2bpay/domain';
import { create as createDisposition } from 'content-disposition';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { splitCommaLists } from '../../shared/comma-lists';
import {
  ANY_SHOP_KEY,
  errorResponses,
  SECRET_KEY_ONLY,
  SHOP_AUTH,
  shopAuth,
} from '../../shared/route-schemas';
import { auditBy, recordAudit } from '../audit';
import type { Authenticator, RequestAuth } from '../auth';
import { exportFileName, exportOrdersCsv } from './export.service';
import { type StoredResponse, validateIdempotencyKey } from './idempotency';
import * as service from './orders.service';
import { listRefunds } from './refunds.service';

/** The widget creates orders from shops' own sites, so only this call is open to other origins. */
const WIDGET_CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'Authorization, Content-Type, Idempotency-Key, X-Request-Id',
  'access-control-max-age': '600',
};

/** What the widget's script may read of an answer: the replay flag, the request id and the limits. */
export const WIDGET_EXPOSED_HEADERS = [
  'Idempotent-Replayed',
  'X-Request-Id',
  'Retry-After',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
].join(', ');

/**
 * The use cases behind the cancel and the refund: they span orders, banks and clients, so they live in
 * workflows/ above the modules, and the composition root hands them to these routes.
 */
export interface OrderUseCases {
  cancelOrder(deps: AppDeps, auth: RequestAuth, orderId: string, reason: string | undefined): Promise<Order>;
  createRefund(
    deps: AppDeps,
    auth: RequestAuth,
    orderId: string,
    input: RefundCreate,
    idempotencyKey: string | null,
  ): Promise<StoredResponse<Refund>>;
}

export async function ordersRoutes(
  app: FastifyInstance,
  deps: AppDeps & { auth: Authenticator },
  useCases: OrderUseCases,
) {
  // In this order: it is the order of the paths in the OpenAPI document.
  widgetCreateRoutes(app, deps);
  orderReadRoutes(app, deps);
  orderChangeRoutes(app, deps, useCases);
  orderRefundRoutes(app, deps, useCases);
  orderRecordRoutes(app, deps);
}

/** The widget-open create call: its CORS preflight and the create. */
function widgetCreateRoutes(app: FastifyInstance, deps: AppDeps & { auth: Authenticator }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.options('/api/order/orders', { schema: { hide: true } }, async (_request, reply) => {
    reply.headers(WIDGET_CORS).code(204).send();
  });

  r.post(
    '/api/order/orders',
    {
      config: { allowsKeyInGracePeriod: true, permission: 'orders.write' },
      schema: {
        operationId: 'createOrder',
        tags: ['orders'],
        summary: 'Создать заказ',
        description:
          'Секретный (sk_…) или публикуемый (pk_…) ключ. Сумма считается на сервере и должна быть больше 0. ' +
          'Заголовок Idempotency-Key: тот же ключ и тело в течение 24 ч вернут первый ответ (отдельно для sk_ и pk_). ' +
          'С pk_: webhook_url нельзя (403); если в настройках магазина заданы widget_origins, ' +
          'заголовок Origin должен быть одним из них (403 иначе), и return_url и cancel_url — вести на один из них ' +
          '(403 иначе). Лимит pk_: на ключ и адрес клиента, ' +
          'и общий потолок на ключ.',
        security: shopAuth(ANY_SHOP_KEY),
        headers: z.object({ 'idempotency-key': ShopIdempotencyKey }).loose(),
        body: OrderCreate,
        response: { 200: Order, ...errorResponses(400, 401, 403, 409, 413, 415, 422, 429, 500) },
      },
      onSend: async (_request, reply, payload) => {
        reply.headers({
          'access-control-allow-origin': '*',
          'access-control-expose-headers': WIDGET_EXPOSED_HEADERS,
        });
        return payload;
      },
    },
    async (request, reply) => {
      const auth = await deps.auth.require(request, ANY_SHOP_KEY);
      service.assertWidgetOrigin(auth, request.headers.origin);
      const key = validateIdempotencyKey(request.headers['idempotency-key']);
      const result = await service.createOrder(deps, auth, request.body, key);
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(200).send(result.body);
    },
  );
}

/** Reading orders: one order, the list, its status history. */
function orderReadRoutes(app: FastifyInstance, deps: AppDeps & { auth: Authenticator }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/order/orders/:order_id',
    {
      config: { allowsKeyInGracePeriod: true, permission: 'orders.read' },
      schema: {
        operationId: 'getOrder',
        tags: ['orders'],
        summary: 'Получить заказ',
        description:
          'Без ключа — публичный вид для ссылки покупателя (контакты маскируются после отправки заявки). ' +
          'С секретным ключом магазина-владельца — полный вид. Чужой заказ — 404.',
        security: shopAuth(SECRET_KEY_ONLY, { orAnonymous: true }),
        params: OrderIdParams,
        querystring: OrderGetQuery,
        response: { 200: Order, ...errorResponses(400, 401, 403, 404, 429, 500) },
      },
    },
    async (request) => {
      const auth = await deps.auth.optional(request);
      if (auth && auth.kind !== 'secret') await deps.auth.require(request, SECRET_KEY_ONLY);
      return service.getOrder(deps, request.params.order_id, { auth, clientId: request.query.client_id });
    },
  );

  r.get(
    '/api/order/orders',
    {
      config: { allowsKeyInGracePeriod: true, permission: 'orders.read' },
      preValidation: splitCommaLists('status'),
      schema: {
        operationId: 'listOrders',
        tags: ['orders'],
        summary: 'Список заказов магазина',
        description:
          '20 заказов на странице, новые сверху. status можно повторять или перечислить через запятую; order_id — часть номера заказа; ' +
          'date_from/date_to — дата ГГГГ-ММ-ДД (весь день по Москве) или дата-время ISO 8601.',
        security: SHOP_AUTH,
        querystring: OrderListQuery,
        response: { 200: OrderList, ...errorResponses(400, 401, 403, 429, 500) },
      },
    },
    async (request) => {
      const auth = await deps.auth.require(request);
      return service.listOrders(deps, auth.shop.id, request.query);
    },
  );

  r.get(
    '/api/order/orders/:order_id/history',
    {
      config: { allowsKeyInGracePeriod: true, permission: 'orders.read' },
      schema: {
        operationId: 'getOrderHistory',
        tags: ['orders'],
        summary: 'История статусов заказа',
        description: 'Кто, что и когда менял: магазин, покупатель, банк или система.',
        security: SHOP_AUTH,
        params: OrderIdParams,
        response: { 200: StatusHistory, ...errorResponses(401, 403, 404, 429, 500) },
      },
    },
    async (request) => {
      const auth = await deps.auth.require(request);
      return service.orderHistory(deps, auth.shop.id, request.params.order_id);
    },
  );
}

/** Changing an order: its products, a cancel. */
function orderChangeRoutes(
  app: FastifyInstance,
  deps: AppDeps & { auth: Authenticator },
  { cancelOrder }: OrderUseCases,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put(
    '/api/order/orders/:order_id/products',
    {
      config: { permission: 'orders.write' },
      schema: {
        operationId: 'replaceOrderProducts',
        tags: ['orders'],
        summary: 'Заменить товары заказа',
        description:
          'Только магазин-владелец и только пока заказ в статусе client_expected. Сумма пересчитывается ' +
          '(больше 0), version растёт на 1, в историю пишется «Состав заказа изменён», уходит вебхук ' +
          'order.products.updated (amount, previous_amount, version, previous_version). Покупатель, ' +
          'видевший прежнюю версию, получит 409 ORDER_CHANGED при отправке заявки.',
        security: SHOP_AUTH,
        params: OrderIdParams,
        body: ProductList,
        response: { 200: Order, ...errorResponses(400, 401, 403, 404, 409, 429, 500) },
      },
    },
    async (request) => {
      const auth = await deps.auth.require(request);
      return service.replaceProducts(deps, auth.shop.id, request.params.order_id, request.body);
    },
  );

  r.post(
    '/api/order/orders/:order_id/cancel',
    {
      config: { permission: 'orders.write' },
      schema: {
        operationId: 'cancelOrder',
        tags: ['orders'],
        summary: 'Отменить заказ',
        description:
          'Секретный ключ. Из client_expected, client_info_overdue, bank_info_expected и app_approved — в cancelled: ' +
          'банки отзывают заявку, покупатель, отправивший заявку, получает письмо, уходит order.status.changed, ' +
          'в истории — кто и почему. Повторная отмена отменённого заказа — 200 с тем же заказом. ' +
          'Из payment_sent, refunded и app_rejected — 409.',
        security: SHOP_AUTH,
        params: OrderIdParams,
        // The reason is optional, and so is the body that carries it.
        body: CancelBody.nullish(),
        response: {
          200: Order.meta({ description: 'Отменённый заказ (вид владельца)' }),
          ...errorResponses(400, 401, 403, 404, 409, 429, 500),
        },
      },
    },
    async (request) => {
      const auth = await deps.auth.require(request, ['secret']);
      return cancelOrder(deps, auth, request.params.order_id, request.body?.reason);
    },
  );
}

/** A return of a paid order. */
function orderRefundRoutes(
  app: FastifyInstance,
  deps: AppDeps & { auth: Authenticator },
  { createRefund }: OrderUseCases,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/order/orders/:order_id/refunds',
    {
      config: { permission: 'orders.write' },
      schema: {
        operationId: 'createRefund',
        tags: ['orders'],
        summary: 'Оформить возврат',
        description:
          'Секретный ключ; Idempotency-Key — как при создании заказа. amount — в рублях, больше 0 и не больше ' +
          'остатка (сумма заказа минус refunded_amount); reason обязателен; products — какие товары вернулись. ' +
          'Только из payment_sent; возврат всего остатка переводит заказ в refunded. Уходит order.refund.created. ' +
          'Два возврата, спорящих за последний рубль: один 200, другой 409.',
        security: SHOP_AUTH,
        params: OrderIdParams,
        headers: z.object({ 'idempotency-key': ShopIdempotencyKey }).loose(),
        body: RefundCreate,
        response: {
          200: Refund.meta({ description: 'Оформленный возврат' }),
          ...errorResponses(400, 401, 403, 404, 409, 422, 429, 500),
        },
      },
    },
    async (request, reply) => {
      const auth = await deps.auth.require(request, ['secret']);
      const key = validateIdempotencyKey(request.headers['idempotency-key']);
      const result = await createRefund(deps, auth, request.params.order_id, request.body, key);
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(200).send(result.body);
    },
  );
}

/** An order's returns and the accounting export. */
function orderRecordRoutes(app: FastifyInstance, deps: AppDeps & { auth: Authenticator }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/order/orders/:order_id/refunds',
    {
      config: { allowsKeyInGracePeriod: true, permission: 'orders.read' },
      schema: {
        operationId: 'listRefunds',
        tags: ['orders'],
        summary: 'Возвраты заказа',
        description: 'Возвраты заказа магазина-владельца, в порядке оформления.',
        security: SHOP_AUTH,
        params: OrderIdParams,
        response: {
          200: RefundList.meta({ description: 'Возвраты заказа' }),
          ...errorResponses(401, 403, 404, 429, 500),
        },
      },
    },
    async (request) => {
      const auth = await deps.auth.require(request, ['secret']);
      return listRefunds(deps, auth.shop.id, request.params.order_id);
    },
  );

  r.get(
    '/api/order/orders/export.csv',
    {
      config: { allowsKeyInGracePeriod: true, permission: 'orders.export' },
      preValidation: splitCommaLists('status'),
      schema: {
        operationId: 'exportOrdersCsv',
        tags: ['orders'],
        summary: 'Выгрузка заказов в CSV для бухгалтерии',
        description:
          'Фильтры — как у списка заказов (status, order_id, date_from, date_to, external_id), без страниц. ' +
          'UTF-8 с BOM, разделитель «;», десятичная запятая; текстовые ячейки — в двойных кавычках (RFC 4180), ' +
          'а текст, который таблица приняла бы за формулу (= + - @ в начале ячейки или после запятой, «;»), ' +
          'начинается с апострофа; числа — без кавычек. По строке на заказ, новые сверху. Колонки: ' +
          'номер; номер в магазине (external_id); дата (Москва); статус; сумма; возвращено; организация; ИНН; банк; выплачено; ' +
          'номер платёжного поручения. Отдаётся потоком. Одна выгрузка магазина за раз: пока идёт другая — 429 ' +
          'с Retry-After: 1. Имя файла — с датой выгрузки по Москве: заказы-ГГГГ-ММ-ДД.csv (filename*, RFC 6266), ' +
          'для старых клиентов orders-ГГГГ-ММ-ДД.csv (filename).',
        security: SHOP_AUTH,
        querystring: OrderExportQuery,
        produces: ['text/csv'],
        response: {
          200: z.string().meta({ description: 'CSV (text/csv; charset=utf-8), потоком' }),
          ...errorResponses(400, 401, 403, 429, 500),
        },
      },
    },
    async (request, reply) => {
      const auth = await deps.auth.require(request, ['secret']);
      const stream = await exportOrdersCsv(deps, auth.shop.id, request.query);
      const file = exportFileName(deps.clock.now());
      const details = { filters: request.query };
      await recordAudit(
        deps.db,
        { shopId: auth.shop.id, ...auditBy(auth), action: 'orders.exported', details },
        deps.clock.now(),
      );
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', createDisposition(file.name, { fallback: file.fallback }))
          .header('cache-control', 'no-store')
          // The schema documents the body as text; Fastify sends a stream as it is, without serialising it.
          .send(stream as unknown as string)
      );
    },
  );
}
