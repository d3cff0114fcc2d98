import { type Client, type ClientPatch, normalizeEmail, normalizePhone, STEP2_RULES } from '@b2bpay/domain';
import type { Queryable } from '../db/database';
import type { AppDeps } from '../deps';
import { updateClient } from '../modules/clients';
import { codeEmail, codeSms, queueEmail, queueSms } from '../modules/notifications';
import { toClientView } from '../modules/orders';
import { issueCode, noteShopCodeCap, ShopCodeCapReached, type ShopCodeCaps } from '../modules/verification';
import { notFound, ORDER_NOT_FOUND, validationError } from '../shared/errors';
import { isUuid } from '../shared/uuid';
import { clientOf, lockOrder, type RequestMeta } from './buyer-order';

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
  // Step 2's phone rule, with its text (one text for one rule, as the form shows it), before anything
  // is counted or sent: a code to a premium-rate or foreign number costs the shop.
  const problem = STEP2_RULES.phone_number(body.phone_number ?? '');
  if (problem) throw validationError('phone_number', problem);
  const phone = normalizePhone(body.phone_number ?? '');
  if (!phone) throw new Error('a phone that passed the step-2 rule did not normalise');
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
    const updated = await updateClient(
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
  const problem = STEP2_RULES.email(raw);
  if (problem) throw validationError('email', problem);
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
    const updated = await updateClient(
      tx,
      client.id,
      { email, email_confirmed: client.email === email && client.email_confirmed },
      now,
    );
    await queueEmail(tx, { kind: 'code', to: email, orderId, ...codeEmail(code) }, now);
    return toClientView(updated);
  });
}
