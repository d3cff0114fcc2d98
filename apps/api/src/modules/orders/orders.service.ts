import { randomUUID } from 'node:crypto';
import {
  type BankDecision,
  bankName,
  formatRubles,
  instantOfBound,
  kopecksToRubles,
  lineTotalKopecks,
  MAX_PRICE_RUBLES,
  normalizeEmail,
  normalizePhone,
  ORDER_AMOUNT_POSITIVE_MESSAGE,
  type Order,
  type OrderCreate,
  type OrderList,
  type OrderListQuery,
  type ProductCreate,
  rublesToKopecks,
  startOfBusinessDay,
  sumKopecks,
} from '@b2bpay/domain';
import type { Queryable } from '../../db/database';
import type { AppDeps } from '../../deps';
import { assertNoOffset, pageCursor, pageOf, resolveCursor } from '../../shared/cursor';
import { assertDateInRange } from '../../shared/date-range';
import {
  AppError,
  forbidden,
  notFound,
  ORDER_NOT_FOUND,
  statusConflict,
  validationError,
} from '../../shared/errors';
import { isUuid } from '../../shared/uuid';
import type { AuthenticatedKey } from '../auth';
import { findClient, insertClient } from '../clients';
import { assertWebhookUrlAllowed } from '../webhooks';
import { runIdempotent, type StoredResponse } from './idempotency';
import { recordOrderEvent } from './order-events';
import { toOfferViews, toOrderView } from './order-view';
import * as repo from './orders.repository';
import { assertShopPagesAllowed } from './shop-pages';

export const PUBLISHABLE_WEBHOOK_FORBIDDEN =
  'Публикуемый ключ (pk_…) не может задавать webhook_url: уведомления о заказах из виджета идут на адрес магазина';
export const WIDGET_ORIGIN_FORBIDDEN = 'Этот сайт не указан в настройках магазина (widget_origins)';

/**
 * A shop that lists its sites (widget_origins) accepts its publishable key only from them: a pk_
 * request with another Origin, or none, is refused. An empty list allows any origin.
 */
export function assertWidgetOrigin(auth: AuthenticatedKey, origin: string | undefined) {
  if (auth.kind !== 'publishable') return;
  const allowed = auth.shop.widget_origins;
  if (allowed.length === 0) return;
  if (origin === undefined || !allowed.includes(origin.toLowerCase()))
    throw forbidden(WIDGET_ORIGIN_FORBIDDEN);
}

/** Prices arrive in roubles; everything inside is integer kopecks (no float sums). */
function toNewProducts(products: readonly ProductCreate[]): repo.NewProduct[] {
  return products.map((p) => ({
    name: p.name,
    priceKopecks: rublesToKopecks(p.price),
    quantity: p.quantity,
  }));
}

/** An order's total may not pass the largest price: sums over many orders stay exact integers. */
export const MAX_ORDER_AMOUNT_KOPECKS = MAX_PRICE_RUBLES * 100;

function amountOf(products: readonly repo.NewProduct[]) {
  let total: number | null;
  try {
    total = sumKopecks(products.map((p) => lineTotalKopecks(p.priceKopecks, p.quantity)));
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    total = null;
  }
  if (total === null || total > MAX_ORDER_AMOUNT_KOPECKS) {
    throw validationError('products', `Сумма заказа не может быть больше ${MAX_PRICE_RUBLES} ₽`);
  }
  // A 0 ₽ order would send the buyer through the banks for nothing.
  if (total <= 0) throw validationError('products', ORDER_AMOUNT_POSITIVE_MESSAGE);
  return total;
}

export async function createOrder(
  deps: AppDeps,
  auth: AuthenticatedKey,
  input: OrderCreate,
  idempotencyKey: string | null,
): Promise<StoredResponse<Order>> {
  // In test mode the shop may name itself by its live id (the one its cabinet and links show).
  if (
    input.shop_id !== undefined &&
    input.shop_id !== auth.shop.id &&
    input.shop_id !== auth.shop.live_shop_id
  ) {
    throw forbidden('shop_id не совпадает с магазином, которому принадлежит ключ');
  }
  if (auth.kind === 'publishable') {
    // A pk_ key is public in the shop's HTML: it must not redirect the order's webhooks (with the
    // buyer's contacts) to someone else's address. Widget orders notify the shop's own address.
    if (input.webhook_url !== undefined) throw forbidden(PUBLISHABLE_WEBHOOK_FORBIDDEN);
    // The shop's own reference and data come only with the secret key (DESIGN §11).
    if (input.external_id !== undefined) {
      throw forbidden('external_id передаётся только с секретным ключом (sk_…)');
    }
    if (input.metadata !== undefined) throw forbidden('metadata передаётся только с секретным ключом (sk_…)');
  }
  if (input.webhook_url) await assertWebhookUrlAllowed(input.webhook_url, deps.config);
  assertShopPagesAllowed(input, auth, deps.config);
  const now = deps.clock.now();
  const products = toNewProducts(input.products);
  const amountKopecks = amountOf(products);
  const externalId = input.external_id ?? null;
  try {
    return await insertOrder(deps, auth, input, idempotencyKey, { now, products, amountKopecks });
  } catch (error) {
    // Two creations with one external_id raced past the check: the unique index refused the second.
    if (externalId !== null && isUniqueViolation(error))
      await assertExternalIdFree(deps.db, auth.shop.id, externalId);
    throw error;
  }
}

