import {
  type ClientPatch,
  isValidEmail,
  MESSAGES,
  normalizeEmail,
  normalizePhone,
  PHONE_NOT_MOBILE_MESSAGE,
  phoneProblem,
  validateInn,
} from '@b2bpay/domain';
import { validationError } from '../../shared/errors';
import * as repo from './clients.repository';

/** The buyer's data of an order, for other modules (read in the caller's transaction). */
export const findClient = repo.findClient;
/** A new buyer record, for the order that creates it with the buyer's known contacts. */
export const insertClient = repo.insertClient;
/** The buyer's record changed by the use cases of the application (in the caller's transaction). */
export const updateClient = repo.updateClient;
/** The consents the buyer gave with the application. */
export const insertConsent = repo.insertConsent;

/** Step 1 (spec §5): the same rules and Russian texts as the buyer's form, checked again here. */
export function checkStep1(body: ClientPatch) {
  if (!body.surname) throw validationError('surname', MESSAGES.surnameRequired);
  if (!body.name) throw validationError('name', MESSAGES.nameRequired);
  if (!body.organization_name) throw validationError('organization_name', MESSAGES.organizationRequired);
  const inn = (body.inn ?? '').replace(/\D/g, '');
  const innError = validateInn(inn);
  if (innError) throw validationError('inn', innError);
  if (body.phone_number !== undefined) checkBuyerPhone(body.phone_number);
  if (body.email !== undefined && !isValidEmail(body.email.trim())) {
    throw validationError('email', MESSAGES.emailInvalid);
  }
  return {
    surname: body.surname,
    name: body.name,
    middlename: body.middlename ?? null,
    organization_name: body.organization_name,
    inn,
    ...(body.phone_number !== undefined ? { phone_number: normalizePhone(body.phone_number) } : {}),
    ...(body.email !== undefined ? { email: normalizeEmail(body.email) } : {}),
  };
}

/** The buyer's phone as typed (spec §5's format), and a Russian mobile: codes go to it. */
function checkBuyerPhone(raw: string) {
  const problem = phoneProblem(raw);
  if (problem === 'format') throw validationError('phone_number', MESSAGES.phoneInvalid);
  if (problem === 'not_mobile') throw validationError('phone_number', PHONE_NOT_MOBILE_MESSAGE);
}
