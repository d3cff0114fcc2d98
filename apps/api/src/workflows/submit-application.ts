import {
  BANK_TRANSFER_CONSENT_REQUIRED,
  type Client,
  type ClientPatch,
  CONSENT_DOCUMENTS,
  isMobilePhone,
  isValidEmail,
  MESSAGES,
  normalizeEmail,
  normalizePhone,
  ORDER_CHANGED_MESSAGE,
  PHONE_NOT_MOBILE_MESSAGE,
} from '@b2bpay/domain';
import type { Queryable } from '../db/database';
import type { AppDeps } from '../deps';
import { queueBankApplications } from '../modules/banks';
import * as repo from '../modules/clients';
import { checkStep1 } from '../modules/clients';
import { codeEmail, codeSms, queueEmail, queueSms } from '../modules/notifications';
import * as orders from '../modules/orders';
import { toClientView, transition } from '../modules/orders';
import {
  checkCode,
  issueCode,
  markUsed,
  noteShopCodeCap,
  ShopCodeCapReached,
  type ShopCodeCaps,
} from '../modules/verification';
import { AppError, notFound, ORDER_NOT_FOUND, validationError } from '../shared/errors';
import { isUuid } from '../shared/uuid';
import { assertPatchable } from './save-buyer-details';

export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}

type Use = 'step1' | 'phone_code' | 'email_code' | 'submit';

/** The four uses of the client patch (DESIGN §5), told apart by the fields a body carries. */
export function classifyPatch(body: ClientPatch): Use {
  const keys = Object.keys(body).filter(
    (k) => k !== 'client_id' && body[k as keyof ClientPatch] !== undefined,
  );
  const submitKeys = [
    'sms_code_input',
    'email_code_input',
    'personal_data_consent',
    'bank_transfer_consent',
    'order_version',
  ];
  if (keys.some((k) => submitKeys.includes(k))) return 'submit';
  if (keys.length === 1 && keys[0] === 'phone_number') return 'phone_code';
  if (keys.length === 1 && keys[0] === 'email') return 'email_code';
  return 'step1';
}

async function lockOrder(tx: Queryable, orderId: string, clientId: number | undefined) {
  const order = await orders.findOrder(tx, orderId, { forUpdate: true });
  if (!order) throw notFound(ORDER_NOT_FOUND);
  assertPatchable(order, clientId);
  return order;
}

/** The order's client, created empty when the buyer starts with contacts. */
async function clientOf(tx: Queryable, order: orders.OrderRow, now: Date) {
  if (order.client_id !== null) {
    const existing = await repo.findClient(tx, order.client_id);
    if (existing) return existing;
  }
  const id = await repo.insertClient(tx, {}, now);
  await orders.attachClient(tx, order.id, id, now);
  order.client_id = id;
  const created = await repo.findClient(tx, id);
  if (!created) throw new Error('client vanished after insert');
  return created;
}

const shopCaps = (deps: AppDeps): ShopCodeCaps => ({
  perHour: deps.config.CODES_PER_SHOP_PER_HOUR,
  perDay: deps.config.CODES_PER_SHOP_PER_DAY,
});

/** A code request's transaction; once the shop's cap has refused one and it rolled back, the shop is told. */
async function codeRequest<T>(deps: AppDeps, work: (tx: Queryable) => Promise<T>): Promise<T> {
  try {
    return await deps.db.transaction(work);
  } catch (error) {
    if (error instanceof ShopCodeCapReached) await noteShopCodeCap(deps, error);
    throw error;
  }
}

/** Saves the phone and sends it a code; a changed phone is no longer confirmed. */
export async function requestPhoneCode(
  deps: AppDeps,
  orderId: string,
  body: ClientPatch,
  meta: RequestMeta,
): Promise<Client> {
  if (!isUuid(orderId)) throw notFound(ORDER_NOT_FOUND);
  const phone = normalizePhone(body.phone_number ?? '');
  if (!phone) throw validationError('phone_number', MESSAGES.phoneNormalizeFailed);
  // Before anything is counted or sent: a code to a premium-rate or foreign number costs the shop.
  if (!isMobilePhone(phone)) throw validationError('phone_number', PHONE_NOT_MOBILE_MESSAGE);
  const now = deps.clock.now();
  return codeRequest(deps, async (tx) => {
    const order = await lockOrder(tx, orderId, body.client_id);
    const client = await clientOf(tx, order, now);
    const code = await issueCode(tx, {
      orderId,
      shopId: order.shop_id,
      caps: shopCaps(deps),
      channel: 'sms',
      destination: phone,
      ip: meta.ip,
      now,
    });
    const updated = await repo.updateClient(
      tx,
      client.id,
      { phone_number: phone, sms_confirmed: client.phone_number === phone && client.sms_confirmed },
      now,
    );
    await queueSms(tx, { kind: 'code', to: phone, orderId, text: codeSms(code) }, now);
    return toClientView(updated);
  });
}