/** 409 DUPLICATE_EXTERNAL_ID naming the shop's order that already carries the external_id. */
async function assertExternalIdFree(db: Queryable, shopId: string, externalId: string) {
  const existing = await repo.findOrderIdByExternalId(db, shopId, externalId);
  if (existing === null) return;
  throw new AppError('DUPLICATE_EXTERNAL_ID', `Заказ с external_id «${externalId}» уже есть: ${existing}`, {
    field: 'external_id',
    orderId: existing,
  });
}

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

async function insertOrder(
  deps: AppDeps,
  auth: AuthenticatedKey,
  input: OrderCreate,
  idempotencyKey: string | null,
  prepared: { now: Date; products: repo.NewProduct[]; amountKopecks: number },
): Promise<StoredResponse<Order>> {
  const { now, products, amountKopecks } = prepared;
  return runIdempotent(
    deps.db,
    // The key's kind is part of the scope: a pk_ request never replays an answer made for sk_ (and
    // back). Idempotency keys have no spaces, so the prefix cannot collide with a real key.
    {
      shopId: auth.shop.id,
      key:
        idempotencyKey === null
          ? null
          : auth.kind === 'publishable'
            ? `pk ${idempotencyKey}`
            : idempotencyKey,
      request: input,
      now,
    },
    async (tx) => {
      // Checked inside the idempotent work, not before it: a repeat with the same key and body (an
      // SDK's retry after a lost answer) gets the first answer, not 409 about its own order.
      if (input.external_id !== undefined) await assertExternalIdFree(tx, auth.shop.id, input.external_id);
      const client = input.client ? await insertPrefill(tx, input.client, now) : null;
      const id = randomUUID();
      const order = newOrderRow(deps, {
        id,
        shopId: auth.shop.id,
        livemode: auth.shop.livemode,
        input,
        amountKopecks,
        clientId: client?.id ?? null,
        now,
      });
      const created = await repo.insertNewOrder(tx, {
        id,
        shopId: order.shop_id,
        status: order.status,
        amountKopecks,
        webhookUrl: order.webhook_url,
        clientId: order.client_id,
        deadlineAt: order.deadline_at,
        now,
        products,
        historyReason: 'Заказ создан',
        externalId: order.external_id,
        metadata: order.metadata,
        returnUrl: order.return_url,
        cancelUrl: order.cancel_url,
      });
      order.order_number = created.orderNumber;
      // In the order's own transaction: an order exists exactly when its order.created does.
      await recordOrderEvent(tx, { type: 'order.created', order, client, previousStatus: null, now });
      // The answer is built from what was just written rather than read back: one round trip less
      // while the shop's row is locked. A new order has no bank decisions yet.
      return toView(
        {
          order,
          products: products.map((p, i) => ({
            id: created.productIds[i] ?? 0,
            order_id: id,
            name: p.name,
            price_kopecks: p.priceKopecks,
            quantity: p.quantity,
          })),
          client,
          decisions: [],
          offers: [],
        },
        deps,
        true,
      );
    },
  );
}

/** A new order's row as it is inserted: awaiting the buyer, version 1, the deadline from CLIENT_INFO_TTL. */
function newOrderRow(
  deps: AppDeps,
  o: {
    id: string;
    shopId: string;
    livemode: boolean;
    input: OrderCreate;
    amountKopecks: number;
    clientId: number | null;
    now: Date;
  },
): repo.OrderRow {
  return {
    id: o.id,
    shop_id: o.shopId,
    order_number: 0,
    status: 'client_expected',
    amount_kopecks: o.amountKopecks,
    version: 1,
    webhook_url: o.input.webhook_url ?? null,
    client_id: o.clientId,
    deadline_at: new Date(o.now.getTime() + deps.config.CLIENT_INFO_TTL),
    link_opened_at: null,
    livemode: o.livemode,
    created_at: o.now,
    updated_at: o.now,
    external_id: o.input.external_id ?? null,
    metadata: o.input.metadata ?? null,
    return_url: o.input.return_url ?? null,
    cancel_url: o.input.cancel_url ?? null,
    refunded_kopecks: 0,
    payout_bank: null,
    payout_kopecks: null,
    payout_fee_kopecks: null,
    payout_reference: null,
    paid_at: null,
  };
}

