import { BuyerStep1Patch, type ClientPatch, normalizeEmail, normalizePhone } from '@b2bpay/domain';
import { checkBuyerStep } from '../../shared/step-rules';
import * as repo from './clients.repository';

/** The buyer's data of an order, for other modules (read in the caller's transaction). */
export const findClient = repo.findClient;
/** A new buyer record, for the order that creates it with the buyer's known contacts. */
export const insertClient = repo.insertClient;
/** The buyer's record changed by the use cases of the application (in the caller's transaction). */
export const updateClient = repo.updateClient;
/** The consents the buyer gave with the application. */
export const insertConsent = repo.insertConsent;

/**
 * Step 1 (spec §5): the domain's rules, the ones the buyer's form checks (BuyerStep1Patch), checked
 * again here; what is stored: the INN as digits only, the phone and e-mail in their canonical forms.
 */
export function checkStep1(body: ClientPatch) {
  const step1 = checkBuyerStep(BuyerStep1Patch, body);
  return {
    surname: step1.surname,
    name: step1.name,
    middlename: step1.middlename ?? null,
    organization_name: step1.organization_name,
    inn: step1.inn.replace(/\D/g, ''),
    ...(step1.phone_number !== undefined ? { phone_number: normalizePhone(step1.phone_number) } : {}),
    ...(step1.email !== undefined ? { email: normalizeEmail(step1.email) } : {}),
  };
}
