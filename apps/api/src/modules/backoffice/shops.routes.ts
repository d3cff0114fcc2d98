import {
  kopecksToRubles,
  maskEmail,
  maskPhone,
  Order,
  OrderIdParam,
  ShopCard,
  ShopIdParam,
  ShopSearchQuery,
  ShopSummary,
  ShopSuspend,
  StaffShopCreate,
  staffSeesPersonalData,
  validateInn,
} from '@b2bpay/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Queryable } from '../../db/database';
import type { AppDeps } from '../../deps';
import { notFound, ORDER_NOT_FOUND, validationError } from '../../shared/errors';
import { errorResponses } from '../../shared/route-schemas';
import { isUuid } from '../../shared/uuid';
import { invalidateKeyCache } from '../auth';
import { inviteFirstOwner } from '../cabinet';
import { changeLead } from '../enquiries';
import { queueEmail, shopResumedEmail, shopSuspendedEmail } from '../notifications';
import { loadView } from '../orders';
import {
  createShopIn,
  findStaffShop,
  resumeShop,
  type StaffShopRow,
  searchShops,
  setShopInn,
  suspendShop,
} from '../shops';
import * as figures from './figures.repository';
import { ADMIN_PREFIX, STAFF_AUTH } from './paths';
import { recordStaffAudit } from './staff.service';
import type { RequireStaff } from './staff-auth';

const ShopParams = z.strictObject({ id: ShopIdParam });
const OrderParams = z.strictObject({ id: OrderIdParam });

const summary = (s: StaffShopRow): ShopSummary => ({
  id: s.id,
  name: s.name,
  email: s.email,
  inn: s.inn,
  suspended: s.suspended_at !== null,
  created_at: new Date(s.created_at).toISOString(),
});

async function shopCard(db: Queryable, id: string, now: Date): Promise<ShopCard> {
  const shop = await findStaffShop(db, id);
  const f = await figures.shopFigures(db, id, now);
  const hooks = await figures.shopWebhookHealth(db, id);
  return {
    ...summary(shop),
    suspension:
      shop.suspended_at && shop.suspended_reason
        ? {
            reason: shop.suspended_reason,
            at: new Date(shop.suspended_at).toISOString(),
            by: shop.suspended_by ?? '',
          }
        : null,
    figures: {
      orders_30d: f.orders,
      amount_30d: kopecksToRubles(f.amountKopecks),
      submitted_30d: f.submitted,
      approved_30d: f.approved,
      approval_rate: f.submitted === 0 ? null : Math.round((f.approved / f.submitted) * 1000) / 1000,
    },
    webhooks: {
      failing: hooks.failing,
      last_delivered_at: hooks.lastDeliveredAt ? new Date(hooks.lastDeliveredAt).toISOString() : null,
      pending: hooks.pending,
    },
    members: await figures.shopMembers(db, id),
    keys: (await figures.shopKeys(db, id)).map((k) => ({
      kind: k.kind,
      hint: k.key_hint,
      livemode: k.livemode,
      created_at: new Date(k.created_at).toISOString(),
      last_used_at: k.last_used_at ? new Date(k.last_used_at).toISOString() : null,
    })),
    recent_orders: (await figures.recentOrders(db, id)).map((o) => ({
      id: o.id,
      order_number: o.order_number,
      status: o.status,
      amount: kopecksToRubles(o.amount_kopecks),
      created_at: new Date(o.created_at).toISOString(),
    })),
  };
}

/** A name kept to its first letter: «П***». */
const maskName = (name: string | null) => (name ? `${name.slice(0, 1)}***` : name);

