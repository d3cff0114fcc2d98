import {
  type ClientCodeCheck,
  type ClientCodeValid,
  CODE_FORMAT,
  CODE_FORMAT_MESSAGE,
  normalizeEmail,
  normalizePhone,
  STEP2_RULES,
} from '@b2bpay/domain';
import type { AppDeps } from '../deps';
import { checkCode } from '../modules/verification';
import { type AppError, notFound, ORDER_NOT_FOUND, validationError } from '../shared/errors';
import { isUuid } from '../shared/uuid';
import { lockOrder } from './buyer-order';

/** The fields of one channel on the wire, as the client patch names them. */
const CHANNELS = {
  sms: { contact: 'phone_number', code: 'sms_code_input' },
  email: { contact: 'email', code: 'email_code_input' },
} as const;

/** The one channel the body names (its contact and its code), with the step-2 rules of both. */
function checkBody(body: ClientCodeCheck): {
  channel: keyof typeof CHANNELS;
  destination: string;
  code: string;
} {
  const sms = body.phone_number !== undefined || body.sms_code_input !== undefined;
  const email = body.email !== undefined || body.email_code_input !== undefined;
  if (sms === email) {
    throw validationError(undefined, 'Укажите phone_number и sms_code_input или email и email_code_input');
  }
  const channel = sms ? 'sms' : 'email';
  const contact = (sms ? body.phone_number : body.email) ?? '';
  const code = (sms ? body.sms_code_input : body.email_code_input) ?? '';
  const contactProblem = sms ? STEP2_RULES.phone_number(contact) : STEP2_RULES.email(contact);
  if (contactProblem) throw validationError(CHANNELS[channel].contact, contactProblem);
  const codeProblem =
    (sms ? STEP2_RULES.sms_code_input(code) : STEP2_RULES.email_code_input(code)) ??
    (CODE_FORMAT.test(code) ? null : CODE_FORMAT_MESSAGE);
  if (codeProblem) throw validationError(CHANNELS[channel].code, codeProblem);
  const destination = sms ? normalizePhone(contact) : normalizeEmail(contact.trim());
  if (destination === null) throw new Error('a phone that passed the step-2 rule did not normalise');
  return { channel, destination, code };
}

/**
 * Checks a step-2 code as soon as the buyer has typed it (DESIGN §5): the channel's newest code, under
 * the same rules as the submission (a wrong one counts against the code, 5 void it; the count is
 * committed though the answer is 400), without using it up — the submission checks it again.
 */
export async function checkBuyerCode(
  deps: AppDeps,
  orderId: string,
  body: ClientCodeCheck,
): Promise<ClientCodeValid> {
  if (!isUuid(orderId)) throw notFound(ORDER_NOT_FOUND);
  const input = checkBody(body);
  const now = deps.clock.now();
  const refusal = await deps.db.transaction(async (tx): Promise<AppError | null> => {
    await lockOrder(tx, orderId, body.client_id);
    const result = await checkCode(tx, { orderId, ...input, input: input.code, now });
    if (result.ok) return null;
    const fields = CHANNELS[input.channel];
    return validationError(result.notRequested ? fields.contact : fields.code, result.message);
  });
  if (refusal) throw refusal;
  return { valid: true };
}
