import {
  DeliveryIdParams,
  DeliveryListQuery,
  DeliveryRetryBody,
  EventLog,
  EventLogQuery,
  ShopSettings,
  ShopSettingsUpdate,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookEndpointHealth,
  WebhookResendBody,
  WebhookResendResult,
  WebhookSenderIps,
  WebhookTestBody,
} from '@b2bpay/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { splitCommaLists } from '../../shared/comma-lists';
import { errorResponses, SHOP_AUTH } from '../../shared/route-schemas';
import { auditBy } from '../audit';
import type { Authenticator, RequestAuth } from '../auth';
import { endpointsRoutes } from './endpoints.routes';
import { listEvents } from './event-log.service';
import { livemodeOf } from './mode';
import * as service from './webhooks.service';

const shopMode = (auth: RequestAuth) => ({ shopId: auth.shop.id, livemode: livemodeOf(auth) });

/** The shop's webhook log, re-sends, endpoints, test event and settings (secret key only). */
export async function webhooksRoutes(app: FastifyInstance, deps: AppDeps & { auth: Authenticator }) {
  // In this order: it is the order of the paths in the OpenAPI document.
  deliveryLogRoutes(app, deps);
  deliveryRepairRoutes(app, deps);
  endpointsRoutes(app, deps);
  webhookSettingsRoutes(app, deps);
}

/** The event log, the delivery log and the re-send of one delivery. */
function deliveryLogRoutes(app: FastifyInstance, deps: AppDeps & { auth: Authenticator }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/order/events',
    {
      config: { allowsKeyInGracePeriod: true, permission: 'orders.read' },
      preValidation: splitCommaLists('type'),
      schema: {
        operationId: 'listEvents',
        tags: ['events'],
        summary: 'Журнал событий магазина',
        description:
          'События заказов магазина в порядке фиксации — те же event_id и тела, что у вебхуков. Чтобы догнать ' +
          'пропущенное после простоя, запрашивайте с after = event_id последнего обработанного события, пока ' +
          'has_more = true. limit — 1…100 (20 по умолчанию); type можно повторять или перечислить через запятую; since — с какого момента; order_id — события одного ' +
          'заказа. Событие появляется в журнале, когда завершены все транзакции, начатые раньше его, ' +
          'поэтому курсор after ничего не пропускает. Хранится RETENTION_EVENTS (30 дней).',
        security: SHOP_AUTH,
        querystring: EventLogQuery,
        response: {
          200: EventLog.meta({ description: 'События после after, старые сначала' }),
          ...errorResponses(400, 401, 403, 429, 500),
        },
      },
    },
    async (request) => {
      const auth = await deps.auth.require(request, ['secret']);
      return listEvents(deps, auth.shop, request.query);
    },
  );

  r.get(
    '/api/webhooks/deliveries',
    {
      config: { permission: 'integration.manage' },
      schema: {
        operationId: 'listWebhookDeliveries',
        tags: ['webhooks'],
        summary: 'Журнал доставки вебхуков',
        description:
          '20 доставок на странице, новые сверху, с журналом попыток. order_id — только доставки этого заказа.',
        security: SHOP_AUTH,
        querystring: DeliveryListQuery,
        response: { 200: WebhookDeliveryList, ...errorResponses(400, 401, 403, 429, 500) },
      },
    },
    async (request) => {
      const auth = await deps.auth.require(request);
      return service.listDeliveries(deps, auth.shop.id, request.query);
    },
  );

  r.post(
    '/api/webhooks/deliveries/:id/retry',
    {
      config: { permission: 'integration.manage' },
      schema: {
        operationId: 'retryWebhookDelivery',
        tags: ['webhooks'],
        summary: 'Отправить вебхук повторно',
        description:
          'Для доставки в статусе failed или delivered: отправка сейчас, расписание повторов начинается заново. ' +
          'Отправка идёт на url из запроса (проверяется, как любой адрес вебхука) или на текущий адрес — ' +
          'заказа, иначе магазина по умолчанию, — а не на адрес первой отправки. ' +
          'Доставка, которая ещё ждёт отправки, — 409.',
        security: SHOP_AUTH,
        params: DeliveryIdParams,
        body: DeliveryRetryBody.nullish(),
        response: { 200: WebhookDelivery, ...errorResponses(400, 401, 403, 404, 409, 415, 429, 500) },
      },
    },
    async (request) => {
      const auth = await deps.auth.require(request);
      return service.retryDelivery(deps, auth.shop.id, request.params.id, request.body ?? {});
    },
  );

  r.post(
    '/api/webhooks/deliveries/:id/send-now',
    {
      config: { permission: 'integration.manage' },
      schema: {
        operationId: 'sendWebhookDeliveryNow',
        tags: ['webhooks'],
        summary: 'Отправить сейчас доставку, которая ждёт повтора',
        description:
          'Для доставки в статусе pending, которая уже пробовала отправиться и ждёт следующей попытки ' +
          '(next_attempt_at в будущем): следующая попытка — сейчас, номер попытки и расписание повторов ' +
          'продолжаются как были. Повторный запрос, пока попытка не сделана, ничего не меняет. ' +
          'Доставленная, неудавшаяся, ещё не пробовавшая или отправляемая прямо сейчас доставка — 409 ' +
          'DELIVERY_NOT_WAITING. Действие записывается в журнал действий магазина.',
        security: SHOP_AUTH,
        params: DeliveryIdParams,
        response: { 200: WebhookDelivery, ...errorResponses(400, 401, 403, 404, 409, 429, 500) },
      },
    },
    async (request) => {
      const auth = await deps.auth.require(request);
      return service.sendDeliveryNow(deps, auth.shop.id, request.params.id, auditBy(auth));
    },
  );
}

