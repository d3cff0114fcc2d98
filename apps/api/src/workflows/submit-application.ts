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
import type { AppDeps } from '../deps';
import { queueBankApplications } from '../modules/banks';
import { checkStep1, insertConsent, updateClient } from '../modules/clients';
import { recordOrderEvent, toClientView, transition } from '../modules/orders';
import { checkCode, markUsed } from '../modules/verification';
import { AppError, notFound, ORDER_NOT_FOUND, validationError } from '../shared/errors';
import { isUuid } from '../shared/uuid';
import { clientOf, lockOrder, type RequestMeta } from './buyer-order';

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
    await queueBankApplications(tx, orderId, now);
    return { client: toClientView(client) };
  });
  if ('error' in outcome) throw outcome.error;
  return outcome.client;
}
