import { maskPhone, type OfferCodeSent, type Order, offerText, offerTitle } from '@b2bpay/domain';
import type { Queryable } from '../db/database';
import type { AppDeps } from '../deps';
import {
  findApplication,
  findBank,
  findOffer,
  findSignature,
  insertSignature,
  type OfferRow,
  queueBankMessage,
  setAcceptedOffer,
  withdrawOpenApplications,
} from '../modules/banks';
import { findClient } from '../modules/clients';
import { queueSms, signCodeSms } from '../modules/notifications';
import { findOrder, insertHistoryNote, loadView, type OrderRow } from '../modules/orders';
import { findShopName } from '../modules/shops';
import { checkCode, issueCode, markUsed, noteShopCodeCap, ShopCodeCapReached } from '../modules/verification';
import { sha256Hex } from '../shared/crypto';
import { AppError, notFound, ORDER_NOT_FOUND, statusConflict, validationError } from '../shared/errors';
import { isUuid } from '../shared/uuid';
import type { RequestMeta } from './buyer-order';
import { WRONG_CLIENT } from './save-buyer-details';

export const OFFER_NOT_FOUND = 'Предложение не найдено';
export const OFFER_ALREADY_ACCEPTED = 'Предложение по этому заказу уже подписано';
export const OFFER_UNAVAILABLE = 'Срок предложения истёк. Выберите другое предложение.';
export const PHONE_NOT_CONFIRMED = 'Телефон покупателя не подтверждён: подписать предложение нельзя';

/** The order, its offer and its buyer, checked: approved, nothing signed yet, the offer still open. */
async function openOffer(tx: Queryable, deps: AppDeps, orderId: string, offerId: string, clientId: number) {
  if (!isUuid(orderId)) throw notFound(ORDER_NOT_FOUND);
  const order = await findOrder(tx, orderId, { forUpdate: true });
  if (!order) throw notFound(ORDER_NOT_FOUND);
  if (order.client_id !== clientId) throw validationError('client_id', WRONG_CLIENT);
  const offer = isUuid(offerId) ? await findOffer(tx, offerId) : null;
  if (!offer || offer.order_id !== order.id) throw notFound(OFFER_NOT_FOUND);
  if (await findSignature(tx, order.id)) throw new AppError('OFFER_ALREADY_ACCEPTED', OFFER_ALREADY_ACCEPTED);
  if (order.status !== 'app_approved') {
    throw statusConflict('Заказ не ждёт выбора предложения банка', order.status);
  }
  const application = await findApplication(tx, offer.application_id);
  const now = deps.clock.now();
  if (application?.status !== 'approved' || offer.valid_until.getTime() <= now.getTime()) {
    throw new AppError('OFFER_UNAVAILABLE', OFFER_UNAVAILABLE);
  }
  const client = await findClient(tx, clientId);
  if (!client?.phone_number || !client.sms_confirmed) throw statusConflict(PHONE_NOT_CONFIRMED, order.status);
  const bankName = (await findBank(tx, offer.bank))?.name ?? offer.bank;
  return {
    order,
    offer,
    application,
    client: { ...client, phone_number: client.phone_number },
    bankName,
    now,
  };
}

/** A signing code names its offer: it cannot sign another one (DESIGN §13). */
const signingDestination = (phone: string, offerId: string) => `${phone}#${offerId}`;

/** The SMS code that signs one offer, to the buyer's confirmed phone, under the one-time code rules. */
export async function requestOfferCode(
  deps: AppDeps,
  orderId: string,
  offerId: string,
  clientId: number,
  meta: RequestMeta,
): Promise<OfferCodeSent> {
  try {
    return await deps.db.transaction(async (tx) => {
      const { order, offer, client, bankName, now } = await openOffer(tx, deps, orderId, offerId, clientId);
      const code = await issueCode(tx, {
        orderId: order.id,
        shopId: order.shop_id,
        caps: { perHour: deps.config.CODES_PER_SHOP_PER_HOUR, perDay: deps.config.CODES_PER_SHOP_PER_DAY },
        channel: 'sign',
        destination: signingDestination(client.phone_number, offer.id),
        ip: meta.ip,
        now,
      });
      const text = signCodeSms(code, { bankName, title: offerTitle(offer) });
      await queueSms(tx, { kind: 'code', to: client.phone_number, orderId: order.id, text }, now);
      return {
        phone_number: maskPhone(client.phone_number),
        resend_after_seconds: 60,
        expires_in_seconds: 600,
      };
    });
  } catch (error) {
    if (error instanceof ShopCodeCapReached) await noteShopCodeCap(deps, error);
    throw error;
  }
}

/** The offer's text as the buyer signs it (and as the signature keeps it). */
async function textOf(tx: Queryable, order: OrderRow, offer: OfferRow, bankName: string) {
  return offerText({
    bankName,
    shopName: await findShopName(tx, order.shop_id),
    orderNumber: String(order.order_number),
    amountKopecks: order.amount_kopecks,
    feeKopecks: offer.fee_kopecks,
    monthlyPaymentKopecks: offer.monthly_payment_kopecks,
    kind: offer.kind,
    term_days: offer.term_days,
    term_months: offer.term_months,
    validUntil: offer.valid_until.toISOString(),
  });
}

/**
 * The buyer signs the offer with the SMS code (a simple electronic signature: the code's hash, the
 * time, the address, the browser and the offer's full text are kept). Under the order's row lock, so
 * of two signings at once one wins and the other is 409. The chosen bank is told `offer.accepted`,
 * every other bank holding the application `application.withdrawn`.
 */
export async function acceptOffer(
  deps: AppDeps,
  orderId: string,
  offerId: string,
  body: { client_id: number; sms_code_input: string },
  meta: RequestMeta,
): Promise<Order> {
  // A wrong code's count is committed even though the request is refused (5 tries void the code).
  const refusal = await deps.db.transaction(async (tx) => {
    const { order, offer, application, client, bankName, now } = await openOffer(
      tx,
      deps,
      orderId,
      offerId,
      body.client_id,
    );
    const checked = await checkCode(tx, {
      orderId: order.id,
      channel: 'sign',
      destination: signingDestination(client.phone_number, offer.id),
      input: body.sms_code_input,
      now,
    });
    if (!checked.ok) return checked.message;
    await markUsed(tx, [checked.codeId], now);
    const signed = await insertSignature(tx, {
      order_id: order.id,
      offer_id: offer.id,
      client_id: client.id,
      phone: client.phone_number,
      code_hash: sha256Hex(`${offer.id}:${body.sms_code_input}`),
      signed_at: now,
      ip: meta.ip,
      user_agent: meta.userAgent,
      offer_text: await textOf(tx, order, offer, bankName),
    });
    if (!signed) throw new AppError('OFFER_ALREADY_ACCEPTED', OFFER_ALREADY_ACCEPTED);
    await setAcceptedOffer(tx, application.id, offer.id);
    await queueBankMessage(
      tx,
      {
        bank: offer.bank,
        applicationId: application.id,
        type: 'offer.accepted',
        data: {
          application_id: application.id,
          offer_id: offer.bank_offer_id,
          accepted_at: now.toISOString(),
        },
      },
      now,
    );
    await withdrawOpenApplications(tx, order.id, 'other_offer_accepted', now, application.id);
    await insertHistoryNote(tx, {
      orderId: order.id,
      status: order.status,
      actor: 'buyer',
      reason: `Покупатель подписал предложение: ${bankName}, ${offerTitle(offer)}`,
      now,
    });
    return null;
  });
  if (refusal !== null) throw validationError('sms_code_input', refusal);
  return loadView(deps.db, deps, orderId, false);
}