/** The buyer's details a shop may send with the order; the row as inserted (defaults included). */
async function insertPrefill(
  tx: Queryable,
  client: NonNullable<OrderCreate['client']>,
  now: Date,
): Promise<repo.ClientRow> {
  const [surnameFromFull, nameFromFull, middleFromFull] = (client.full_name ?? '')
    .split(/\s+/)
    .filter(Boolean);
  const fields = {
    surname: client.surname || surnameFromFull || null,
    name: client.name || nameFromFull || null,
    middlename: client.middlename || middleFromFull || null,
    full_name: client.full_name || null,
    phone_number: client.phone_number ? normalizePhone(client.phone_number) : null,
    email: client.email ? normalizeEmail(client.email) : null,
    // Stored as step 1 stores them (checkStep1 in clients.service.ts): the INN as digits only.
    inn: client.inn ? client.inn.replace(/\D/g, '') : null,
    organization_name: client.organization_name || null,
  };
  const id = await insertClient(tx, fields, now);
  return {
    id,
    ...fields,
    email_confirmed: false,
    sms_confirmed: false,
    created_at: now,
    updated_at: now,
  };
}

export async function loadView(
  db: Queryable,
  deps: Pick<AppDeps, 'config' | 'clock'>,
  id: string,
  owner: boolean,
) {
  const details = await repo.findOrderDetails(db, id);
  if (!details) throw notFound(ORDER_NOT_FOUND);
  return toView(details, deps, owner);
}

function toView(details: repo.OrderDetails, deps: Pick<AppDeps, 'config' | 'clock'>, owner: boolean): Order {
  const view = toOrderView(details.order, details.products, details.client, {
    publicUrl: deps.config.PUBLIC_URL,
    owner,
  });
  if (owner) view.bank_decisions = toDecisions(details.decisions);
  Object.assign(view, toOfferViews(details.order, details.offers, deps.clock.now()));
  return view;
}

/** The banks' decisions in the order the applications went out, each named as its bank record names it. */
function toDecisions(rows: readonly repo.DecisionRow[]): BankDecision[] {
  return rows.map((r) => ({
    bank: r.bank,
    bank_name: r.bank_name ?? bankName(r.bank),
    status: r.status as BankDecision['status'],
    decided_at: r.decided_at ? new Date(r.decided_at).toISOString() : null,
  }));
}

/**
 * One order. Without a key: the public view for the buyer's link. With the owning shop's key: the
 * owner view. Another shop's key gets 404, as if the order did not exist (no existence oracle).
 */
export async function getOrder(
  deps: AppDeps,
  id: string,
  options: { auth: AuthenticatedKey | null; clientId?: number },
): Promise<Order> {
  if (!isUuid(id)) throw notFound(ORDER_NOT_FOUND);
  // One round trip for the order and everything its view shows.
  const details = await repo.findOrderDetails(deps.db, id);
  if (!details) throw notFound(ORDER_NOT_FOUND);
  const { order } = details;
  if (options.auth && options.auth.shop.id !== order.shop_id) throw notFound(ORDER_NOT_FOUND);
  if (options.clientId !== undefined && options.clientId !== order.client_id) throw notFound(ORDER_NOT_FOUND);
  if (!options.auth && order.link_opened_at === null)
    await repo.markLinkOpened(deps.db, id, deps.clock.now());
  return toView(details, deps, options.auth !== null);
}

function parseBound(value: string | undefined, end: boolean): { at: Date | null; exclusive: boolean } {
  if (value === undefined) return { at: null, exclusive: false };
  const field = end ? 'date_to' : 'date_from';
  if (value.length === 10) {
    const start = startOfBusinessDay(value);
    assertDateInRange(start, field);
    return end
      ? { at: new Date(start.getTime() + 86_400_000), exclusive: true }
      : { at: start, exclusive: false };
  }
  const at = new Date(value);
  assertDateInRange(at, field);
  return { at, exclusive: false };
}

/** `%text%` for LIKE, its own `\`, `%` and `_` taken literally. */
const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The search box (`q`): «№12» (or «№ 12») searches the number only, through the number's own index;
 * any other text also the buyer's company and INN, the products' names and the external_id.
 */
export function searchOf(q: string | undefined): { numberLike: string | null; textLike: string | null } {
  const text = q?.trim() ?? '';
  if (text === '') return { numberLike: null, textLike: null };
  const number = /^№\s*(\d+)$/.exec(text);
  if (number?.[1]) return { numberLike: likeOf(number[1]), textLike: null };
  return { numberLike: null, textLike: likeOf(text.replace(/^№\s*/, '')) };
}

