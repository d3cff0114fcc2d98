import type { Client } from '@b2bpay/domain';
import { DOCUMENTED_ERRORS, request, requireParam } from '../../../shared/api/http';
import type { ApiOperation } from '../../../shared/api/typed-client';
import { type CallResult, toFailure } from './call-result';

/**
 * The buyer app's client patch (spec §7), used four ways (save step 1, request a phone code, request
 * an e-mail code, submit step 2); the company suggestion by INN is shared/api/company-suggest.ts, so
 * that step 2's page does not download it. Both turn every failure into a result (call-result.ts)
 * instead of throwing, so the pages only choose the words.
 */

const PATCH_ERRORS = [...DOCUMENTED_ERRORS, 409] as const;

/** Step 1 (spec §3 "Client patch, step 1"). */
export interface Step1Patch {
  clientId: number | null;
  surname: string;
  name: string;
  middlename: string;
  organizationName: string;
  inn: string;
}

/** Step 2 (spec §3 "Client patch, step 2"), with both consents the server records. */
export interface Step2Patch extends Step1Patch {
  phoneNumber: string;
  email: string;
  smsCodeInput: string;
  emailCodeInput: string;
  /** The order version the buyer saw; a changed order is refused with 409 ORDER_CHANGED. */
  orderVersion: number;
}

/** The four wire bodies of PATCH /api/order/orders/{id}/client (snake_case, as the API names them). */
export function step1Body(p: Step1Patch) {
  return {
    ...(p.clientId !== null ? { client_id: p.clientId } : {}),
    surname: p.surname,
    name: p.name,
    middlename: p.middlename,
    inn: p.inn,
    organization_name: p.organizationName,
  };
}

export function phoneCodeBody(clientId: number | null, phoneNumber: string) {
  return { ...(clientId !== null ? { client_id: clientId } : {}), phone_number: phoneNumber };
}

export function emailCodeBody(clientId: number | null, email: string) {
  return { ...(clientId !== null ? { client_id: clientId } : {}), email };
}

export function submitBody(p: Step2Patch) {
  return {
    ...step1Body(p),
    phone_number: p.phoneNumber,
    email: p.email,
    sms_code_input: p.smsCodeInput,
    email_code_input: p.emailCodeInput,
    personal_data_consent: true,
    bank_transfer_consent: true,
    order_version: p.orderVersion,
  };
}

/** Typed by the OpenAPI document, without the typed client's code (the buyer's pages load this). */
type PatchClient = ApiOperation<'PATCH', '/api/order/orders/{order_id}/client'>;
type CheckClientCode = ApiOperation<'POST', '/api/order/orders/{order_id}/client/code-check'>;

/** The order's client: PATCH /api/order/orders/{id}/client, or POST of what follows it. */
async function clientCall<T>(orderId: string, body: object, tail?: '/code-check'): Promise<CallResult<T>> {
  try {
    requireParam(orderId, 'OrderApi', 'patchClient', 'orderId');
    const data = await request<T>({
      method: tail ? 'POST' : 'PATCH',
      path: `/api/order/orders/${encodeURIComponent(orderId)}/client${tail ?? ''}` satisfies
        | PatchClient['path']
        | CheckClientCode['path'],
      body,
      errorStatuses: PATCH_ERRORS,
    });
    return { success: true, data };
  } catch (error) {
    return toFailure(error);
  }
}

const patchClient = (orderId: string, body: PatchClient['body']) => clientCall<Client>(orderId, body);

/** A step-2 code checked as soon as it is typed; the code stays valid for the submission. */
export const checkClientCode = (orderId: string, body: CheckClientCode['body']) =>
  clientCall<CheckClientCode['answer']>(orderId, body, '/code-check');

export const saveStep1 = (orderId: string, patch: Step1Patch) => patchClient(orderId, step1Body(patch));

export const requestPhoneCode = (orderId: string, clientId: number | null, phoneNumber: string) =>
  patchClient(orderId, phoneCodeBody(clientId, phoneNumber));

export const requestEmailCode = (orderId: string, clientId: number | null, email: string) =>
  patchClient(orderId, emailCodeBody(clientId, email));

export const submitApplication = (orderId: string, patch: Step2Patch) =>
  patchClient(orderId, submitBody(patch));
