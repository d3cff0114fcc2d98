import { timingSafeEqual } from 'node:crypto';
import { KeyRotate, KeyRotated, Shop, ShopCreate, ShopCreated, ShopIdParam } from '@b2bpay/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { sha256Hex } from '../../shared/crypto';
import { notFound, unauthorized } from '../../shared/errors';
import { errorResponses, SHOP_AUTH } from '../../shared/route-schemas';
import { isUuid } from '../../shared/uuid';
import { auditBy } from '../audit';
import { type Authenticator, readBearer } from '../auth';
import { getPublicShop, registerShop, rotateKey, SHOP_NOT_FOUND } from './shops.service';

export async function shopsRoutes(app: FastifyInstance, deps: AppDeps & { auth: Authenticator }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/shop/:shop_id',
    {
      schema: {
        operationId: 'getShop',
        tags: ['shops'],
        summary: 'Магазин по id',
        description:
          'Публичные сведения о магазине (название), без ключа: их показывает страница покупателя.',
        security: [],
        params: z.strictObject({ shop_id: ShopIdParam }),
        response: { 200: Shop, ...errorResponses(404, 429, 500) },
      },
    },
    async (request) => {
      if (!isUuid(request.params.shop_id)) throw notFound(SHOP_NOT_FOUND);
      return getPublicShop(deps.db, request.params.shop_id);
    },
  );

  r.post(
    '/api/shop/keys/rotate',
    {
      config: { permission: 'keys.manage' },
      schema: {
        operationId: 'rotateShopKey',
        tags: ['shop area'],
        summary: 'Выпустить новый ключ магазина',
        description:
          'Новый ключ показывается один раз. Старый ключ этого вида перестаёт работать сразу ' +
          '(expire_old_in_seconds: 0, по умолчанию) или через expire_old_in_seconds секунд (до 604800 — 7 дней): ' +
          'до тех пор работают оба, чтобы серверы магазина успели перейти на новый без простоя. ' +
          'Старый ключ в это время может только создавать и читать заказы: выпустить ключ, изменить настройки ' +
          'и вебхуки им нельзя (403).',
        security: SHOP_AUTH,
        body: KeyRotate,
        response: { 200: KeyRotated, ...errorResponses(400, 401, 403, 429, 500) },
      },
    },
    async (request) => {
      const auth = await deps.auth.require(request);
      return rotateKey(deps.db, auth.shop.id, request.body.kind, {
        expireOldInSeconds: request.body.expire_old_in_seconds,
        now: deps.clock.now(),
        audit: auditBy(auth),
        ...(auth.hash === null ? {} : { callerKeyHash: auth.hash }),
      });
    },
  );

  r.post(
    '/api/admin/shops',
    {
      schema: {
        operationId: 'createShop',
        tags: ['admin'],
        summary: 'Создать магазин (Authorization: Bearer ADMIN_TOKEN)',
        description: 'Выключено, пока не задан ADMIN_TOKEN. Ключи показываются один раз.',
        security: [{ AdminAuth: [] }],
        body: ShopCreate,
        response: { 200: ShopCreated, ...errorResponses(400, 401, 404, 429, 500) },
      },
    },
    async (request) => {
      const adminToken = deps.config.ADMIN_TOKEN;
      if (!adminToken) throw notFound('Администрирование выключено (не задан ADMIN_TOKEN)');
      const token = readBearer(request) ?? '';
      // Compare digests so that timing tells nothing about the token.
      if (!timingSafeEqual(Buffer.from(sha256Hex(token)), Buffer.from(sha256Hex(adminToken)))) {
        throw unauthorized('Неверный ключ администратора (ADMIN_TOKEN)');
      }
      return registerShop(deps, request.body);
    },
  );
}