/** The list's filters as the repository takes them (the list and the CSV export share them). */
export function listFilterOf(
  shopId: string,
  query: Omit<OrderListQuery, 'page' | 'limit' | 'starting_after' | 'ending_before'>,
) {
  const from = parseBound(query.date_from, false);
  const to = parseBound(query.date_to, true);
  const search = query.order_id?.trim() ?? '';
  const { numberLike, textLike } = searchOf(query.q);
  const orderNumberLike = search === '' ? numberLike : likeOf(search);
  return {
    shopId,
    externalId: query.external_id || null,
    statuses: query.status,
    orderNumberLike,
    textLike,
    from: from.at,
    to: to.at,
    toExclusive: to.exclusive,
    updatedSince: query.updated_since ? instantOfBound(query.updated_since) : null,
  };
}

/**
 * The order list: `limit` orders, newest first. `starting_after` / `ending_before` (an order id) are
 * cursors that do not shift when orders arrive (`shared/cursor.ts`); `page` (offset pages, as the shop
 * area uses) keeps working.
 */
export async function listOrders(deps: AppDeps, shopId: string, query: OrderListQuery): Promise<OrderList> {
  const asked = pageCursor(query);
  assertNoOffset(asked, query.page);
  const cursor = await resolveCursor(
    asked,
    async (id) => {
      const order = await repo.findOrder(deps.db, id);
      return order && order.shop_id === shopId ? { createdAt: order.created_at, id: order.id } : null;
    },
    'нет такого заказа магазина',
  );
  const { rows, count } = await repo.listOrders(deps.db, {
    ...listFilterOf(shopId, query),
    // One row more than the page tells whether more follow.
    limit: query.limit + 1,
    offset: cursor ? 0 : (query.page - 1) * query.limit,
    cursor: cursor ? { ...cursor.key, backwards: cursor.backwards } : null,
  });
  const page = pageOf(rows, query.limit, cursor);
  const items = page.items.map((r) =>
    toOrderView(r, r.products, r.client, { publicUrl: deps.config.PUBLIC_URL, owner: true }),
  );
  return { items, count, has_more: page.has_more };
}

/**
 * The shop may change an order's products while the buyer has not applied yet. The change raises the
 * order's version (the buyer's submission must name the new one: ORDER_CHANGED otherwise), writes a
 * history entry with the old and new amount and announces `order.products.updated` — one transaction.
 */
export async function replaceProducts(
  deps: AppDeps,
  shopId: string,
  id: string,
  input: readonly ProductCreate[],
): Promise<Order> {
  if (!isUuid(id)) throw notFound(ORDER_NOT_FOUND);
  const products = toNewProducts(input);
  const amountKopecks = amountOf(products);
  return deps.db.transaction(async (tx) => {
    const order = await repo.findOrder(tx, id, { forUpdate: true });
    if (!order || order.shop_id !== shopId) throw notFound(ORDER_NOT_FOUND);
    if (order.status !== 'client_expected') {
      throw statusConflict('Товары можно менять, только пока заказ ожидает данные клиента', order.status);
    }
    const now = deps.clock.now();
    await repo.deleteProducts(tx, id);
    await repo.insertProducts(tx, id, products);
    const version = await repo.updateAmount(tx, id, amountKopecks, now);
    const before = formatRubles(kopecksToRubles(order.amount_kopecks));
    const after = formatRubles(kopecksToRubles(amountKopecks));
    await repo.insertHistoryNote(tx, {
      orderId: id,
      status: order.status,
      actor: 'shop',
      reason: `Состав заказа изменён: ${before} → ${after}`,
      now,
    });
    const changed = { ...order, amount_kopecks: amountKopecks, version, updated_at: now };
    const client = order.client_id === null ? null : await findClient(tx, order.client_id);
    await recordOrderEvent(tx, {
      type: 'order.products.updated',
      order: changed,
      client,
      previousStatus: order.status,
      now,
      extra: {
        previous_amount: kopecksToRubles(order.amount_kopecks),
        version,
        previous_version: order.version,
      },
    });
    return loadView(tx, deps, id, true);
  });
}

/** Who moved the order, to what and when: the shop's own orders only. */
export async function orderHistory(deps: AppDeps, shopId: string, id: string) {
  if (!isUuid(id)) throw notFound(ORDER_NOT_FOUND);
  const order = await repo.findOrder(deps.db, id);
  if (!order || order.shop_id !== shopId) throw notFound(ORDER_NOT_FOUND);
  return repo.statusHistory(deps.db, id);
}

/** Retention (modules/retention): one batch of Idempotency-Keys older than RETENTION_IDEMPOTENCY_KEYS. */
export function purgeOldIdempotencyKeys(deps: AppDeps, batch: number): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - deps.config.RETENTION_IDEMPOTENCY_KEYS);
  return repo.deleteOldIdempotencyKeys(deps.db, before, batch);
}
