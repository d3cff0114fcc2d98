import {
  WebhookEndpoint,
  WebhookEndpointCreate,
  WebhookEndpointDeleted,
  WebhookEndpointIdParams,
  WebhookEndpointList,
  WebhookEndpointListQuery,
  WebhookEndpointSecretRotate,
  WebhookEndpointUpdate,
} from '@b2bpay/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { errorResponses, SHOP_AUTH } from '../../shared/route-schemas';
import { auditBy } from '../audit';
import type { Authenticator } from '../auth';
import * as service from './endpoints.service';
import { livemodeOf } from './mode';

const MODE_NOTE =
  'Адрес принадлежит режиму ключа (тестовому или боевому): получает только события своего режима, ' +
  'а список и операции видят только адреса этого режима (чужой — 404).';

/** Webhook endpoints: several addresses, each with its own secret and events (secret key or session). */
export function endpointsRoutes(app: FastifyInstance, deps: AppDeps & { auth: Authenticator }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { permission: 'integration.manage' } as const;
  const who = async (request: FastifyRequest) => {
    const auth = await deps.auth.require(request);
    return { shop: { shopId: auth.shop.id, livemode: livemodeOf(auth) }, audit: auditBy(auth) };
  };

  r.get(
    '/api/webhooks/endpoints',
    {
      config,
      schema: {
        operationId: 'listWebhookEndpoints',
        tags: ['webhooks'],
        summary: 'Адреса вебхуков',
        description: `Адреса вебхуков магазина, старые сначала; адрес из настроек (webhook_url) — legacy. ${MODE_NOTE}`,
        security: SHOP_AUTH,
        querystring: WebhookEndpointListQuery,
        response: { 200: WebhookEndpointList, ...errorResponses(400, 401, 403, 429, 500) },
      },
    },
    async (request) => service.listEndpoints(deps, (await who(request)).shop, request.query),
  );

  r.post(
    '/api/webhooks/endpoints',
    {
      config,
      schema: {
        operationId: 'createWebhookEndpoint',
        tags: ['webhooks'],
        summary: 'Добавить адрес вебхука',
        description:
          'Свой адрес, свой секрет подписи whsec_… (показывается один раз, в этом ответе) и свой выбор событий ' +
          `enabled_events (по умолчанию ["*"] — все, и новые тоже). Адрес проверяется, как любой адрес вебхука. ${MODE_NOTE}`,
        security: SHOP_AUTH,
        body: WebhookEndpointCreate,
        response: { 200: WebhookEndpoint, ...errorResponses(400, 401, 403, 415, 429, 500) },
      },
    },
    async (request) => {
      const { shop, audit } = await who(request);
      return service.createEndpoint(deps, shop, request.body, audit);
    },
  );

  r.get(
    '/api/webhooks/endpoints/:id',
    {
      config,
      schema: {
        operationId: 'getWebhookEndpoint',
        tags: ['webhooks'],
        summary: 'Адрес вебхука',
        description: MODE_NOTE,
        security: SHOP_AUTH,
        params: WebhookEndpointIdParams,
        response: { 200: WebhookEndpoint, ...errorResponses(401, 403, 404, 429, 500) },
      },
    },
    async (request) => service.getEndpoint(deps, (await who(request)).shop, request.params.id),
  );

  r.patch(
    '/api/webhooks/endpoints/:id',
    {
      config,
      schema: {
        operationId: 'updateWebhookEndpoint',
        tags: ['webhooks'],
        summary: 'Изменить адрес вебхука',
        description:
          'url, description (null — убрать), enabled_events, disabled (true — доставки на адрес не создаются, ' +
          `пока его не включат). ${MODE_NOTE}`,
        security: SHOP_AUTH,
        params: WebhookEndpointIdParams,
        body: WebhookEndpointUpdate,
        response: { 200: WebhookEndpoint, ...errorResponses(400, 401, 403, 404, 415, 429, 500) },
      },
    },
    async (request) => {
      const { shop, audit } = await who(request);
      return service.updateEndpoint(deps, shop, request.params.id, request.body, audit);
    },
  );

  r.delete(
    '/api/webhooks/endpoints/:id',
    {
      config,
      schema: {
        operationId: 'deleteWebhookEndpoint',
        tags: ['webhooks'],
        summary: 'Удалить адрес вебхука',
        description:
          'Доставки на адрес, ещё ждущие отправки, завершаются неудачей; журнал доставок остаётся. ' +
          `Удаление адреса legacy очищает webhook_url в настройках. ${MODE_NOTE}`,
        security: SHOP_AUTH,
        params: WebhookEndpointIdParams,
        response: { 200: WebhookEndpointDeleted, ...errorResponses(401, 403, 404, 413, 415, 429, 500) },
      },
    },
    async (request) => {
      const { shop, audit } = await who(request);
      return service.deleteEndpoint(deps, shop, request.params.id, audit);
    },
  );

  r.post(
    '/api/webhooks/endpoints/:id/secret/rotate',
    {
      config,
      schema: {
        operationId: 'rotateWebhookEndpointSecret',
        tags: ['webhooks'],
        summary: 'Новый секрет подписи адреса',
        description:
          'Новый секрет whsec_… показывается один раз (secret). expire_old_in_seconds (0–604800): столько ' +
          'секунд каждый вебхук на этот адрес несёт обе подписи. У адреса legacy секрет — секрет магазина: ' +
          `это та же ротация, что в настройках. ${MODE_NOTE}`,
        security: SHOP_AUTH,
        params: WebhookEndpointIdParams,
        body: WebhookEndpointSecretRotate.nullish(),
        response: { 200: WebhookEndpoint, ...errorResponses(400, 401, 403, 404, 415, 429, 500) },
      },
    },
    async (request) => {
      const { shop, audit } = await who(request);
      return service.rotateEndpointSecret(deps, shop, request.params.id, request.body ?? {}, audit);
    },
  );
}