/** The bulk re-send, the address health and the test event. */
function deliveryRepairRoutes(app: FastifyInstance, deps: AppDeps & { auth: Authenticator }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/webhooks/deliveries/resend',
    {
      config: { permission: 'integration.manage' },
      schema: {
        operationId: 'resendFailedWebhooks',
        tags: ['webhooks'],
        summary: 'Отправить повторно все неудачные доставки',
        description:
          'Все доставки магазина в статусе failed, созданные начиная с since, отправляются сейчас, ' +
          'расписание повторов начинается заново: на url из запроса (проверяется, как любой адрес вебхука) ' +
          'или на текущий адрес каждой. resent — сколько доставок отправлено.',
        security: SHOP_AUTH,
        body: WebhookResendBody,
        response: { 200: WebhookResendResult, ...errorResponses(400, 401, 403, 415, 429, 500) },
      },
    },
    async (request) => {
      const auth = await deps.auth.require(request);
      return service.resendFailed(deps, shopMode(auth), request.body);
    },
  );

  r.get(
    '/api/webhooks/sender-ips',
    {
      schema: {
        operationId: 'getWebhookSenderIps',
        tags: ['webhooks'],
        summary: 'Адреса, с которых приходят вебхуки',
        description:
          'IP-адреса и подсети, с которых B2BPay отправляет вебхуки (настройка WEBHOOK_SENDER_IPS установки). ' +
          'Пустой список — адреса не закреплены (разработка): проверяйте подпись.',
        security: [],
        response: {
          200: WebhookSenderIps,
          ...errorResponses(429, 500),
        },
      },
    },
    async () => ({ ips: deps.config.WEBHOOK_SENDER_IPS }),
  );

  r.get(
    '/api/webhooks/health',
    {
      config: { permission: 'integration.manage' },
      schema: {
        operationId: 'getWebhookHealth',
        tags: ['webhooks'],
        summary: 'Состояние адреса вебхука',
        description:
          'Текущий адрес магазина: failing — доставка на него не удалась после всех повторов и с тех пор ' +
          'ни одна не доставлена (last_error — последняя ошибка); paused_until — адрес не отвечает раз за разом, ' +
          'попытки до этого времени пропускаются. failed_deliveries — неудачные доставки для повторной отправки.',
        security: SHOP_AUTH,
        response: { 200: WebhookEndpointHealth, ...errorResponses(401, 403, 429, 500) },
      },
    },
    async (request) => {
      const auth = await deps.auth.require(request);
      return service.endpointHealth(deps, shopMode(auth));
    },
  );

  r.post(
    '/api/webhooks/test',
    {
      config: { permission: 'integration.manage' },
      schema: {
        operationId: 'sendTestWebhook',
        tags: ['webhooks'],
        summary: 'Тестовый вебхук',
        description:
          'Событие webhook.test на указанный url или на адрес вебхука магазина по умолчанию, подписанное как обычно. ' +
          'Не больше 10 в минуту на магазин (WEBHOOK_TESTS_PER_MINUTE), сверх — 429; у попытки свой, короткий ' +
          'предел времени (WEBHOOK_TEST_TIMEOUT_MS).',
        security: SHOP_AUTH,
        body: WebhookTestBody.nullish(),
        response: { 200: WebhookDelivery, ...errorResponses(400, 401, 403, 415, 429, 500) },
      },
    },
    async (request) => {
      const auth = await deps.auth.require(request);
      return service.sendTestEvent(deps, shopMode(auth), request.body ?? {});
    },
  );
}

/** The shop settings (webhook address and secret, widget origins). */
function webhookSettingsRoutes(app: FastifyInstance, deps: AppDeps & { auth: Authenticator }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/shop/settings',
    {
      config: { permission: 'orders.read' },
      schema: {
        operationId: 'getShopSettings',
        tags: ['webhooks'],
        summary: 'Настройки магазина',
        description: 'Адрес вебхука по умолчанию и подсказки ключей и секрета подписи (последние 4 символа).',
        security: SHOP_AUTH,
        response: { 200: ShopSettings, ...errorResponses(401, 403, 429, 500) },
      },
    },
    async (request) => {
      const auth = await deps.auth.require(request);
      return service.getSettings(deps, shopMode(auth));
    },
  );

  r.put(
    '/api/shop/settings',
    {
      config: { permission: 'integration.manage' },
      schema: {
        operationId: 'updateShopSettings',
        tags: ['webhooks'],
        summary: 'Изменить настройки магазина',
        description:
          'webhook_url: адрес по умолчанию (null — убрать). rotate_webhook_secret: новый секрет подписи ' +
          'whsec_…, показывается один раз в этом ответе (webhook_secret); expire_old_in_seconds (0–604800): ' +
          'столько секунд каждый вебхук несёт обе подписи — webhook-signature: v1,<новая> v1,<старая>. ' +
          'widget_origins: сайты https://…, с которых принимается публикуемый ключ (пусто — любые).',
        security: SHOP_AUTH,
        body: ShopSettingsUpdate,
        response: { 200: ShopSettings, ...errorResponses(400, 401, 403, 415, 429, 500) },
      },
    },
    async (request) => {
      const auth = await deps.auth.require(request);
      return service.updateSettings(deps, shopMode(auth), request.body, auditBy(auth));
    },
  );
}