/** Shops for the risk and support teams: search, a card, suspension; shop creation for sales. */
export async function staffShopsRoutes(app: FastifyInstance, deps: AppDeps, requireStaff: RequireStaff) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    `${ADMIN_PREFIX}/shops`,
    {
      schema: {
        operationId: 'searchShops',
        tags: ['backoffice'],
        summary: 'Магазины',
        description: 'Поиск по названию, e-mail (часть) или ИНН (целиком).',
        security: STAFF_AUTH,
        querystring: ShopSearchQuery,
        response: { 200: z.object({ items: z.array(ShopSummary) }), ...errorResponses(400, 401, 403, 500) },
      },
    },
    async (request) => {
      await requireStaff(request, 'shops.read');
      return { items: (await searchShops(deps.db, request.query.q)).map(summary) };
    },
  );

  r.post(
    `${ADMIN_PREFIX}/shops`,
    {
      schema: {
        operationId: 'createShopByStaff',
        tags: ['backoffice'],
        summary: 'Создать магазин',
        description: 'Магазин с ключами; его владелец получает приглашение в личный кабинет на e-mail.',
        security: STAFF_AUTH,
        body: StaffShopCreate,
        response: {
          200: z.object({ shop: ShopSummary, invitation_sent_to: z.string() }),
          ...errorResponses(400, 401, 403, 404, 409, 413, 415, 500),
        },
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'shops.create');
      const input = request.body;
      const innProblem = validateInn(input.inn);
      if (innProblem) throw validationError('inn', innProblem);
      const now = deps.clock.now();
      return deps.db.transaction(async (tx) => {
        const created = await createShopIn(tx, { name: input.name, email: input.email });
        await setShopInn(tx, created.shop.id, input.inn);
        await inviteFirstOwner(deps, tx, { shopId: created.shop.id, email: input.email }, now);
        if (input.lead_id !== undefined) {
          await changeLead(tx, input.lead_id, { shopId: created.shop.id }, staff.user.email, now);
        }
        await recordStaffAudit(
          tx,
          { email: staff.user.email, ip: staff.ip },
          'shop.created',
          { shop_id: created.shop.id, name: input.name, email: input.email, lead_id: input.lead_id ?? null },
          now,
        );
        return { shop: summary(await findStaffShop(tx, created.shop.id)), invitation_sent_to: input.email };
      });
    },
  );

  r.get(
    `${ADMIN_PREFIX}/shops/:id`,
    {
      schema: {
        operationId: 'getShopCard',
        tags: ['backoffice'],
        summary: 'Карточка магазина',
        security: STAFF_AUTH,
        params: ShopParams,
        response: { 200: ShopCard, ...errorResponses(401, 403, 404, 500) },
      },
    },
    async (request) => {
      await requireStaff(request, 'shops.read');
      return shopCard(deps.db, request.params.id, deps.clock.now());
    },
  );

  r.post(
    `${ADMIN_PREFIX}/shops/:id/suspend`,
    {
      schema: {
        operationId: 'suspendShop',
        tags: ['backoffice'],
        summary: 'Приостановить магазин',
        description:
          'Ключи и сессии магазина получают 403 SHOP_SUSPENDED; покупатели отправленных заявок их завершают; ' +
          'владельцу — письмо. Повтор ничего не меняет.',
        security: STAFF_AUTH,
        params: ShopParams,
        body: ShopSuspend,
        response: { 200: ShopCard, ...errorResponses(400, 401, 403, 404, 413, 415, 500) },
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'shops.suspend');
      const now = deps.clock.now();
      const changed = await deps.db.transaction(async (tx) => {
        const { shop, changed } = await suspendShop(
          tx,
          request.params.id,
          request.body.reason,
          staff.user.email,
          now,
        );
        if (!changed) return false;
        const letter = shopSuspendedEmail({ shopName: shop.name, reason: request.body.reason });
        await queueEmail(tx, { kind: 'shop_suspended', to: shop.email, orderId: null, ...letter }, now);
        await recordStaffAudit(
          tx,
          { email: staff.user.email, ip: staff.ip },
          'shop.suspended',
          { shop_id: shop.id, name: shop.name, reason: request.body.reason },
          now,
        );
        return true;
      });
      if (changed) invalidateKeyCache();
      return shopCard(deps.db, request.params.id, now);
    },
  );

  r.post(
    `${ADMIN_PREFIX}/shops/:id/resume`,
    {
      schema: {
        operationId: 'resumeShop',
        tags: ['backoffice'],
        summary: 'Возобновить магазин',
        security: STAFF_AUTH,
        params: ShopParams,
        response: { 200: ShopCard, ...errorResponses(401, 403, 404, 500) },
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'shops.suspend');
      const now = deps.clock.now();
      const changed = await deps.db.transaction(async (tx) => {
        const { shop, changed } = await resumeShop(tx, request.params.id);
        if (!changed) return false;
        const letter = shopResumedEmail({ shopName: shop.name });
        await queueEmail(tx, { kind: 'shop_resumed', to: shop.email, orderId: null, ...letter }, now);
        await recordStaffAudit(
          tx,
          { email: staff.user.email, ip: staff.ip },
          'shop.resumed',
          { shop_id: shop.id, name: shop.name },
          now,
        );
        return true;
      });
      if (changed) invalidateKeyCache();
      return shopCard(deps.db, request.params.id, now);
    },
  );

  r.get(
    `${ADMIN_PREFIX}/orders/:id`,
    {
      schema: {
        operationId: 'getOrderByStaff',
        tags: ['backoffice'],
        summary: 'Заказ',
        description: 'Как его видит магазин; для роли support телефон, e-mail и ФИО покупателя скрыты.',
        security: STAFF_AUTH,
        params: OrderParams,
        response: { 200: Order, ...errorResponses(401, 403, 404, 500) },
      },
    },
    async (request) => {
      const staff = await requireStaff(request, 'shops.read');
      if (!isUuid(request.params.id)) throw notFound(ORDER_NOT_FOUND);
      const view = await loadView(deps.db, deps, request.params.id, true);
      await deps.db.transaction((tx) =>
        recordStaffAudit(
          tx,
          { email: staff.user.email, ip: staff.ip },
          'order.viewed',
          { order_id: view.id },
          deps.clock.now(),
        ),
      );
      if (staffSeesPersonalData(staff.user.role) || !view.client) return view;
      const c = view.client;
      return {
        ...view,
        client: {
          ...c,
          email: c.email ? maskEmail(c.email) : c.email,
          phone_number: c.phone_number ? maskPhone(c.phone_number) : c.phone_number,
          surname: maskName(c.surname),
          name: maskName(c.name),
          middlename: maskName(c.middlename),
        },
      };
    },
  );
}
