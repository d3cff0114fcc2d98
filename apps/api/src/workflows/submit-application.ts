import {
  BuyerStep2,
  type Client,
  type ClientPatch,
  CONSENT_DOCUMENTS,
  normalizeEmail,
  normalizePhone,
  ORDER_CHANGED_MESSAGE,
} from '@b2bpay/domain';
import type { AppDeps } from '../deps';
import { openApplications } from '../modules/banks';
import { checkStep1, insertConsent, updateClient } from '../modules/clients';
import { recordOrderEvent, toClientView, transition } from '../modules/orders';
import { checkCode, markUsed } from '../modules/verification';
import { AppError, notFound, ORDER_NOT_FOUND, validationError } from '../shared/errors';
import { checkBuyerStep } from '../shared/step-rules';
import { isUuid } from '../shared/uuid';
import { clientOf, lockOrder, type RequestMeta } from './buyer-order';

export const ORDER_VERSION_REQUIRED = 'Укажите версию заказа (order_version), которую видел покупатель';

/**
 * Step 2 (spec §5): step 1's fields and the domain's step-2 rules (BuyerStep2, the ones the buyer's
 * form checks), then the order version, which only the server asks for.
 */
function checkStep2(body: ClientPatch) {
  const step1 = checkStep1(body);
  const step2 = checkBuyerStep(BuyerStep2, body);
  // The version of the order the buyer saw and agreed to: the amount cannot move under them.
  if (body.order_version === undefined) throw validationError('order_version', ORDER_VERSION_REQUIRED);
  const phone = normalizePhone(step2.phone_number);
  if (phone === null) throw new Error('a phone that passed the step-2 rule did not normalise');
  return {
    ...step1,
    phone_number: phone,
    email: normalizeEmail(step2.email),
    sms: step2.sms_code_input,
    mail: step2.email_code_input,
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
    const client = await updateClient(
      tx,
      current.id,
      { ...fields, sms_confirmed: true, email_confirmed: true },
      now,
    );
    for (const kind of ['personal_data', 'bank_transfer'] as const) {
      await insertConsent(tx, {
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
    await recordOrderEvent(tx, {
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
    await openApplications(tx, order, now, { production: deps.config.NODE_ENV === 'production' });
    return { client: toClientView(client) };
  });
  if ('error' in outcome) throw outcome.error;
  return outcome.client;
}