export async function requestEmailCode(
  deps: AppDeps,
  orderId: string,
  body: ClientPatch,
  meta: RequestMeta,
): Promise<Client> {
  if (!isUuid(orderId)) throw notFound(ORDER_NOT_FOUND);
  const raw = (body.email ?? '').trim();
  if (!isValidEmail(raw)) throw validationError('email', MESSAGES.emailBeforeCode);
  const email = normalizeEmail(raw);
  const now = deps.clock.now();
  return codeRequest(deps, async (tx) => {
    const order = await lockOrder(tx, orderId, body.client_id);
    const client = await clientOf(tx, order, now);
    const code = await issueCode(tx, {
      orderId,
      shopId: order.shop_id,
      caps: shopCaps(deps),
      channel: 'email',
      destination: email,
      ip: meta.ip,
      now,
    });
    const updated = await repo.updateClient(
      tx,
      client.id,
      { email, email_confirmed: client.email === email && client.email_confirmed },
      now,
    );
    await queueEmail(tx, { kind: 'code', to: email, orderId, ...codeEmail(code) }, now);
    return toClientView(updated);
  });
}

const CODE_FORMAT = /^\d{1,6}$/;
export const ORDER_VERSION_REQUIRED = 'Укажите версию заказа (order_version), которую видел покупатель';

/** Step 2 rules, in the order the buyer's form checks them, with its texts. */
function checkStep2(body: ClientPatch) {
  const step1 = checkStep1(body);
  const phone = normalizePhone(body.phone_number ?? '');
  if (!phone) throw validationError('phone_number', MESSAGES.phoneInvalid);
  if (!isMobilePhone(phone)) throw validationError('phone_number', PHONE_NOT_MOBILE_MESSAGE);
  const email = (body.email ?? '').trim();
  if (!isValidEmail(email)) throw validationError('email', MESSAGES.emailInvalid);
  if (!body.sms_code_input) throw validationError('sms_code_input', MESSAGES.smsCodeRequired);
  if (!CODE_FORMAT.test(body.sms_code_input))
    throw validationError('sms_code_input', 'Код состоит из цифр, не больше 6');
  if (!body.email_code_input) throw validationError('email_code_input', MESSAGES.emailCodeRequired);
  if (!CODE_FORMAT.test(body.email_code_input))
    throw validationError('email_code_input', 'Код состоит из цифр, не больше 6');
  if (body.personal_data_consent !== true)
    throw validationError('personal_data_consent', MESSAGES.consentRequired);
  if (body.bank_transfer_consent !== true)
    throw validationError('bank_transfer_consent', BANK_TRANSFER_CONSENT_REQUIRED);
  // The version of the order the buyer saw and agreed to: the amount cannot move under them.
  if (body.order_version === undefined) throw validationError('order_version', ORDER_VERSION_REQUIRED);
  return {
    ...step1,
    phone_number: phone,
    email: normalizeEmail(email),
    sms: body.sms_code_input,
    mail: body.email_code_input,
    orderVersion: body.order_version,
  };
}

/**
 * Submits the application: both codes verified, both consents recorded (152-FZ: time, IP, user agent,
 * document version), contacts confirmed, order → bank_info_expected, applications queued for the
 * banks — one transaction. The order row lock makes parallel submissions take turns: one wins, the
 * rest get 409. A wrong code's count is committed even though the submission is refused.
 */
export async function submitApplication(
  deps: AppDeps,
  orderId: string,
  body: ClientPatch,
  meta: RequestMeta,
): Promise<Client> {
  if (!isUuid(orderId)) throw notFound(ORDER_NOT_FOUND);
  const input = checkStep2(body);
  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx): Promise<{ client: Client } | { error: AppError }> => {
    const order = await lockOrder(tx, orderId, body.client_id);
    // Before the codes are checked: a changed order costs the buyer neither a code nor an attempt,
    // so the same codes confirm the resubmission.
    if (order.version !== input.orderVersion) {
      return { error: new AppError('ORDER_CHANGED', ORDER_CHANGED_MESSAGE, { field: 'order_version' }) };
    }
    const sms = await checkCode(tx, {
      orderId,
      channel: 'sms',
      destination: input.phone_number,
      input: input.sms,
      now,
    });
    if (!sms.ok)
      return { error: validationError(sms.notRequested ? 'phone_number' : 'sms_code_input', sms.message) };
    const mail = await checkCode(tx, {
      orderId,
      channel: 'email',
      destination: input.email,
      input: input.mail,
      now,
    });
    if (!mail.ok)
      return { error: validationError(mail.notRequested ? 'email' : 'email_code_input', mail.message) };
    await markUsed(tx, [sms.codeId, mail.codeId], now);
    const current = await clientOf(tx, order, now);
    const { sms: _s, mail: _m, orderVersion: _v, ...fields } = input;
    const client = await repo.updateClient(
      tx,
      current.id,
      { ...fields, sms_confirmed: true, email_confirmed: true },
      now,
    );
    for (const kind of ['personal_data', 'bank_transfer'] as const) {
      await repo.insertConsent(tx, {
        orderId,
        clientId: client.id,
        kind,
        documentVersion: CONSENT_DOCUMENTS[kind].version,
        amountKopecks: order.amount_kopecks,
        orderVersion: order.version,
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 500) ?? null,
        now,
      });
    }
    await orders.recordOrderEvent(tx, {
      type: 'order.client.updated',
      order,
      client,
      previousStatus: order.status,
      now,
    });
    await transition(tx, {
      order,
      to: 'bank_info_expected',
      actor: 'buyer',
      reason: 'Покупатель отправил заявку',
      now,
    });
    await queueBankApplications(tx, orderId, now);
    return { client: toClientView(client) };
  });
  if ('error' in outcome) throw outcome.error;
  return outcome.client;
}
